//! Parsing a Python index expression (the text inside `x[...]`) into a [`StridedSlice`].
//!
//! Why: specs are written as Python far more often than as raw `begin`/`end`/`strides`/masks, and
//! the raw form is what TensorFlow's Python front end (`_slice_helper`) produces from that Python.
//! The parser reproduces that encoding bit for bit (grammar and table on
//! [`from_str`](StridedSlice::from_str)), so a parsed spec behaves exactly as `x[...]` does.
//!
//! How: a single left-to-right pass over the bytes with a `Cursor` (no backtracking, no
//! allocation besides the three vectors and error text). Every delimiter it stops at is ASCII, so
//! each offset it reports or slices at is a `char` boundary and no input can make it panic.

use std::str::FromStr;

use crate::error::Error;
use crate::strided::masks::Masks;
use crate::strided::resolve::MAX_SPEC_LEN;
use crate::strided::spec::StridedSlice;

/// What an entry may be, in plain words, for error messages.
const ENTRY: &str = "an integer, a slice `a:b:c`, `...` or `None`";
/// What a slice's start, stop or step may be.
const SLICE_PART: &str = "an integer, `None` or nothing (a slice bound or step)";

/// One operand: an integer or a name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Operand {
    Int(i64),
    NewAxis,
    Ellipsis,
}

/// A cursor over the text: a byte offset that only moves forward.
struct Cursor<'a> {
    text: &'a str,
    pos: usize,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.pos).copied()
    }

    fn skip_ws(&mut self) {
        while self.peek().is_some_and(|b| b.is_ascii_whitespace()) {
            self.pos += 1;
        }
    }

    fn eat(&mut self, byte: u8) -> bool {
        let hit = self.peek() == Some(byte);
        self.pos += usize::from(hit);
        hit
    }

    /// The end of the word starting at `from`: a quoted string up to its closing quote, otherwise
    /// everything up to whitespace or punctuation. Stops only at ASCII bytes or the end, so the
    /// result is a `char` boundary.
    fn word_end(&self, from: usize) -> usize {
        let bytes = self.text.as_bytes();
        match bytes.get(from) {
            Some(&q @ (b'"' | b'\'')) => bytes[from + 1..]
                .iter()
                .position(|&b| b == q)
                .map_or(bytes.len(), |i| from + i + 2),
            _ => bytes[from.min(bytes.len())..]
                .iter()
                .position(|&b| b.is_ascii_whitespace() || b",:[]()".contains(&b))
                .map_or(bytes.len(), |i| from + i),
        }
    }

    /// An error at `at` whose `found` is the token there.
    fn error(&self, at: usize, expected: &str) -> Error {
        let end = match self.text.as_bytes().get(at) {
            Some(b) if b",:[]()".contains(b) => at + 1,
            _ => self.word_end(at),
        };
        self.error_span(at, end, expected)
    }

    /// An error at `at` whose `found` is the text from `at` to `end` (both `char` boundaries), or
    /// `end of input` when `at` is the end.
    fn error_span(&self, at: usize, end: usize, expected: &str) -> Error {
        let found = match &self.text[at..end] {
            "" => String::from("end of input"),
            token => format!("`{token}`"),
        };
        let expected = String::from(expected);
        Error::Parse {
            offset: at,
            expected,
            found,
        }
    }

    /// Consumes the closing bracket `close`, or with no bracket, whether the text has ended.
    fn at_close(&mut self, close: Option<u8>) -> bool {
        match close {
            Some(byte) => self.eat(byte),
            None => self.peek().is_none(),
        }
    }

    /// Whether the next byte ends a slice part (so the part is omitted).
    fn at_part_end(&self) -> bool {
        matches!(self.peek(), None | Some(b':' | b',' | b']' | b')'))
    }

    /// An operand at the cursor (whitespace already skipped): unary signs and an integer, or a
    /// name. Returns it with its start and end offsets, and leaves the cursor after it.
    fn operand(&mut self, context: &str) -> Result<(Operand, usize, usize), Error> {
        let start = self.pos;
        let (mut negative, mut signed) = (false, false);
        while let Some(sign @ (b'-' | b'+')) = self.peek() {
            negative ^= sign == b'-';
            signed = true;
            self.pos += 1;
            self.skip_ws();
        }
        let word_start = self.pos;
        let end = self.word_end(word_start);
        let word = &self.text[word_start..end];
        let expected = if signed { "an integer" } else { context };
        if word.is_empty() {
            return Err(self.error(word_start, expected));
        }
        if !word.as_bytes()[0].is_ascii_digit() {
            let name = match word {
                _ if signed => return Err(self.error_span(start, end, expected)),
                "..." | "Ellipsis" => Operand::Ellipsis,
                "None" | "newaxis" | "tf.newaxis" | "np.newaxis" | "numpy.newaxis" => {
                    Operand::NewAxis
                }
                _ => return Err(self.error_span(start, end, expected)),
            };
            self.pos = end;
            return Ok((name, start, end));
        }
        let magnitude =
            decimal(word).map_err(|why| self.error_span(start, end, why.unwrap_or(expected)))?;
        let sign = if negative { -1 } else { 1 };
        let value = magnitude
            .and_then(|m| i64::try_from(sign * i128::from(m)).ok())
            .ok_or_else(|| self.error_span(start, end, "an integer that fits in i64"))?;
        self.pos = end;
        Ok((Operand::Int(value), start, end))
    }

    /// An optional slice start, stop or step: `None` when omitted or written `None`.
    fn slice_part(&mut self) -> Result<Option<i64>, Error> {
        self.skip_ws();
        if self.at_part_end() {
            return Ok(None);
        }
        match self.operand(SLICE_PART)? {
            (Operand::Int(v), ..) => Ok(Some(v)),
            (Operand::NewAxis, ..) => Ok(None),
            (Operand::Ellipsis, start, end) => Err(self.error_span(start, end, SLICE_PART)),
        }
    }
}

/// The magnitude of a decimal literal with Python's rules, `Ok(None)` if it exceeds `u64`.
/// `Err(Some(why))` for a malformed number, `Err(None)` for something that is not a number.
fn decimal(word: &str) -> Result<Option<u64>, Option<&'static str>> {
    let bytes = word.as_bytes();
    if !bytes.iter().all(|&b| b.is_ascii_digit() || b == b'_') {
        return Err(None);
    }
    if bytes.last() == Some(&b'_') || word.contains("__") {
        return Err(Some("an integer (`_` only between digits, as in `1_000`)"));
    }
    if bytes[0] == b'0' && bytes.iter().any(|&b| b != b'0' && b != b'_') {
        return Err(Some("an integer without leading zeros (as in Python 3)"));
    }
    let mut digits = bytes.iter().filter(|&&b| b != b'_');
    Ok(digits.try_fold(0u64, |acc, &d| {
        acc.checked_mul(10)?.checked_add(u64::from(d - b'0'))
    }))
}

/// The spec under construction.
#[derive(Default)]
struct Builder {
    begin: Vec<i64>,
    end: Vec<i64>,
    strides: Vec<i64>,
    masks: Masks,
}

impl Builder {
    /// Appends one entry; returns its bit.
    fn push(&mut self, begin: i64, end: i64, stride: i64) -> u64 {
        let bit = 1u64 << self.strides.len();
        self.begin.push(begin);
        self.end.push(end);
        self.strides.push(stride);
        bit
    }

    /// Parses one entry at the cursor (whitespace already skipped) and appends it.
    fn entry(&mut self, c: &mut Cursor<'_>) -> Result<(), Error> {
        let mut begin = None;
        if c.peek() != Some(b':') {
            let (operand, start, end) = c.operand(ENTRY)?;
            c.skip_ws();
            let single = c.peek() != Some(b':');
            match operand {
                Operand::Ellipsis if single => self.masks.ellipsis |= self.push(0, 0, 1),
                Operand::NewAxis if single => self.masks.new_axis |= self.push(0, 0, 1),
                Operand::Int(i) if single => {
                    let expected = "an index whose end (index + 1) fits in i64";
                    let stop = i
                        .checked_add(1)
                        .ok_or_else(|| c.error_span(start, end, expected))?;
                    self.masks.shrink_axis |= self.push(i, stop, 1);
                }
                Operand::Int(i) => begin = Some(i),
                Operand::NewAxis => {}
                Operand::Ellipsis => return Err(c.error_span(start, end, SLICE_PART)),
            }
            if single {
                return Ok(());
            }
        }
        c.pos += 1; // The `:` just peeked.
        let end = c.slice_part()?;
        c.skip_ws();
        let stride = if c.eat(b':') { c.slice_part()? } else { None };
        c.skip_ws();
        if c.peek() == Some(b':') {
            return Err(c.error(c.pos, "a slice of at most three parts `a:b:c`"));
        }
        let bit = self.push(begin.unwrap_or(0), end.unwrap_or(0), stride.unwrap_or(1));
        if begin.is_none() {
            self.masks.begin |= bit;
        }
        if end.is_none() {
            self.masks.end |= bit;
        }
        Ok(())
    }
}

impl FromStr for StridedSlice {
    type Err = Error;

    /// Parses a Python index expression, the text inside `x[...]`, into the spec TensorFlow's
    /// Python front end (`_slice_helper`) builds for it.
    ///
    /// Entries are separated by commas, with any whitespace between tokens, an optional trailing
    /// comma and optional surrounding `[...]` or `(...)` (TensorFlow treats a list like a tuple, so
    /// `[0, 1]` is `0, 1`). Entry `i` is encoded as:
    ///
    /// | entry | begin, end, stride | mask bit `i` set |
    /// |---|---|---|
    /// | integer `n` (unary signs, `_` separators, no leading zeros) | `n`, `n + 1`, 1 | `shrink_axis` |
    /// | slice `a:b:c`, any part omitted or `None` | `a` or 0, `b` or 0, `c` or 1 | `begin` if no `a`, `end` if no `b` |
    /// | `...` or `Ellipsis` | 0, 0, 1 | `ellipsis` |
    /// | `None`, `tf.newaxis`, `np.newaxis`, `numpy.newaxis`, `newaxis` | 0, 0, 1 | `new_axis` |
    ///
    /// The empty text, `()` and `[]` are the empty spec (the identity, `x[()]`). What the op itself
    /// rejects (two ellipses, a zero step) parses; the error comes when the spec is applied, as in
    /// TensorFlow. Not accepted: floats, strings, other names, arithmetic, non-decimal literals,
    /// nested brackets, comments, more than 64 entries, and `True`/`False` (TensorFlow reads
    /// `x[1, True]` as `x[1, 1]` but a lone `x[True]` as a boolean mask, which a strided slice
    /// cannot express). An index of `i64::MAX` is an error because its end (`index + 1`)
    /// overflows; TensorFlow raises for it too.
    ///
    /// # Errors
    /// [`Error::Parse`] with the byte offset of the first problem, what would have been accepted
    /// there and what was found.
    ///
    /// ```
    /// use ndarray_tfslice::prelude::*;
    /// let spec: StridedSlice = "1::2, ::-2".parse()?;
    /// assert_eq!([spec.begin(), spec.end(), spec.strides()], [&[1, 0][..], &[0, 0], &[2, -2]]);
    /// assert_eq!((spec.masks().begin, spec.masks().end), (0b10, 0b11));
    /// let err = "1, 0.5".parse::<StridedSlice>().unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "cannot parse index expression at byte 3: expected an integer, a slice `a:b:c`, `...` \
    ///      or `None`, found `0.5`"
    /// );
    /// # Ok::<(), Error>(())
    /// ```
    fn from_str(text: &str) -> Result<Self, Error> {
        let mut c = Cursor { text, pos: 0 };
        let mut spec = Builder::default();
        c.skip_ws();
        let close = match c.peek() {
            Some(b'[') => Some(b']'),
            Some(b'(') => Some(b')'),
            _ => None,
        };
        c.pos += usize::from(close.is_some());
        let (entry_or_close, comma_or_close) = match close {
            Some(b']') => ("an entry or `]`", "`,` or `]`"),
            Some(_) => ("an entry or `)`", "`,` or `)`"),
            None => (ENTRY, "`,` or end of input"),
        };
        loop {
            c.skip_ws();
            if c.at_close(close) {
                break;
            }
            if c.peek().is_none() {
                return Err(c.error(c.pos, entry_or_close));
            }
            if spec.strides.len() == MAX_SPEC_LEN {
                return Err(c.error(c.pos, &format!("at most {MAX_SPEC_LEN} entries")));
            }
            spec.entry(&mut c)?;
            c.skip_ws();
            if c.eat(b',') {
                continue;
            }
            if c.at_close(close) {
                break;
            }
            return Err(c.error(c.pos, comma_or_close));
        }
        c.skip_ws();
        if c.peek().is_some() {
            return Err(c.error(c.pos, "end of input"));
        }
        StridedSlice::from_parts(spec.begin, spec.end, spec.strides, spec.masks)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> StridedSlice {
        text.parse().unwrap_or_else(|e| panic!("{text:?}: {e}"))
    }

    type Encoding<'a> = (&'a str, [&'a [i64]; 3], [u64; 5]);

    /// Asserts each encoding: begin, end, strides, then the masks in `Masks` field order.
    fn check(cases: &[Encoding<'_>]) {
        for &(text, [begin, end, strides], masks) in cases {
            let (spec, m) = (parse(text), parse(text).masks());
            let values = [spec.begin(), spec.end(), spec.strides()];
            assert_eq!(values, [begin, end, strides], "{text:?}");
            let bits = [m.begin, m.end, m.ellipsis, m.new_axis, m.shrink_axis];
            assert_eq!(bits, masks, "{text:?}");
        }
    }

    /// Asserts each parse error (text, offset, found, expected) through its message.
    fn errors(cases: &[(&str, usize, &str, &str)]) {
        for &(text, at, found, expected) in cases {
            let message = text.parse::<StridedSlice>().map_err(|e| e.to_string());
            let want = format!(
                "cannot parse index expression at byte {at}: expected {expected}, found {found}"
            );
            assert_eq!(message, Err(want), "{text:?}");
        }
    }

    #[test]
    fn worked_example_and_reference_table() {
        #[rustfmt::skip]
        check(&[
            ("1, 2:4, None, ..., :-3:-1, :",
                [&[1, 2, 0, 0, 0, 0], &[2, 4, 0, 0, -3, 0], &[1, 1, 1, 1, -1, 1]], [48, 32, 8, 4, 1]),
            ("...", [&[0], &[0], &[1]], [0, 0, 1, 0, 0]),
            ("None", [&[0], &[0], &[1]], [0, 0, 0, 1, 0]),
            ("-1", [&[-1], &[0], &[1]], [0, 0, 0, 0, 1]),
            ("::-1", [&[0], &[0], &[-1]], [1, 1, 0, 0, 0]),
            ("1::2, ::-2", [&[1, 0], &[0, 0], &[2, -2]], [2, 3, 0, 0, 0]),
            ("None, ..., None", [&[0; 3], &[0; 3], &[1; 3]], [0, 0, 2, 5, 0]),
            ("..., None, 0", [&[0; 3], &[0, 0, 1], &[1; 3]], [0, 0, 1, 2, 4]),
            // Python's `None` bounds, a zero step and two ellipses: TensorFlow raises only later.
            ("None:3:None, 1:2:0", [&[0, 1], &[3, 2], &[1, 0]], [1, 0, 0, 0, 0]),
            ("..., ...", [&[0; 2], &[0; 2], &[1; 2]], [0, 0, 3, 0, 0]),
        ]);
    }

    #[test]
    fn equivalent_spellings() {
        #[rustfmt::skip]
        let groups: &[&[&str]] = &[
            &["1, 2", "[1, 2]", "1,2,", " 1 ,\t2 ", "(1, 2,)", "[\n1,\r\n2,\n]", "--1, +-+-2"],
            &["None", "tf.newaxis", "np.newaxis", "numpy.newaxis", "newaxis", "[None]"],
            &["...", "Ellipsis", "(...)", "...,"],
            &["", "()", "[]", " ( ) ", "\t"],
            &["1000", "1_000", "+1_0_0_0", "+ 1000", "(1000)"],
            &["-1", "- 1", "---1", "[-1,]"],
            &["0", "00", "0_0", "-0", "+0"],
            &[":", "::", "None:", ":None:None", " : : "],
            &["1:", "1::", "1:None", "1 : None : None"],
        ];
        for group in groups {
            for text in *group {
                assert_eq!(parse(text), parse(group[0]), "{text:?} vs {:?}", group[0]);
            }
        }
    }

    #[test]
    fn i64_limits() {
        let (min, max) = (i64::MIN, i64::MAX);
        #[rustfmt::skip]
        check(&[
            ("-9223372036854775808", [&[min], &[min + 1], &[1]], [0, 0, 0, 0, 1]),
            (":9223372036854775807", [&[0], &[max], &[1]], [1, 0, 0, 0, 0]),
        ]);
        let fits = "an integer that fits in i64";
        let end = "an index whose end (index + 1) fits in i64";
        #[rustfmt::skip]
        errors(&[
            ("9223372036854775807", 0, "`9223372036854775807`", end),
            ("9223372036854775808", 0, "`9223372036854775808`", fits),
            (":99999999999999999999", 1, "`99999999999999999999`", fits),
            ("1, - 9223372036854775809", 3, "`- 9223372036854775809`", fits),
            ("::18446744073709551616", 2, "`18446744073709551616`", fits),
        ]);
    }

    #[test]
    fn errors_with_offsets() {
        let zeros = "an integer without leading zeros (as in Python 3)";
        let underscore = "an integer (`_` only between digits, as in `1_000`)";
        #[rustfmt::skip]
        errors(&[
            ("0.5", 0, "`0.5`", ENTRY),
            ("1.", 0, "`1.`", ENTRY),
            ("1e3", 0, "`1e3`", ENTRY),
            ("1, \"a\"", 3, "`\"a\"`", ENTRY),
            ("'a, b'", 0, "`'a, b'`", ENTRY),
            ("True", 0, "`True`", ENTRY),
            ("1,,2", 2, "`,`", ENTRY),
            (",1", 0, "`,`", ENTRY),
            ("1, ö", 3, "`ö`", ENTRY),
            ("ö:é", 0, "`ö`", ENTRY),
            ("_1", 0, "`_1`", ENTRY),
            ("1-2", 0, "`1-2`", ENTRY),
            ("0x10", 0, "`0x10`", ENTRY),
            ("[[1]]", 1, "`[`", ENTRY),
            ("1, (2, 3)", 3, "`(`", ENTRY),
            ("01", 0, "`01`", zeros),
            ("1__0", 0, "`1__0`", underscore),
            ("2:1_", 2, "`1_`", underscore),
            ("1:2:3:4", 5, "`:`", "a slice of at most three parts `a:b:c`"),
            ("[1", 2, "end of input", "`,` or `]`"),
            ("(1 2)", 3, "`2`", "`,` or `)`"),
            ("[", 1, "end of input", "an entry or `]`"),
            ("[1,", 3, "end of input", "an entry or `]`"),
            ("1]", 1, "`]`", "`,` or end of input"),
            ("[1] 2", 4, "`2`", "end of input"),
            ("-", 1, "end of input", "an integer"),
            ("-None", 0, "`-None`", "an integer"),
            ("...:", 0, "`...`", SLICE_PART),
            ("1:...", 2, "`...`", SLICE_PART),
            ("1:2.5", 2, "`2.5`", SLICE_PART),
        ]);
    }

    #[test]
    fn at_most_64_entries() {
        let spec = vec!["0"; MAX_SPEC_LEN].join(", ");
        assert_eq!(parse(&spec).len(), MAX_SPEC_LEN);
        let too_long = format!("{spec}, 7");
        errors(&[(&too_long, spec.len() + 2, "`7`", "at most 64 entries")]);
    }

    #[test]
    fn round_trip() {
        #[rustfmt::skip]
        let specs = [
            StridedSlice::new([1, 2, 0, 0, 0, 0], [2, 4, 0, 0, -3, 0], [1, 1, 1, 1, -1, 1])
                .map(|s| s.begin_mask(48).end_mask(32).ellipsis_mask(8).new_axis_mask(4)),
            StridedSlice::new([5, -2, 7], [9, 3, 8], [3, -1, 2]).map(|s| s.shrink_axis_mask(6)),
            StridedSlice::new([1, 0], [3, 4], [1, 0]).map(|s| s.begin_mask(!0).end_mask(1)),
            StridedSlice::new([i64::MIN, 0], [i64::MAX, 0], [i64::MIN, 1]).map(|s| s.ellipsis_mask(3)),
            StridedSlice::new([], [], []),
        ];
        for spec in specs {
            let text = spec.unwrap().to_string();
            assert_eq!(parse(&text).to_string(), text);
        }
    }

    /// Every short text over tricky pieces parses or fails without panicking, and whatever parses
    /// prints as text that parses back to the same spec.
    #[test]
    fn never_panics() {
        #[rustfmt::skip]
        let pieces = ["1", "-", ":", ",", "[", "]", "(", ")", " ", "ö", "\"", ".", "None", "_"];
        let mut texts = vec![String::new()];
        for _ in 0..4 {
            texts = texts
                .iter()
                .flat_map(|t| pieces.map(|p| t.clone() + p))
                .collect();
            for text in &texts {
                if let Ok(spec) = text.parse::<StridedSlice>() {
                    assert_eq!(parse(&spec.to_string()), spec, "{text:?}");
                }
            }
        }
    }
}
