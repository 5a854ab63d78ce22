//! [`SmallText`]: a short copy of a bad token, kept inside errors without allocating.

use core::fmt;

/// A short copy of a bad token, kept inside errors without allocating (at most 24 bytes;
/// longer text is cut at a character boundary and marked with `...`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct SmallText {
    buf: [u8; 24],
    len: u8,
    cut: bool,
}

impl SmallText {
    /// Copies (the start of) `s`.
    pub(crate) fn new(s: &str) -> SmallText {
        let mut end = s.len().min(24);
        while !s.is_char_boundary(end) {
            end -= 1;
        }
        let mut buf = [0u8; 24];
        buf[..end].copy_from_slice(&s.as_bytes()[..end]);
        SmallText { buf, len: end as u8, cut: end < s.len() }
    }

    /// The copied text.
    pub(crate) fn as_str(&self) -> &str {
        core::str::from_utf8(&self.buf[..self.len as usize]).unwrap_or("")
    }
}

impl fmt::Display for SmallText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())?;
        if self.cut { f.write_str("...") } else { Ok(()) }
    }
}

impl fmt::Debug for SmallText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;

    #[test]
    fn small_text_cuts_at_char_boundary() {
        let t = SmallText::new("ééééééééééééééééééééé");
        assert!(t.as_str().len() <= 24);
        assert!(t.to_string().ends_with("..."));
    }
}
