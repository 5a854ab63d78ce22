//! The review's graph as a hand-written SVG: South's winning chance (0 to 100%) over the
//! plies, the area above or below even shaded, inaccuracies, mistakes and blunders marked
//! at the ply after the move, with a legend.

use std::fmt::Write as _;

use super::{Judgement, Review};

const WIDTH: f64 = 800.0;
const HEIGHT: f64 = 320.0;
const LEFT: f64 = 48.0;
const RIGHT: f64 = 16.0;
const TOP: f64 = 28.0;
const BOTTOM: f64 = 40.0;

/// The colour of a verdict's mark.
fn colour(j: Judgement) -> &'static str {
    match j {
        Judgement::Blunder => "#d62728",
        Judgement::Mistake => "#ff7f0e",
        _ => "#e6b800",
    }
}

/// The picture.
#[must_use]
pub fn svg(r: &Review) -> String {
    let n = (r.south.len().max(2) - 1) as f64;
    let w = WIDTH - LEFT - RIGHT;
    let h = HEIGHT - TOP - BOTTOM;
    let x = |ply: f64| LEFT + w * ply / n;
    let y = |chance: f64| TOP + h * (1.0 - chance.clamp(0.0, 1.0));
    let mut s = String::new();
    let _ = writeln!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12">"##
    );
    let _ = writeln!(s, r##"<rect width="{WIDTH}" height="{HEIGHT}" fill="#ffffff"/>"##);
    let _ = writeln!(
        s,
        r##"<text x="{LEFT}" y="18" font-size="14">South's winning chance, ply by ply ({})</text>"##,
        r.limits
    );
    // Grid: 0, 25, 50, 75, 100%.
    for k in 0..=4 {
        let c = f64::from(k) / 4.0;
        let stroke = if k == 2 { "#888888" } else { "#dddddd" };
        let _ = writeln!(
            s,
            r##"<line x1="{LEFT}" y1="{yy:.1}" x2="{x2:.1}" y2="{yy:.1}" stroke="{stroke}"/><text x="{tx:.1}" y="{ty:.1}" text-anchor="end">{p}%</text>"##,
            yy = y(c),
            x2 = LEFT + w,
            tx = LEFT - 6.0,
            ty = y(c) + 4.0,
            p = k * 25
        );
    }
    // Plies along the bottom, about ten labels.
    let step = ((n / 10.0).ceil() as usize).max(1);
    for p in (0..=n as usize).step_by(step) {
        let _ = writeln!(
            s,
            r##"<text x="{:.1}" y="{:.1}" text-anchor="middle">{p}</text>"##,
            x(p as f64),
            TOP + h + 16.0
        );
    }
    let _ = writeln!(
        s,
        r##"<text x="{:.1}" y="{:.1}" text-anchor="middle">ply</text>"##,
        LEFT + w / 2.0,
        HEIGHT - 6.0
    );
    // The curve, and the area between it and 50% shaded.
    let points: Vec<String> = r
        .south
        .iter()
        .enumerate()
        .map(|(i, &c)| format!("{:.1},{:.1}", x(i as f64), y(c)))
        .collect();
    let _ = writeln!(
        s,
        r##"<polygon points="{:.1},{:.1} {} {:.1},{:.1}" fill="#1f77b4" fill-opacity="0.15"/>"##,
        x(0.0),
        y(0.5),
        points.join(" "),
        x(n),
        y(0.5)
    );
    let _ = writeln!(
        s,
        r##"<polyline points="{}" fill="none" stroke="#1f77b4" stroke-width="2"/>"##,
        points.join(" ")
    );
    // The marks: at the position after the move, coloured by verdict.
    for (i, m) in r.moves.iter().enumerate() {
        if !m.judgement.is_error() {
            continue;
        }
        let after = r.south.get(i + 1).copied().unwrap_or(0.5);
        let _ = writeln!(
            s,
            r##"<circle cx="{:.1}" cy="{:.1}" r="5" fill="{}" stroke="#333333"><title>ply {}: {} {} ({}, lost {:.0} points; best {})</title></circle>"##,
            x((i + 1) as f64),
            y(after),
            colour(m.judgement),
            m.ply + 1,
            m.seat,
            m.played,
            m.judgement.name(),
            m.lost,
            m.best
        );
    }
    // Legend.
    let mut lx = WIDTH - RIGHT - 300.0;
    for j in [Judgement::Inaccuracy, Judgement::Mistake, Judgement::Blunder] {
        let _ = writeln!(
            s,
            r##"<circle cx="{lx:.1}" cy="14" r="5" fill="{}" stroke="#333333"/><text x="{:.1}" y="18">{}</text>"##,
            colour(j),
            lx + 9.0,
            j.name()
        );
        lx += 95.0;
    }
    s.push_str("</svg>\n");
    s
}
