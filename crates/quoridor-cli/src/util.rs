//! Small helpers shared by the subcommands: a seed from the clock, terminal detection,
//! durations, Elo numbers as text and command-line splitting. (The seeded generator is
//! [`quoridor_ai::SplitMix64`]; random openings and the Elo estimate are in
//! [`quoridor_ai::arena`].)

use std::io::IsTerminal;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// A seed from the clock and the process id, for when the user gave none.
#[must_use]
pub fn clock_seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0x5eed, |d| d.as_nanos() as u64 ^ u64::from(std::process::id()).rotate_left(32))
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
    fn elo_numbers_have_a_sign() {
        assert_eq!(fmt_elo(147.24), "+147.2");
        assert_eq!(fmt_elo(-7.84), "-7.8");
        assert_eq!(fmt_elo(f64::INFINITY), "+inf");
        assert_eq!(fmt_elo(f64::NEG_INFINITY), "-inf");
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
