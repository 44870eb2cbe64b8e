import TreeModel

/// Formats one row of a tree at a time: guides, status letter, icon, escaped name or chain
/// label, rename origin, mode change, a collapsed directory's roll-up, and the stats cell,
/// shortened in the middle to fit a width budget. It needs only the row, never a walk over
/// the tree, so the tree renderer and an interactive browser draw rows alike.
///
/// Bound to a ``TreeView`` (``init(view:options:linesCounted:)``), it formats the view's
/// ``VisibleRow`` values; without one, rows are formatted from their parts
/// (``appendFile(named:change:icon:isMatch:usedWidth:budget:to:)``,
/// ``appendDirectory(segments:summary:isExpanded:isMatch:usedWidth:budget:to:)``).
/// Scratch buffers and drawn guides and icons are kept between rows: formatting a row
/// allocates nothing.
public struct RowFormatter {
    let glyphs: Glyphs
    let color: Bool
    let drawing: IconDrawing
    let resolver: IconResolver
    /// Whether rows show line counts (`false` under `--no-stat`).
    public let linesCounted: Bool
    /// The escaped name (or chain label) of the row being formatted.
    var name: [UInt8] = []
    /// What follows the name: rename origin, mode change or roll-up.
    var suffix: [UInt8] = []
    /// The guides the prefixes below were drawn for.
    private var prefixGuides = AncestorGuides()
    private var branchPrefix: [UInt8]
    private var lastBranchPrefix: [UInt8]
    /// The drawings of the closed and open folder icons.
    let folderIcons: (closed: DrawnIcon, open: DrawnIcon)
    private let bound: BoundView?
    /// The view's file icons and, by icon number, their drawings.
    private var fileIcons: FileIcons?
    private var drawnIcons: [DrawnIcon] = []

    /// An icon drawn once: its bytes and display width.
    struct DrawnIcon {
        var bytes: [UInt8]
        var width: Int
    }

    /// The view whose rows ``append(_:budget:to:)`` formats, and its changes.
    private struct BoundView {
        let view: TreeView
        let tree: FileTree
        /// The changes as given, or nothing for a path list (whose files carry no status).
        let changes: [FileChange]
        let statusless: Bool
    }

    /// A formatter of rows given by their parts.
    public init(options: RenderOptions, linesCounted: Bool) {
        self.init(bound: nil, options: options, linesCounted: linesCounted)
    }

    /// A formatter of the rows of `view`; each file's icon is resolved once, on first use.
    public init(view: TreeView, options: RenderOptions, linesCounted: Bool) {
        let changeTree = view.changeTree
        let changes: [FileChange], statusless: Bool
        switch changeTree.source {
        case .changes(let given): (changes, statusless) = (given, false)
        case .paths: (changes, statusless) = ([], true)
        }
        self.init(bound: BoundView(view: view, tree: changeTree.tree, changes: changes, statusless: statusless),
                  options: options, linesCounted: linesCounted)
    }

    private init(bound: BoundView?, options: RenderOptions, linesCounted: Bool) {
        let glyphs = Glyphs(options.charset)
        self.glyphs = glyphs
        self.color = options.color
        self.drawing = options.icons
        self.resolver = options.iconResolver
        self.linesCounted = linesCounted
        self.branchPrefix = glyphs.branch
        self.lastBranchPrefix = glyphs.lastBranch
        self.bound = bound
        func draw(_ icon: IconResolution) -> DrawnIcon {
            var bytes: [UInt8] = []
            let width = options.icons.append(icon, color: options.color, to: &bytes)
            return DrawnIcon(bytes: bytes, width: width)
        }
        self.folderIcons = (draw(options.iconResolver.resolveDirectory(expanded: false)),
                            draw(options.iconResolver.resolveDirectory(expanded: true)))
        if let bound, options.icons != .none {
            fileIcons = FileIcons(tree: bound.tree, resolver: options.iconResolver)
        }
    }

    /// Appends the left part of `row`, a row of the bound view, and returns its width and
    /// stats cell. With a `budget`, names are shortened in the middle so that the left part
    /// takes at most `budget` columns where it can.
    public mutating func append(_ row: VisibleRow, budget: Int?, to output: inout [UInt8]) -> FormattedRow {
        guard let bound else { preconditionFailure("a formatter without a view formats rows from their parts") }
        var width = appendGuides(level: row.level, isLast: row.isLast, guides: row.guides, to: &output)
        let tree = bound.tree
        let slot = tree.slots[row.node]
        if slot.entry >= 0 {
            let entry = Int(slot.entry)
            let icon = fileIcons == nil ? nil : drawnIcon(ofFile: row.node)
            let nameRange = slot.nameRange
            if bound.statusless {
                width += tree.names.withUnsafeBufferPointer { names in
                    appendFileCell(UnsafeBufferPointer(rebasing: names[nameRange]), change: nil, icon: icon,
                                   isMatch: row.isMatch, usedWidth: width, budget: budget, to: &output)
                }
                return FormattedRow(width: width, stat: .none)
            }
            let change = bound.changes[entry]
            width += tree.names.withUnsafeBufferPointer { names in
                appendFileCell(UnsafeBufferPointer(rebasing: names[nameRange]), change: change, icon: icon,
                               isMatch: row.isMatch, usedWidth: width, budget: budget, to: &output)
            }
            return FormattedRow(width: width, stat: stat(ofFile: change))
        }
        let summary = bound.view.summaries[row.node]
        name.removeAll(keepingCapacity: true)
        var nameWidth = 0
        var node = row.projected.first
        while true {
            nameWidth += appendLabelSegment(tree.name(of: node))
            if node == row.node { break }
            node = bound.view.projection.next(inChain: node)
        }
        width += appendDirectoryCell(nameWidth: nameWidth, summary: summary, isExpanded: row.isExpanded,
                                     isMatch: row.isMatch, usedWidth: width, budget: budget, to: &output)
        return FormattedRow(width: width, stat: stat(ofDirectory: summary))
    }

    /// Appends the guides in front of a row on `level` (nothing on the top level) and returns
    /// their width: for each ancestor row below the top level a guide or a blank, then the
    /// branch (`├── `, or `└── ` for the last sibling).
    public mutating func appendGuides(level: Int, isLast: Bool, guides: AncestorGuides, to output: inout [UInt8]) -> Int {
        guard level > 0 else { return 0 }
        if guides != prefixGuides {
            prefixGuides = guides
            branchPrefix.removeAll(keepingCapacity: true)
            for ancestor in 1..<guides.count { branchPrefix.append(contentsOf: guides[ancestor] ? glyphs.pipe : glyphs.blank) }
            lastBranchPrefix.removeAll(keepingCapacity: true)
            lastBranchPrefix.append(contentsOf: branchPrefix)
            branchPrefix.append(contentsOf: glyphs.branch)
            lastBranchPrefix.append(contentsOf: glyphs.lastBranch)
        }
        if isLast {
            lastBranchPrefix.withUnsafeBufferPointer { output.append(contentsOf: $0) }
        } else {
            branchPrefix.withUnsafeBufferPointer { output.append(contentsOf: $0) }
        }
        return 4 * level
    }

    /// The drawing of the icon of file node `node` of the bound view, drawn once per icon.
    private mutating func drawnIcon(ofFile node: Int) -> DrawnIcon {
        let number = fileIcons!.number(ofFile: node)
        while drawnIcons.count <= number {
            let icon = fileIcons!.resolutions[drawnIcons.count]
            var bytes: [UInt8] = []
            let width = drawing.append(icon, color: color, to: &bytes)
            drawnIcons.append(DrawnIcon(bytes: bytes, width: width))
        }
        return drawnIcons[number]
    }
}
