import TreeModel

/// Viewed marks as the browser uses them: `v` marks the focused file (or every file below a
/// focused directory) viewed, `u` unmarks, and the header counts `x of y viewed`.
///
/// This is the seam to the review state's store: the command gives the browser a value
/// that reads and writes the marks of the repository compared, or none (a change list from
/// standard input, or a build without the store), and then `v` and `u` say marks are not
/// available.
public protocol ReviewMarks: AnyObject {
    /// Whether `change` is marked viewed as it is now (a mark made before the file changed
    /// again does not count).
    func isViewed(_ change: FileChange) -> Bool

    /// Marks every change of `changes` viewed, or unmarks them.
    /// - Throws: when the marks cannot be written; the footer shows the error.
    func setViewed(_ viewed: Bool, for changes: [FileChange]) throws
}
