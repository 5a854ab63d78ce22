// Measures the engine's speed in the page against the native build, on the same searches:
// the fixed bench (`quoridor bench --depth 8`) and two single searches (as `quoridor
// analyse --depth D`), run in the page's engine worker in headless Chromium and
// by the native binary. The node counts must agree (the same search), so nodes per second
// compare like with like. Best of RUNS runs each.
//
//   cargo build --release -p quoridor-cli && web/build.sh
//   node web/tests/nps.mjs [RUNS]

import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { serve, launch, DIST } from './harness.mjs';

const runs = Number(process.argv[2] ?? 3);
const native = join(DIST, '..', '..', 'target', 'release', 'quoridor');
const BENCH_DEPTH = 8;
const SEARCHES = [
  ['9x9 start, depth 12', '9 S:e1:10,N:e9:10 - S 0', 12],
  ['middle game, depth 11', '9 S:e4:8,N:e6:9 e3h,d4v,f6v N 6', 11],
];

const { server, url } = await serve();
const browser = await launch();
const page = await browser.context.newPage();
await page.goto(url);
await page.waitForSelector('body[data-ready=true]');

// One request to a new engine worker of the page.
const inPage = (request) => page.evaluate((req) => new Promise((ok, fail) => {
  const w = new Worker('js/worker.js', { type: 'module' });
  w.onmessage = (e) => {
    if (e.data.type === 'done') { w.terminate(); ok(e.data); }
    if (e.data.type === 'error') { w.terminate(); fail(new Error(e.data.message)); }
  };
  w.postMessage({ id: 1, ...req });
}), request);

const nativeJson = (args) => JSON.parse(execFileSync(native, args).toString());

function best(label, measure) {
  let top = null;
  for (let i = 0; i < runs; i++) {
    const r = measure();
    if (!top || r.nps > top.nps) top = r;
  }
  return top;
}

const rows = [];
async function compare(label, pageRun, nativeRun) {
  let page = null;
  for (let i = 0; i < runs; i++) {
    const r = await pageRun();
    if (!page || r.nps > page.nps) page = r;
  }
  const nat = best(label, nativeRun);
  if (page.nodes !== nat.nodes) throw new Error(`${label}: node counts differ: page ${page.nodes}, native ${nat.nodes}`);
  rows.push([label, page.nodes, Math.round(page.nps), nat.nps, (page.nps / nat.nps).toFixed(2)]);
  console.log(`${label}: ${page.nodes} nodes; page ${Math.round(page.nps)} nodes/s (${Math.round(page.timeMs)} ms), native ${nat.nps} nodes/s (${nat.timeMs} ms)`);
}

await compare(`bench, depth ${BENCH_DEPTH}`,
  async () => (await inPage({ kind: 'bench', depth: BENCH_DEPTH })).bench,
  () => {
    const r = nativeJson(['bench', '--depth', String(BENCH_DEPTH), '--perft-depth', '1', '--json']);
    return { nodes: r.nodes, nps: r.nps, timeMs: r.time_ms };
  });
for (const [label, position, depth] of SEARCHES) {
  await compare(label,
    async () => (await inPage({ kind: 'search', position, depth })).info,
    () => {
      const r = nativeJson(['analyse', '--position', position, '--depth', String(depth), '--json']).search;
      return { nodes: r.nodes, nps: r.nps, timeMs: r.time_ms };
    });
}
await browser.close();
server.close();

console.log('\n| search | nodes | page (nodes/s) | native (nodes/s) | page / native |\n|---|---|---|---|---|');
for (const r of rows) console.log(`| ${r[0]} | ${r[1].toLocaleString('en')} | ${r[2].toLocaleString('en')} | ${r[3].toLocaleString('en')} | ${r[4]} |`);
