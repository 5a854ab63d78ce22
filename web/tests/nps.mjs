// Measures the engine's speed in the page against the native build: the fixed bench
// (`quoridor bench`) searched to the same depth by the page's engine worker in headless
// Chromium and by the native binary. The node counts must agree (same search), so the
// nodes per second compare like with like.
//
//   cargo build --release -p quoridor-cli && web/build.sh
//   node web/tests/nps.mjs [DEPTH] [RUNS]        (default depth 6, 3 runs; best run kept)

import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { serve, launch, DIST } from './harness.mjs';

const depth = Number(process.argv[2] ?? 6);
const runs = Number(process.argv[3] ?? 3);
const native = join(DIST, '..', '..', 'target', 'release', 'quoridor');

const { server, url } = await serve();
const browser = await launch();
const page = await browser.context.newPage();
await page.goto(url);
await page.waitForSelector('body[data-ready=true]');

let best = null;
for (let i = 0; i < runs; i++) {
  const r = await page.evaluate((d) => new Promise((ok, fail) => {
    const w = new Worker('js/worker.js', { type: 'module' });
    w.onmessage = (e) => {
      if (e.data.type === 'done') { w.terminate(); ok(e.data.bench); }
      if (e.data.type === 'error') fail(new Error(e.data.message));
    };
    w.postMessage({ id: 1, kind: 'bench', depth: d });
  }), depth);
  console.log(`page   run ${i + 1}: ${r.nodes} nodes in ${(r.timeMs / 1000).toFixed(3)} s, ${Math.round(r.nps)} nodes/s`);
  if (!best || r.nps > best.nps) best = r;
}
await browser.close();
server.close();

let nativeBest = null;
for (let i = 0; i < runs; i++) {
  const out = JSON.parse(execFileSync(native, ['bench', '--depth', String(depth), '--perft-depth', '1', '--json']).toString());
  const s = out;
  console.log(`native run ${i + 1}: ${s.nodes} nodes in ${(s.time_ms / 1000).toFixed(3)} s, ${s.nps} nodes/s`);
  if (!nativeBest || s.nps > nativeBest.nps) nativeBest = s;
}
if (nativeBest.nodes !== best.nodes) {
  console.error(`node counts differ: page ${best.nodes}, native ${nativeBest.nodes}`);
  process.exit(1);
}
console.log(`depth ${depth}: page ${Math.round(best.nps)} nodes/s, native ${nativeBest.nps} nodes/s, ratio ${(best.nps / nativeBest.nps).toFixed(2)}`);
