//! The review's graph as a hand-written SVG: over the plies, South's winning chance (0 to
//! 100%) in a two-player game, the area above or below even shaded, or every seat's in its
//! colour with three or four players; inaccuracies, mistakes and blunders marked at the ply
//! after the move, on the mover's curve, with a legend.

use std::fmt::Write as _;

use quoridor_core::Seat;

use super::report::chance_of;
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

/// A seat's colour, as on the page (`web/style.css`).
fn seat_colour(seat: Seat) -> &'static str {
    match seat {
        Seat::South => "#2563eb",
        Seat::West => "#15803d",
        Seat::North => "#d97706",
        Seat::East => "#9333ea",
    }
}

/// The picture.
#[must_use]
pub fn svg(r: &Review) -> String {
    let seats: Vec<Seat> = r.game.start().seats().collect();
    let two = seats.len() == 2;
    let n = (r.review.chances.len().max(2) - 1) as f64;
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
    let title = if two { "South's winning chance" } else { "Each seat's winning chance" };
    let _ = writeln!(
        s,
        r##"<text x="{LEFT}" y="18" font-size="14">{title}, ply by ply ({})</text>"##,
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
    let curve = |seat: Seat| -> String {
        let points: Vec<String> = r
            .review
            .chances
            .iter()
            .enumerate()
            .map(|(i, c)| format!("{:.1},{:.1}", x(i as f64), y(chance_of(c, seat))))
            .collect();
        points.join(" ")
    };
    if two {
        // South's curve, and the area between it and 50% shaded.
        let points = curve(Seat::South);
        let _ = writeln!(
            s,
            r##"<polygon points="{:.1},{:.1} {points} {:.1},{:.1}" fill="#1f77b4" fill-opacity="0.15"/>"##,
            x(0.0),
            y(0.5),
            x(n),
            y(0.5)
        );
        let _ = writeln!(
            s,
            r##"<polyline points="{points}" fill="none" stroke="#1f77b4" stroke-width="2"/>"##
        );
    } else {
        // Every seat's curve, and its name at the end.
        for &seat in &seats {
            let last = r.review.chances.last().map_or(0.0, |c| chance_of(c, seat));
            let _ = writeln!(
                s,
                r##"<polyline points="{}" fill="none" stroke="{}" stroke-width="2"><title>{seat}</title></polyline>"##,
                curve(seat),
                seat_colour(seat)
            );
            let _ = writeln!(
                s,
                r##"<text x="{:.1}" y="{:.1}" fill="{}" font-size="11">{}</text>"##,
                x(n) - 12.0,
                y(last) - 4.0,
                seat_colour(seat),
                seat.letter()
            );
        }
    }
    // The marks: at the position after the move, on the mover's curve, coloured by verdict.
    for m in &r.review.moves {
        if !m.judgement.is_error() {
            continue;
        }
        let at = m.at + 1;
        let after = r.review.chances.get(at).map_or(0.5, |c| chance_of(c, m.seat));
        let _ = writeln!(
            s,
            r##"<circle cx="{:.1}" cy="{:.1}" r="5" fill="{}" stroke="#333333"><title>ply {}: {} {} ({}, lost {:.0} points; best {})</title></circle>"##,
            x(at as f64),
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
