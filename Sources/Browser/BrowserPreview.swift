import Render
import TerminalUI
import TreeBrowser
import TreeModel

/// The browser's first frame, drawn straight from the change tree while the browser's model
/// is not built yet: the header, the rows on the screen and the footer, exactly as
/// ``Browser/frame()`` draws them for a new browser (its first row focused, nothing scrolled,
/// nothing pinned). Only the rows on the screen are laid out and formatted, so the frame
/// costs a walk of the tree's chains and a screenful of rows, whatever the tree's size.
public struct BrowserPreview {
    private let changeTree: ChangeTree
    private let configuration: BrowserConfiguration
    private let depth: Int?
    private let viewed: (viewed: Int, files: Int)

    /// The first frame's maker for the changes of `changeTree`, or `nil` when it cannot match
    /// the browser's: directories opened by identity, or a name that is not kept as it is in
    /// a path (empty, `.`, `..`; the model checks those).
    public init?(changeTree: ChangeTree, configuration: BrowserConfiguration) {
        switch configuration.expansion {
        case .expanded: depth = nil
        case .depth(let levels): depth = levels
        case .collapsed: depth = 0
        case .identities: return nil
        }
        let keepsNames = changeTree.withNodes { nodes in
            nodes.indices.allSatisfy { TreePath.keepsName(nodes[$0].name) }
        }
        guard keepsNames else { return nil }
        self.changeTree = changeTree
        self.configuration = configuration
        viewed = ViewedTally(changeTree.changes).counts(status: nil)
    }

    /// The frame for a terminal of `size`.
    public func frame(size: TerminalSize) -> Frame {
        let separator = configuration.style.render.charset == .ascii ? " - " : " · "
        let notes = configuration.marks == nil ? "" : Browser.viewedNote(viewed: viewed.viewed, of: viewed.files, separator: separator)
        let header = LineFitting.fitted(Browser.headerLine(configuration: configuration, total: changeTree.total, notes: notes,
                                                           columns: size.columns), to: size.columns)
        guard size.rows >= 2 else { return Frame(rows: [header]) }
        let area = BrowserLayout(size: size, diffOpen: false).tree
        var rows = [Line](repeating: Line(), count: size.rows)
        rows[0] = header
        var painter = RowPainter(style: configuration.style, total: changeTree.total)
        let view = TreeView(changeTree: changeTree, flatten: configuration.flatten, depth: depth)
        var focused: [UInt8]?
        for (line, row) in zip(0..<area.rows, view.visibleRows) {
            let painted = view.withRow(row) { paintedRow($0) }
            if line == 0 { focused = changeTree.tree.identity(of: row.node) }
            rows[area.row + line] = painter.line(painted, width: area.columns, focused: line == 0)
        }
        if focused == nil, area.rows > 0 {
            rows[area.row] = LineFitting.fitted(Line(ascii: "no changes"), to: area.columns)
        }
        rows[size.rows - 1] = LineFitting.fitted(Browser.footerLine(focused: focused, columns: size.columns,
                                                                    color: configuration.style.color), to: size.columns)
        return Frame(rows: rows)
    }

    /// What the painter draws of `row`: its chain's names, a file's change, a directory's roll-up.
    private func paintedRow(_ view: RowView) -> PaintedRow {
        let row = view.row
        return PaintedRow(level: row.level, isLast: row.isLast, guides: row.guides, segments: view.chain.map { Array($0.name) },
                          change: row.isDirectory ? nil : changeTree.change(at: row.node),
                          summary: changeTree.summaries[row.node], isExpanded: row.isExpanded)
    }
}
