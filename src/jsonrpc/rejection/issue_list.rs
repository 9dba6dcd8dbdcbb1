//! [`IssueList`]: the issues a rejection reads, their true total and cut sizes.

use crate::jsonrpc::bound::{bound_issues_of, Bounded};
use crate::sizes::{TrueSizes, NO_CUTS};
use crate::value::Value;

/// Zod's issues as a caller may hold them: the first ones (all of them, or a prefix of
/// at least the 100 the renderer examines), how many there are in all, and the true
/// sizes of what a copy of them cut (see [`crate::sizes`]). Every count the rejection
/// writes (`(+N more)`, `issuesCount`, `<f>Length`, `<f>Count`) comes from these.
#[derive(Debug, Clone, Copy)]
pub struct IssueList<'a> {
    pub first: &'a [Value],
    pub total: usize,
    pub sizes: &'a TrueSizes<'a>,
}

impl<'a> IssueList<'a> {
    /// Every issue, uncut.
    pub fn all(issues: &'a [Value]) -> IssueList<'a> {
        IssueList { first: issues, total: issues.len(), sizes: &NO_CUTS }
    }

    /// `first` of `total` issues (never fewer than `first`), cut as `sizes` says.
    pub fn of(first: &'a [Value], total: usize, sizes: &'a TrueSizes<'a>) -> IssueList<'a> {
        IssueList { first, total: total.max(first.len()), sizes }
    }

    /// `data.issues` with its count fields.
    pub fn bounded(&self) -> Bounded {
        bound_issues_of(self.first, self.total, self.sizes)
    }
}

impl PartialEq for IssueList<'_> {
    /// The same issues, count and sizes table.
    fn eq(&self, other: &Self) -> bool {
        self.first == other.first && self.total == other.total && core::ptr::eq(self.sizes, other.sizes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_are_equal_with_the_same_issues_total_and_sizes_table() {
        let x = [Value::str("x")];
        let y = [Value::str("y")];
        assert!(IssueList::of(&x, 3, &NO_CUTS) == IssueList::of(&x, 3, &NO_CUTS));
        assert!(IssueList::of(&x, 3, &NO_CUTS) != IssueList::of(&y, 3, &NO_CUTS));
        assert!(IssueList::of(&x, 3, &NO_CUTS) != IssueList::of(&x, 4, &NO_CUTS));
        assert!(IssueList::all(&x) == IssueList::of(&x, 0, &NO_CUTS));
    }
}
