//! The game record with the review's verdicts as comments (`{ ... }`, which reading skips):
//! after every inaccuracy, mistake and blunder, the chance lost and the engine's move and
//! line; an `Annotator` tag says how it was analysed.

use super::Review;
use super::report::with_chance;

/// The annotated record.
#[must_use]
pub fn record(r: &Review) -> String {
    let mut game = r.game.clone();
    // The value is plain text without line breaks: the tag is always accepted.
    let _ = game.set_tag("Annotator", &format!("quoridor review, {} per position", r.limits));
    let text = game.to_string();
    let (header, movetext) = text.split_once("\n\n").unwrap_or((&text, ""));
    let mut comments = r.review.moves.iter().map(|m| {
        m.judgement.is_error().then(|| {
            let line: Vec<String> = m.line.iter().map(ToString::to_string).collect();
            format!(
                "{{ {}: {} -> {}, lost {:.0} points; best {} {}: {} }}",
                m.judgement.name(),
                with_chance(m.before, m.chance_before),
                with_chance(m.after, m.chance_after),
                m.lost,
                m.best,
                with_chance(m.before, m.chance_before),
                line.join(" ")
            )
        })
    });
    let mut words: Vec<String> = Vec::new();
    for token in movetext.split_whitespace() {
        words.push(token.to_string());
        if token.parse::<quoridor_core::Move>().is_ok() {
            if let Some(Some(c)) = comments.next() {
                words.push(c);
            }
        }
    }
    // Lines of about 80 characters, a comment never split.
    let mut body = String::new();
    let mut line = String::new();
    for w in words {
        if !line.is_empty() && line.len() + 1 + w.len() > 80 {
            body.push_str(&line);
            body.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&w);
    }
    body.push_str(&line);
    format!("{header}\n\n{body}\n")
}
