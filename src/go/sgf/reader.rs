//! The SGF reader: one pass over the bytes, no recursion (nesting depth is bounded by memory,
//! not the stack), lenient where real files are messy (FF3 lower-case letters in identifiers,
//! text before the first `(` or after the last `)`), precise where they are broken (the error
//! names line, column and byte offset).
//!
//! Charset: `CA` when present, else UTF-8 when the bytes are valid UTF-8, else GB18030 (MultiGo
//! writes GBK without `CA`). In double-byte charsets a trail byte may equal `]` or `\`, so values
//! are scanned character by character in those charsets.

use std::fmt;

use encoding_rs::{BIG5, EUC_KR, Encoding, GB18030, GBK, SHIFT_JIS, UTF_8};

use super::{PropData, Sgf};

/// A file that is not SGF, with the place where reading stopped.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct SgfError {
    pub message: String,
    /// Byte offset of the problem in the file.
    pub offset: usize,
    /// 1-based line and column (columns count bytes).
    pub line: usize,
    pub column: usize,
}

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {} (byte {}): {}",
            self.line, self.column, self.offset, self.message
        )
    }
}

#[derive(Clone, Copy)]
enum Charset {
    /// Values are copied as bytes; the whole file is valid UTF-8.
    Utf8,
    /// Values are decoded one by one; `double_byte` when trail bytes may be ASCII.
    Other {
        encoding: &'static Encoding,
        double_byte: bool,
    },
}

/// Reads an SGF file (a collection of one or more game trees).
pub fn parse(bytes: &[u8]) -> Result<Sgf, SgfError> {
    let mut warnings = Vec::new();
    let charset = choose_charset(bytes, &mut warnings);
    let mut reader = Reader {
        bytes,
        pos: 0,
        charset,
        text: Vec::with_capacity(bytes.len()),
        scratch: Vec::new(),
        sgf: Sgf::new(),
    };
    reader.sgf.warnings = warnings;
    reader.sgf.encoding = match charset {
        Charset::Utf8 => UTF_8.name(),
        Charset::Other { encoding, .. } => encoding.name(),
    };
    reader.collection()?;
    let Reader { mut sgf, text, .. } = reader;
    sgf.text = String::from_utf8(text).map_err(|e| SgfError {
        message: format!("internal: value text is not UTF-8 ({e})"),
        offset: 0,
        line: 1,
        column: 1,
    })?;
    Ok(sgf)
}

fn choose_charset(bytes: &[u8], warnings: &mut Vec<String>) -> Charset {
    let utf8_ok = std::str::from_utf8(bytes).is_ok();
    let other = |encoding: &'static Encoding| Charset::Other {
        encoding,
        double_byte: [GBK, GB18030, BIG5, SHIFT_JIS, EUC_KR].contains(&encoding),
    };
    if let Some(label) = find_ca(bytes) {
        match Encoding::for_label(label.trim().as_bytes()) {
            Some(enc) if enc == UTF_8 && utf8_ok => return Charset::Utf8,
            Some(enc) if enc == UTF_8 => {
                warnings.push("CA[UTF-8] but the file is not valid UTF-8: read as GB18030".into());
                return other(GB18030);
            }
            // GB2312 files in the wild use GBK characters; GB18030 is a superset of both.
            Some(enc) if enc == GBK => return other(GB18030),
            Some(enc) => return other(enc),
            None => warnings.push(format!(
                "unknown charset CA[{label}]: guessed from the bytes"
            )),
        }
    }
    if utf8_ok {
        Charset::Utf8
    } else {
        other(GB18030)
    }
}

/// The value of the first `CA[...]` property, found without parsing (ASCII labels only).
fn find_ca(bytes: &[u8]) -> Option<String> {
    let mut i = 0;
    while let Some(k) = bytes[i..].windows(3).position(|w| w == b"CA[") {
        let at = i + k;
        let before = if at == 0 { b';' } else { bytes[at - 1] };
        if !before.is_ascii_uppercase() {
            let start = at + 3;
            let end = start + bytes[start..].iter().position(|&b| b == b']')?;
            return std::str::from_utf8(&bytes[start..end])
                .ok()
                .map(str::to_owned);
        }
        i = at + 3;
    }
    None
}

struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
    charset: Charset,
    text: Vec<u8>,
    scratch: Vec<u8>,
    sgf: Sgf,
}

impl Reader<'_> {
    fn error_at(&self, offset: usize, message: impl Into<String>) -> SgfError {
        let before = &self.bytes[..offset.min(self.bytes.len())];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let column = offset
            - before
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |k| k + 1)
            + 1;
        SgfError {
            message: message.into(),
            offset,
            line,
            column,
        }
    }

    #[inline]
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    #[inline]
    fn skip_ws(&mut self) {
        while let Some(b) = self.peek() {
            if !b.is_ascii_whitespace() && b != 0 {
                break;
            }
            self.pos += 1;
        }
    }

    fn collection(&mut self) -> Result<(), SgfError> {
        // Mail headers and other text before the first tree are common in old files.
        let Some(start) = self.bytes.iter().position(|&b| b == b'(') else {
            return Err(self.error_at(0, "no game tree: an SGF file starts with '('"));
        };
        if self.bytes[..start].iter().any(|b| !b.is_ascii_whitespace()) {
            self.sgf
                .warnings
                .push(format!("skipped {start} bytes before the first '('"));
        }
        self.pos = start;
        // For each open '(' the node its variation hangs from.
        let mut open: Vec<(Option<u32>, usize)> = Vec::new();
        let mut last: Option<u32> = None;
        loop {
            self.skip_ws();
            let Some(b) = self.peek() else { break };
            match b {
                b'(' => {
                    open.push((last, self.pos));
                    self.pos += 1;
                }
                b')' if !open.is_empty() => {
                    last = open.pop().expect("an open tree").0;
                    self.pos += 1;
                }
                b';' if !open.is_empty() => {
                    self.pos += 1;
                    last = Some(self.node(last)?);
                }
                _ if open.is_empty() => {
                    let rest = self.bytes.len() - self.pos;
                    self.sgf
                        .warnings
                        .push(format!("ignored {rest} bytes after the last game tree"));
                    break;
                }
                _ => {
                    let shown = String::from_utf8_lossy(
                        &self.bytes[self.pos..(self.pos + 1).min(self.bytes.len())],
                    )
                    .into_owned();
                    return Err(self.error_at(
                        self.pos,
                        format!("unexpected '{shown}': expected ';', '(' or ')'"),
                    ));
                }
            }
        }
        if let Some(&(_, at)) = open.last() {
            return Err(self.error_at(at, "game tree opened here is never closed (missing ')')"));
        }
        if self.sgf.roots.is_empty() {
            return Err(self.error_at(
                start,
                "empty game tree: a game tree needs at least one node ';'",
            ));
        }
        Ok(())
    }

    fn node(&mut self, parent: Option<u32>) -> Result<u32, SgfError> {
        let first_prop = self.sgf.props.len() as u32;
        loop {
            self.skip_ws();
            match self.peek() {
                Some(b) if b.is_ascii_alphabetic() => self.property()?,
                _ => break,
            }
        }
        let count = self.sgf.props.len() as u32 - first_prop;
        Ok(self.sgf.link_node(parent, first_prop, count))
    }

    fn property(&mut self) -> Result<(), SgfError> {
        let start = self.pos;
        let id_start = self.text.len() as u32;
        while let Some(b) = self.peek() {
            if !b.is_ascii_alphabetic() {
                break;
            }
            // FF[1]–FF[3] allow lower-case letters inside identifiers ("AddBlack" = AB).
            if b.is_ascii_uppercase() {
                self.text.push(b);
            }
            self.pos += 1;
        }
        let id_end = self.text.len() as u32;
        let raw = String::from_utf8_lossy(&self.bytes[start..self.pos]).into_owned();
        if id_start == id_end {
            return Err(self.error_at(
                start,
                format!("property name '{raw}' has no upper-case letter"),
            ));
        }
        self.skip_ws();
        if self.peek() != Some(b'[') {
            return Err(self.error_at(
                self.pos,
                format!("property {raw} has no value: expected '['"),
            ));
        }
        let first_value = self.sgf.values.len() as u32;
        while self.peek() == Some(b'[') {
            let open_at = self.pos;
            self.pos += 1;
            let range = self.value().map_err(|()| {
                self.error_at(
                    open_at,
                    format!("value of property {raw} opened here is never closed (missing ']')"),
                )
            })?;
            self.sgf.values.push(range);
            self.skip_ws();
        }
        self.sgf.props.push(PropData {
            id: (id_start, id_end),
            first_value,
            value_count: self.sgf.values.len() as u32 - first_value,
        });
        Ok(())
    }

    /// Reads a value up to its closing `]`, resolving escapes and soft line breaks.
    fn value(&mut self) -> Result<(u32, u32), ()> {
        let start = self.text.len() as u32;
        let (encoding, double_byte, out) = match self.charset {
            Charset::Utf8 => (None, false, &mut self.text),
            Charset::Other {
                encoding,
                double_byte,
            } => {
                self.scratch.clear();
                (Some(encoding), double_byte, &mut self.scratch)
            }
        };
        let bytes = self.bytes;
        let mut i = self.pos;
        loop {
            // Copy the run up to the next special byte in one go.
            let run_end = match double_byte {
                false => bytes[i..]
                    .iter()
                    .position(|&b| b == b']' || b == b'\\')
                    .map(|k| i + k),
                true => bytes[i..]
                    .iter()
                    .position(|&b| b == b']' || b == b'\\' || b >= 0x81)
                    .map(|k| i + k),
            };
            let Some(j) = run_end else { return Err(()) };
            out.extend_from_slice(&bytes[i..j]);
            match bytes[j] {
                b']' => {
                    i = j + 1;
                    break;
                }
                b'\\' => match bytes.get(j + 1) {
                    None => return Err(()),
                    // Soft line break: "\" + newline (any of \n, \r, \r\n, \n\r) disappears.
                    Some(&nl @ (b'\n' | b'\r')) => {
                        i = j + 2;
                        if let Some(&other) = bytes.get(i)
                            && (other == b'\n' || other == b'\r')
                            && other != nl
                        {
                            i += 1;
                        }
                    }
                    Some(&c) if double_byte && c >= 0x81 => {
                        out.extend_from_slice(&bytes[j + 1..(j + 3).min(bytes.len())]);
                        i = j + 3;
                    }
                    Some(&c) => {
                        out.push(c);
                        i = j + 2;
                    }
                },
                _ => {
                    // A double-byte lead: its trail byte may look like ']' or '\'.
                    out.extend_from_slice(&bytes[j..(j + 2).min(bytes.len())]);
                    i = j + 2;
                }
            }
            if i > bytes.len() {
                return Err(());
            }
        }
        self.pos = i;
        if let Some(enc) = encoding {
            let (decoded, _) = enc.decode_without_bom_handling(&self.scratch);
            self.text.extend_from_slice(decoded.as_bytes());
        }
        Ok((start, self.text.len() as u32))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root_get(src: &[u8], id: &str) -> String {
        parse(src)
            .unwrap()
            .root(0)
            .unwrap()
            .get(id)
            .unwrap()
            .to_string()
    }

    #[test]
    fn escapes_and_soft_line_breaks_are_resolved() {
        assert_eq!(root_get(b"(;C[a\\]b\\\\c\\:d])", "C"), "a]b\\c:d");
        assert_eq!(root_get(b"(;C[one\\\ntwo\\\r\nthree])", "C"), "onetwothree");
        assert_eq!(root_get(b"(;C[hard\nbreak])", "C"), "hard\nbreak");
    }

    #[test]
    fn ff3_lower_case_identifiers_keep_their_capitals() {
        let f = parse(b"(;GaMe[1]AddBlack[aa][bb]\n;Black[cc])").unwrap();
        let root = f.root(0).unwrap();
        assert_eq!(root.get("GM"), Some("1"));
        assert_eq!(root.values("AB").collect::<Vec<_>>(), ["aa", "bb"]);
        assert_eq!(root.children().next().unwrap().get("B"), Some("cc"));
    }

    #[test]
    fn collections_and_variations_keep_their_order() {
        let f = parse(b"(;A[1](;B[2];C[3])(;D[4]))\n(;E[5])").unwrap();
        assert_eq!(f.tree_count(), 2);
        let kids: Vec<_> = f
            .root(0)
            .unwrap()
            .children()
            .map(|n| n.props().next().unwrap().0)
            .collect();
        assert_eq!(kids, ["B", "D"]);
        assert_eq!(f.root(1).unwrap().get("E"), Some("5"));
    }

    #[test]
    fn errors_name_the_line_and_column() {
        let e = parse(b"(;GM[1]\n;B[aa]\n;W[bb)").unwrap_err();
        assert_eq!((e.line, e.column), (3, 3), "{e}");
        assert!(e.message.contains("never closed"), "{e}");
        let e = parse(b"(;GM[1];B[aa]").unwrap_err();
        assert_eq!((e.line, e.column, e.offset), (1, 1, 0));
        let e = parse(b"(;GM[1]\n;b[aa])").unwrap_err();
        assert!(e.message.contains("upper-case"), "{e}");
        let e = parse(b"(;GM[1] x)").unwrap_err();
        assert_eq!(e.offset, 8, "{e}");
        assert!(parse(b"no tree here").is_err());
        // Found by the fuzzer: a file whose only tree is empty has nothing to write back.
        let e = parse(b"];B[pr] B();]q[").unwrap_err();
        assert!(e.message.contains("empty game tree"), "{e}");
    }

    #[test]
    fn gbk_without_ca_is_read_as_gb18030_even_with_trail_bytes_like_brackets() {
        // 黑先 in GBK, then 乗 (0x81 0x5D: trail byte is ']') and 乗 with a '\' trail (0x81 0x5C).
        let (gbk, _, _) = GBK.encode("黑先");
        let mut src = b"(;C[".to_vec();
        src.extend_from_slice(&gbk);
        src.extend_from_slice(&[0x81, 0x5D, 0x81, 0x5C]);
        src.extend_from_slice(b"]PL[B])");
        let f = parse(&src).unwrap();
        assert_eq!(f.encoding, "gb18030");
        let c = f.root(0).unwrap().get("C").unwrap().to_string();
        assert!(c.starts_with("黑先"), "{c}");
        assert_eq!(c.chars().count(), 4);
        assert_eq!(f.root(0).unwrap().get("PL"), Some("B"));
    }

    #[test]
    fn ca_property_chooses_the_charset() {
        let (latin, _, _) = encoding_rs::WINDOWS_1252.encode("Café");
        let mut src = b"(;CA[ISO-8859-1]C[".to_vec();
        src.extend_from_slice(&latin);
        src.extend_from_slice(b"])");
        assert_eq!(root_get(&src, "C"), "Café");
        assert_eq!(root_get("(;CA[UTF-8]C[黑先])".as_bytes(), "C"), "黑先");
    }

    #[test]
    fn junk_around_the_trees_is_skipped_with_a_warning() {
        let f = parse(b"From: someone\n\n(;GM[1]) trailing").unwrap();
        assert_eq!(f.tree_count(), 1);
        assert_eq!(f.warnings.len(), 2, "{:?}", f.warnings);
    }

    #[test]
    fn deep_nesting_does_not_overflow_the_stack() {
        let depth = 200_000;
        let mut src = Vec::new();
        for _ in 0..depth {
            src.extend_from_slice(b"(;B[aa]");
        }
        src.extend(std::iter::repeat_n(b')', depth));
        assert_eq!(parse(&src).unwrap().node_count(), depth);
    }
}
