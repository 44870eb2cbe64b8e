import TreeModel

/// Where `v` writes viewed marks: the focused file, or every file below a focused directory,
/// marked viewed or not. The browser keeps each change's ``FileChange/viewState`` itself
/// (the tree's rows show it, the header counts `x of y viewed`).
///
/// The command gives the browser a value that writes the marks of the repository compared,
/// or none (a change list from standard input), and then `v` says marks are not available.
public protocol ReviewMarks: AnyObject {
    /// Marks every change of `changes` viewed as it is now, or unmarks them.
    /// - Throws: when the marks cannot be written; the footer shows the error.
    func setViewed(_ viewed: Bool, for changes: [FileChange]) throws
}
