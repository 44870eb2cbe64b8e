import TreeBrowser
import TreeModel

/// Everything a browser needs besides the changes.
public struct BrowserConfiguration {
    /// The comparison's title, as the printed tree's header starts (`main...feature`).
    public var title: String
    /// Colors, characters, icons, and whether lines were counted.
    public var style: BrowserStyle
    /// The order of siblings.
    public var order: TreeOrder
    /// Whether directory-only chains are one row.
    public var flatten: Bool
    /// Which directories start open.
    public var expansion: InitialExpansion
    /// Where the diff pane's text comes from.
    public var diffSource: any DiffSource
    /// The viewed marks, or `nil` when there are none to read or write.
    public var marks: (any ReviewMarks)?

    /// A configuration; by default every directory starts open, as in the printed tree.
    public init(title: String, style: BrowserStyle = BrowserStyle(), order: TreeOrder = .foldersFirst,
                flatten: Bool = true, expansion: InitialExpansion = .expanded,
                diffSource: any DiffSource = PlaceholderDiffSource(), marks: (any ReviewMarks)? = nil) {
        self.title = title
        self.style = style
        self.order = order
        self.flatten = flatten
        self.expansion = expansion
        self.diffSource = diffSource
        self.marks = marks
    }
}
