import TreeModel

/// Where `v` writes viewed marks: the focused file, or every file below a focused directory,
/// marked viewed or not. The browser keeps each change's ``FileChange/viewState`` itself
/// (the tree's rows show it, the header counts `x of y viewed`).
///
/// The command gives the browser a value that writes the marks of the repository compared,
/// or none (a change list from standard input), and then `v` says marks are not available.
public protocol ReviewMarks: AnyObject {
    /// Marks every change of `changes` viewed as it is now, or unmarks them. The writing may
    /// go on after the call returns (off the key's path); its failure then comes from
    /// ``takeWriteFailure()``.
    /// - Throws: when the marks cannot be written; the footer shows the error.
    func setViewed(_ viewed: Bool, for changes: [FileChange]) throws

    /// Why a write that went on after ``setViewed(_:for:)`` returned failed, once; `nil`
    /// when none did. The browser asks after every event and shows it in the footer.
    func takeWriteFailure() -> String?
}

extension ReviewMarks {
    /// Marks written before ``ReviewMarks/setViewed(_:for:)`` returns never fail later.
    public func takeWriteFailure() -> String? { nil }
}
