import TreeModel

/// One row of a tree whose generated and vendored files are folded: a row of the view, or
/// a row standing for left-out files.
///
/// In a directory that also holds files that count, the left-out files directly in it
/// become one folded row, its last child (`12 generated files`); a directory below which
/// nothing counts is one folded row itself, its contents not shown.
public struct AnnotatedRow: Hashable, Sendable {
    /// What the row shows.
    public enum Kind: Hashable, Sendable {
        /// A row of the view: a file or directory as usual.
        case view
        /// The left-out files directly in the directory ``AnnotatedRow/row`` names (its
        /// `node`; ``FileTree/root`` for the top level).
        case foldedFiles(LeftOutFiles)
        /// A directory row (``AnnotatedRow/row``, shown closed) below which every file is
        /// left out.
        case foldedDirectory(LeftOutFiles)
    }

    /// The row's place: level, last sibling, guides. For ``Kind/foldedFiles(_:)``, its node
    /// is the directory holding the files, and it is neither a directory nor open.
    public var row: VisibleRow
    /// What the row shows.
    public var kind: Kind
}

extension ReportAnnotations {
    /// The rows of `view` with left-out files folded (see ``AnnotatedRow``), top to bottom,
    /// each row's last-sibling mark and guides redrawn for the rows that remain; `nil`
    /// when nothing is left out, so the view's own rows stand.
    public func foldedRows(of view: TreeView) -> [AnnotatedRow]? {
        guard leavesFilesOut else { return nil }
        let changeTree = view.changeTree
        var rows: [AnnotatedRow] = []
        /// The left-out files of each open directory, by the level of its children.
        var pending: [(directory: Int, files: LeftOutFiles)] = [(FileTree.root, LeftOutFiles())]
        /// Rows deeper than this are inside a folded directory, and not shown.
        var skipBelow = Int.max
        func close(downTo level: Int) {
            while pending.count > level + 1 {
                let (directory, files) = pending.removeLast()
                guard files.files > 0 else { continue }
                let place = VisibleRow(projected: ProjectedNode(first: directory, node: directory), level: pending.count,
                                       isLast: true, guides: AncestorGuides(), isDirectory: false, isExpanded: false,
                                       isMatch: false)
                rows.append(AnnotatedRow(row: place, kind: .foldedFiles(files)))
            }
        }
        view.forEachVisibleRow { row in
            if row.level > skipBelow { return }
            skipBelow = Int.max
            close(downTo: row.level)
            if !row.isDirectory {
                if isLeftOut(file: row.node), let change = changeTree.change(at: row.node) {
                    pending[row.level].files.add(change, kinds: kinds(ofFile: row.node))
                } else {
                    rows.append(AnnotatedRow(row: row, kind: .view))
                }
                return
            }
            if isFolded(directory: row.node, in: view) {
                let closed = VisibleRow(projected: row.projected, level: row.level, isLast: row.isLast, guides: row.guides,
                                    isDirectory: true, isExpanded: false, isMatch: row.isMatch)
                rows.append(AnnotatedRow(row: closed, kind: .foldedDirectory(leftOut(below: row.node))))
                skipBelow = row.level
                return
            }
            rows.append(AnnotatedRow(row: row, kind: .view))
            if row.isExpanded { pending.append((row.node, LeftOutFiles())) }
        }
        close(downTo: -1)
        Self.redrawGuides(&rows)
        return rows
    }

    /// Sets each row's last-sibling mark and guides from the rows that remain.
    private static func redrawGuides(_ rows: inout [AnnotatedRow]) {
        var laterSibling: [Bool] = []
        for index in rows.indices.reversed() {
            let level = rows[index].row.level
            if laterSibling.count > level + 1 { laterSibling.removeLast(laterSibling.count - level - 1) }
            while laterSibling.count < level + 1 { laterSibling.append(false) }
            rows[index].row = rows[index].row.placed(isLast: !laterSibling[level], guides: rows[index].row.guides)
            laterSibling[level] = true
        }
        var guides = AncestorGuides()
        var continues: [Bool] = []
        for index in rows.indices {
            let level = rows[index].row.level
            while guides.count > level { guides.removeLast() }
            while guides.count < level { guides.append(continues[guides.count]) }
            rows[index].row = rows[index].row.placed(isLast: rows[index].row.isLast, guides: guides)
            if continues.count > level { continues.removeLast(continues.count - level) }
            continues.append(!rows[index].row.isLast)
        }
    }
}

extension VisibleRow {
    /// The same row with another last-sibling mark and guides.
    fileprivate func placed(isLast: Bool, guides: AncestorGuides) -> VisibleRow {
        VisibleRow(projected: projected, level: level, isLast: isLast, guides: guides, isDirectory: isDirectory,
                   isExpanded: isExpanded, isMatch: isMatch)
    }
}
