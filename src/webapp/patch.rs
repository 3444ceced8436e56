//! Board pictures as line changes. An event stream sends the whole SVG once; after that a move
//! changes a handful of its lines (two pieces, the last-move marks, the rings), so each update
//! carries only those instead of the whole drawing again.

use serde::Serialize;
use serde::ser::{SerializeSeq, Serializer};

/// One step of rebuilding the new text from the old one, line by line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Op {
    /// Copy the next lines of the old text.
    Keep(usize),
    /// Skip the next lines of the old text.
    Drop(usize),
    /// Add these lines.
    Insert(Vec<String>),
}

/// Sent as `n` (keep), `-n` (drop) or `["line", ...]` (insert), to stay small on the wire.
impl Serialize for Op {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Op::Keep(n) => s.serialize_u64(*n as u64),
            Op::Drop(n) => s.serialize_i64(-(*n as i64)),
            Op::Insert(lines) => {
                let mut seq = s.serialize_seq(Some(lines.len()))?;
                for line in lines {
                    seq.serialize_element(line)?;
                }
                seq.end()
            }
        }
    }
}

/// How to turn one text into another; `base` and `lines` count the lines of the old and the new
/// text, so that a client holding some other text notices instead of drawing garbage.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Patch {
    pub base: usize,
    pub lines: usize,
    pub ops: Vec<Op>,
}

/// Above this many line pairs in the changed middle, the patch simply replaces the middle: the
/// comparison grows with the product of the two lengths.
const MAX_COMPARED: usize = 400_000;

impl Patch {
    /// The changes from `old` to `new`.
    pub fn between(old: &str, new: &str) -> Patch {
        let a: Vec<&str> = old.split('\n').collect();
        let b: Vec<&str> = new.split('\n').collect();
        let prefix = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
        let suffix = a[prefix..].iter().rev().zip(b[prefix..].iter().rev()).take_while(|(x, y)| x == y).count();
        let (mid_a, mid_b) = (&a[prefix..a.len() - suffix], &b[prefix..b.len() - suffix]);
        let mut ops = OpList::default();
        ops.keep(prefix);
        if mid_a.len().saturating_mul(mid_b.len()) > MAX_COMPARED {
            ops.drop(mid_a.len());
            ops.insert(mid_b);
        } else {
            common_lines(mid_a, mid_b, &mut ops);
        }
        ops.keep(suffix);
        Patch { base: a.len(), lines: b.len(), ops: ops.0 }
    }

    /// The new text, or `None` when `old` is not the text this patch was made from.
    pub fn apply(&self, old: &str) -> Option<String> {
        let a: Vec<&str> = old.split('\n').collect();
        if a.len() != self.base {
            return None;
        }
        let mut out: Vec<&str> = Vec::with_capacity(self.lines);
        let mut at = 0;
        for op in &self.ops {
            match op {
                Op::Keep(n) => {
                    out.extend(a.get(at..at + n)?);
                    at += n;
                }
                Op::Drop(n) => at += n,
                Op::Insert(lines) => out.extend(lines.iter().map(String::as_str)),
            }
        }
        (at == a.len() && out.len() == self.lines).then(|| out.join("\n"))
    }

    /// Bytes the patch takes as JSON, to compare with sending the whole text.
    pub fn wire_size(&self) -> usize {
        serde_json::to_vec(self).map(|v| v.len()).unwrap_or(usize::MAX)
    }
}

/// Ops with neighbours of the same kind merged.
#[derive(Default)]
struct OpList(Vec<Op>);

impl OpList {
    fn keep(&mut self, n: usize) {
        if n == 0 {
            return;
        }
        match self.0.last_mut() {
            Some(Op::Keep(k)) => *k += n,
            _ => self.0.push(Op::Keep(n)),
        }
    }

    fn drop(&mut self, n: usize) {
        if n == 0 {
            return;
        }
        match self.0.last_mut() {
            Some(Op::Drop(k)) => *k += n,
            _ => self.0.push(Op::Drop(n)),
        }
    }

    fn insert(&mut self, lines: &[&str]) {
        if lines.is_empty() {
            return;
        }
        let new = lines.iter().map(|l| (*l).to_owned());
        match self.0.last_mut() {
            Some(Op::Insert(v)) => v.extend(new),
            _ => self.0.push(Op::Insert(new.collect())),
        }
    }
}

/// The longest common subsequence of lines, written as keeps between drops and inserts.
fn common_lines(a: &[&str], b: &[&str], ops: &mut OpList) {
    let (n, m) = (a.len(), b.len());
    // lcs[i][j]: common lines of a[i..] and b[j..].
    let mut lcs = vec![0u32; (n + 1) * (m + 1)];
    let at = |i: usize, j: usize| i * (m + 1) + j;
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            lcs[at(i, j)] =
                if a[i] == b[j] { lcs[at(i + 1, j + 1)] + 1 } else { lcs[at(i + 1, j)].max(lcs[at(i, j + 1)]) };
        }
    }
    let (mut i, mut j) = (0, 0);
    while i < n || j < m {
        if i < n && j < m && a[i] == b[j] {
            ops.keep(1);
            i += 1;
            j += 1;
        } else if i < n && (j == m || lcs[at(i + 1, j)] >= lcs[at(i, j + 1)]) {
            ops.drop(1);
            i += 1;
        } else {
            ops.insert(&b[j..j + 1]);
            j += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(old: &str, new: &str) -> Patch {
        let patch = Patch::between(old, new);
        assert_eq!(patch.apply(old).as_deref(), Some(new), "{old:?} -> {new:?}: {patch:?}");
        patch
    }

    #[test]
    fn rebuilds_the_new_text() {
        round_trip("", "");
        round_trip("a", "a");
        round_trip("a\nb\nc", "a\nc");
        round_trip("a\nc", "a\nb\nc");
        round_trip("a\nb\nc\nd", "x\nb\ny\nd\ne");
        round_trip("one\ntwo", "");
        round_trip("", "one\ntwo\n");
        round_trip("same\nsame\nsame", "same\nsame");
    }

    #[test]
    fn keeps_what_did_not_change() {
        let old: Vec<String> = (0..200).map(|i| format!("<use x=\"{i}\"/>")).collect();
        let mut new = old.clone();
        new[20] = "<use x=\"moved\"/>".into();
        new.remove(150);
        let patch = round_trip(&old.join("\n"), &new.join("\n"));
        assert_eq!(
            patch.ops,
            vec![
                Op::Keep(20),
                Op::Drop(1),
                Op::Insert(vec!["<use x=\"moved\"/>".into()]),
                Op::Keep(129),
                Op::Drop(1),
                Op::Keep(49)
            ]
        );
        assert!(patch.wire_size() < 100, "{}", patch.wire_size());
        assert_eq!(
            serde_json::to_string(&Patch::between("a\nb", "a\nc")).unwrap(),
            r#"{"base":2,"lines":2,"ops":[1,-1,["c"]]}"#
        );
    }

    #[test]
    fn refuses_another_base() {
        let patch = Patch::between("a\nb\nc", "a\nx\nc");
        assert_eq!(patch.apply("a\nb"), None);
        assert_eq!(patch.apply("a\nb\nc\nd"), None);
        assert_eq!(patch.apply("a\nb\nc").as_deref(), Some("a\nx\nc"));
    }

    #[test]
    fn large_changes_replace_the_middle() {
        let old: Vec<String> = (0..1000).map(|i| format!("a{i}")).collect();
        let new: Vec<String> = (0..1000).map(|i| format!("b{i}")).collect();
        let patch = round_trip(&old.join("\n"), &new.join("\n"));
        assert_eq!(patch.ops.len(), 2);
    }
}
