import TreeModel

/// What the Markdown report shows beyond the change itself, row by row: decorations after a
/// row's figures (code owners, a generated or vendored mark) and directories shown rolled up
/// from the start (one holding only generated files).
///
/// The renderer calls it once per row shown, in order. Whatever it appends goes through
/// ``MarkdownText``'s appenders, so names (owners, paths) stay code and cannot become markup;
/// for a top-level directory the text is inside its `<summary>` HTML, which
/// ``MarkdownText/insideHTML`` says and the appenders honor.
public protocol MarkdownRowAnnotator: Sendable {
    /// Appends the decorations of `row` (a row of `view`), after its figures; each should
    /// start with `" · "` (``MarkdownText/appendWords(_:)``).
    func annotate(_ row: VisibleRow, in view: TreeView, into text: inout MarkdownText)

    /// Whether directory row `row` is shown rolled up, whatever room there is.
    func rollsUp(_ row: VisibleRow, in view: TreeView) -> Bool
}

extension MarkdownRowAnnotator {
    /// No decorations.
    public func annotate(_ row: VisibleRow, in view: TreeView, into text: inout MarkdownText) {}

    /// No directory rolled up.
    public func rollsUp(_ row: VisibleRow, in view: TreeView) -> Bool { false }
}
