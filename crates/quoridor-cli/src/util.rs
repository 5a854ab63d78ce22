//! Small helpers shared by the subcommands: a seed from the clock, terminal detection,
//! durations, random openings and the Elo estimate of a match. (The seeded generator is
//! [`quoridor_ai::SplitMix64`].)

use std::io::IsTerminal;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use quoridor_core::{Move, Position};

/// A seed from the clock and the process id, for when the user gave none.
#[must_use]
pub fn clock_seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0x5eed, |d| d.as_nanos() as u64 ^ u64::from(std::process::id()).rotate_left(32))
}

/// `plies` random legal moves from `pos` (fewer if the game ends): walls `wall_percent` of
/// the time when the side to move has one, pawn moves otherwise, each drawn uniformly. The
/// openings of matches and self-play, so that their games differ.
#[must_use]
pub fn random_opening(
    pos: &Position,
    plies: u32,
    wall_percent: u32,
    rng: &mut quoridor_ai::SplitMix64,
) -> Vec<Move> {
    let mut pos = *pos;
    let mut opening = Vec::new();
    for _ in 0..plies {
        if pos.is_game_over() {
            break;
        }
        let moves = pos.legal_moves();
        let (walls, pawns): (Vec<Move>, Vec<Move>) =
            moves.iter().partition(|m| matches!(m, Move::Wall(_)));
        let want_wall =
            wall_percent > 0 && !walls.is_empty() && (rng.below(100) as u32) < wall_percent;
        let pool = if want_wall || pawns.is_empty() { &walls } else { &pawns };
        if pool.is_empty() {
            break;
        }
        // A random wall may hand the game to one side at once; that is the variety wanted.
        let m = pool[rng.below(pool.len())];
        pos.play_unchecked(m);
        opening.push(m);
    }
    opening
}

/// When to colour the output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum ColorChoice {
    /// Colours when standard output is a terminal and `NO_COLOR` is not set.
    #[default]
    Auto,
    /// Always colour.
    Always,
    /// Never colour.
    Never,
}

impl ColorChoice {
    /// Whether to colour standard output.
    #[must_use]
    pub fn stdout(self) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none()
            }
        }
    }
}

/// Seconds with three decimals.
#[must_use]
pub fn secs(d: Duration) -> String {
    format!("{:.3}", d.as_secs_f64())
}

/// Items per second, rounding a zero duration up to a microsecond.
#[must_use]
pub fn per_second(count: u64, d: Duration) -> u64 {
    let s = d.as_secs_f64().max(1e-6);
    (count as f64 / s) as u64
}

/// An Elo difference and its 95% interval, from wins, draws and losses of one side.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EloEstimate {
    /// The score of the side, 0 to 1.
    pub score: f64,
    /// The Elo difference (infinite when every game was won or lost).
    pub elo: f64,
    /// The lower end of the 95% interval.
    pub low: f64,
    /// The upper end of the 95% interval.
    pub high: f64,
}

fn elo_of(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// A score bound within rounding of 0 or 1 is 0 or 1 (its Elo is infinite).
fn snap(x: f64) -> f64 {
    if x < 1e-9 {
        0.0
    } else if x > 1.0 - 1e-9 {
        1.0
    } else {
        x
    }
}

/// The Elo difference of a side that won `w`, drew `d` and lost `l` games, with a 95%
/// interval for the mean game score (see below) turned into Elo. `None` without games.
#[must_use]
pub fn elo(w: u32, d: u32, l: u32) -> Option<EloEstimate> {
    let n = f64::from(w + d + l);
    if n == 0.0 {
        return None;
    }
    let (wf, df, lf) = (f64::from(w), f64::from(d), f64::from(l));
    let score = (wf + 0.5 * df) / n;
    let var = (wf * (1.0 - score).powi(2) + df * (0.5 - score).powi(2) + lf * score.powi(2)) / n;
    // A Wilson-style interval with the games' own variance: it equals the Wilson score
    // interval without draws, is narrower with them, and stays informative when every game
    // went the same way (where the plain normal interval collapses to a point).
    let z = 1.959_964f64;
    let z2n = z * z / n;
    let centre = (score + z2n / 2.0) / (1.0 + z2n);
    let half = z / (1.0 + z2n) * (var / n + z2n / (4.0 * n)).sqrt();
    Some(EloEstimate {
        score,
        elo: elo_of(score),
        low: elo_of(snap(centre - half)),
        high: elo_of(snap(centre + half)),
    })
}

/// An Elo number with its sign, `+inf` / `-inf` when infinite.
#[must_use]
pub fn fmt_elo(x: f64) -> String {
    if x == f64::INFINITY {
        "+inf".to_string()
    } else if x == f64::NEG_INFINITY {
        "-inf".to_string()
    } else {
        format!("{x:+.1}")
    }
}

/// Splits a command line into words: spaces separate, single and double quotes group,
/// a backslash escapes the next character (outside single quotes).
///
/// # Errors
/// An unclosed quote, or a line with no words.
pub fn split_command_line(line: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => cur.push(c),
                        None => return Err(format!("unclosed ' in command `{line}`")),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c) => cur.push(c),
                            None => return Err(format!("unclosed \" in command `{line}`")),
                        },
                        Some(c) => cur.push(c),
                        None => return Err(format!("unclosed \" in command `{line}`")),
                    }
                }
            }
            '\\' => {
                in_word = true;
                if let Some(c) = chars.next() {
                    cur.push(c);
                }
            }
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut cur));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                cur.push(c);
            }
        }
    }
    if in_word {
        words.push(cur);
    }
    if words.is_empty() {
        return Err("an empty command line".to_string());
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_is_symmetric_and_bounded() {
        let e = elo(6, 2, 2).unwrap();
        assert!((e.score - 0.7).abs() < 1e-9);
        assert!(e.elo > 140.0 && e.elo < 150.0, "{e:?}");
        assert!(e.low < e.elo && e.elo < e.high);
        let f = elo(2, 2, 6).unwrap();
        assert!((e.elo + f.elo).abs() < 1e-9);
        let all = elo(4, 0, 0).unwrap();
        assert_eq!(all.elo, f64::INFINITY);
        assert!(all.low.is_finite() && all.low > 0.0, "{all:?}");
        assert_eq!(all.high, f64::INFINITY);
        let big = elo(550, 100, 350).unwrap();
        assert!(big.low > 40.0 && big.high < 100.0, "{big:?}");
        assert!(elo(0, 0, 0).is_none());
        assert_eq!(elo(5, 0, 5).unwrap().elo, 0.0);
    }

    #[test]
    fn command_lines_split_like_a_shell() {
        assert_eq!(
            split_command_line("quoridor engine --x 'a b' \"c\\\"d\"").unwrap(),
            vec!["quoridor", "engine", "--x", "a b", "c\"d"]
        );
        assert!(split_command_line("  ").is_err());
        assert!(split_command_line("a 'b").is_err());
    }
}
