//! [`IssueList`]: the issues a rejection, `data.issues` or a ZodError's message reads,
//! their true total and cut sizes.

use crate::sizes::{TrueSizes, NO_CUTS};
use crate::value::Value;

/// Zod's issues as a caller may hold them: the first ones (all of them, or a prefix of
/// at least the 100 the renderer examines), how many there are in all, and the true
/// sizes of what a copy of them cut (see [`crate::sizes`]). Every count the rejection
/// writes (`(+N more)`, `issuesCount`, `<f>Length`, `<f>Count`) comes from these.
#[derive(Debug, Clone, Copy)]
pub struct IssueList<'a> {
    pub first: &'a [Value<'a>],
    pub total: usize,
    pub sizes: &'a TrueSizes<'a>,
}

impl<'a> IssueList<'a> {
    /// Every issue, uncut.
    pub fn all(issues: &'a [Value<'a>]) -> IssueList<'a> {
        IssueList { first: issues, total: issues.len(), sizes: &NO_CUTS }
    }

    /// `first` of `total` issues (never fewer than `first`), cut as `sizes` says.
    pub fn of(first: &'a [Value<'a>], total: usize, sizes: &'a TrueSizes<'a>) -> IssueList<'a> {
        IssueList { first, total: total.max(first.len()), sizes }
    }
}

/// Every issue of a list (`&issues`, `&issues[..]`), uncut: what [`IssueList::all`] makes.
impl<'a, T: AsRef<[Value<'a>]> + ?Sized> From<&'a T> for IssueList<'a> {
    fn from(issues: &'a T) -> Self {
        IssueList::all(issues.as_ref())
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
