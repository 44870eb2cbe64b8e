import Annotations
import TreeModel

/// What a report shows beside its rows, as a pull-request page does: which files are
/// generated or vendored (left out of the counts unless ``includesGenerated``), who owns
/// each file, and, for each directory, the owners of the files below it and the files
/// below it that the counts leave out. Built once for a ``TreeView``; node numbers are the
/// view's tree's.
///
/// The view's own summaries (``TreeView/summaries``) already leave the files out when it
/// was made with ``FileAnnotations/countedFiles(in:)``; ``leftOut(below:)`` counts them.
public struct ReportAnnotations: Sendable {
    /// Each change's annotations, indexed like the changes of the view's tree.
    public let files: FileAnnotations
    /// Whether generated and vendored files count like the others (`--include-generated`):
    /// then they are ordinary rows, marked, and nothing is left out.
    public let includesGenerated: Bool
    /// Whether the tree shows owners beside names (`--owners`).
    public let showsOwners: Bool
    private let tree: FileTree
    /// Below each node, the left-out files that are generated, and those vendored only;
    /// `nil` when nothing is left out.
    private let generatedBelow: NodeSummaries?
    private let vendoredBelow: NodeSummaries?
    /// The owners of the files shown below each directory node (the root included), when a
    /// CODEOWNERS file was read.
    private let directoryOwners: [Int: DirectoryOwners]

    /// The annotations of `view`'s files, `files` being indexed like its tree's changes.
    public init(view: TreeView, files: FileAnnotations, includesGenerated: Bool = false, showsOwners: Bool = false) {
        let changeTree = view.changeTree
        precondition(files.count == changeTree.changes.count, "one annotation per change")
        self.files = files
        self.includesGenerated = includesGenerated
        self.showsOwners = showsOwners
        self.tree = changeTree.tree
        let matches: [Bool]? = view.searchMode == .hide ? view.search?.matches : nil
        if files.hasKinds && !includesGenerated {
            let changes = changeTree.changes
            func below(_ wanted: @escaping @Sendable (FileAnnotations.Kinds) -> Bool) -> NodeSummaries {
                let wantedNodes = changeTree.withNodes { nodes in
                    (0..<nodes.count).map { node in
                        nodes[node].entry.map { (matches?[node] ?? true) && wanted(files.kinds(ofEntry: $0)) } ?? false
                    }
                }
                return NodeSummaries(tree: changeTree.tree, changes: changes, includes: { wantedNodes[$0] })
            }
            generatedBelow = below { $0.contains(.generated) }
            vendoredBelow = below { $0 == .vendored }
        } else {
            generatedBelow = nil
            vendoredBelow = nil
        }
        directoryOwners = files.hasOwners ? Self.rollUp(view, files: files) : [:]
    }

    /// Each directory node's owners, from the files the view lists.
    private static func rollUp(_ view: TreeView, files: FileAnnotations) -> [Int: DirectoryOwners] {
        let changeTree = view.changeTree
        let byPath = OwnerRollUp.directories(of: view.listedEntries.lazy.map { entry in
            (path: changeTree.change(ofEntry: entry).path, owners: files.owners(ofEntry: entry) ?? [])
        })
        var paths: [Int: [UInt8]] = [FileTree.root: []]
        var owners: [Int: DirectoryOwners] = [:]
        changeTree.withNodes { nodes in
            for node in 0..<nodes.count where nodes[node].isDirectory {
                if let parentNode = nodes[node].parent {
                    let parent = paths[parentNode] ?? []
                    paths[node] = (parent.isEmpty ? [] : parent + [UInt8(ascii: "/")]) + Array(nodes[node].name)
                }
                if let found = byPath[RawPath(bytes: paths[node] ?? [])] { owners[node] = found }
            }
        }
        return owners
    }

    /// Whether a CODEOWNERS file was read: then files and directories have owners.
    public var hasOwners: Bool { files.hasOwners }

    /// Whether some file of the view is left out of the counts.
    var leavesFilesOut: Bool { generatedBelow != nil && leftOut(below: FileTree.root).files > 0 }

    /// The entry of file node `node`, or `nil` for a directory.
    private func entry(of node: Int) -> Int? {
        tree.entry(of: node)
    }

    /// Whether file node `node` is generated, vendored, both or neither.
    public func kinds(ofFile node: Int) -> FileAnnotations.Kinds {
        entry(of: node).map(files.kinds(ofEntry:)) ?? []
    }

    /// Whether file node `node` is left out of the counts (and folded in the tree).
    public func isLeftOut(file node: Int) -> Bool {
        !includesGenerated && !kinds(ofFile: node).isEmpty
    }

    /// The owners of file node `node`, as listed in CODEOWNERS (empty when unowned); `nil`
    /// when no CODEOWNERS file was read.
    public func owners(ofFile node: Int) -> [String]? {
        entry(of: node).flatMap(files.owners(ofEntry:))
    }

    /// The owners of the files shown below directory node `node` (``FileTree/root`` for
    /// all), sorted, and whether some of them have none; `nil` when no CODEOWNERS file was read.
    public func owners(ofDirectory node: Int) -> DirectoryOwners? {
        guard hasOwners else { return nil }
        return directoryOwners[node] ?? DirectoryOwners()
    }

    /// The files shown below `node` (``FileTree/root`` for all) that the counts leave out.
    public func leftOut(below node: Int) -> LeftOutFiles {
        guard let generatedBelow, let vendoredBelow else { return LeftOutFiles() }
        return LeftOutFiles(generated: generatedBelow[node], vendored: vendoredBelow[node])
    }

    /// Whether directory row `node` stands only for left-out files: nothing below it counts,
    /// and something below it is left out. The tree shows such a directory as one folded row.
    public func isFolded(directory node: Int, in view: TreeView) -> Bool {
        generatedBelow != nil && view.summaries[node].files == 0 && leftOut(below: node).files > 0
    }
}

/// Files that the counts leave out: the generated ones, and the vendored ones that are not
/// also generated.
public struct LeftOutFiles: Hashable, Sendable {
    /// The generated files (vendored or not).
    public var generated: ChangeSummary
    /// The vendored files that are not generated.
    public var vendored: ChangeSummary

    /// Left-out files as given; none by default.
    public init(generated: ChangeSummary = ChangeSummary(), vendored: ChangeSummary = ChangeSummary()) {
        self.generated = generated
        self.vendored = vendored
    }

    /// The number of files left out.
    public var files: Int { generated.files + vendored.files }

    /// Both summaries in one.
    public var combined: ChangeSummary {
        var all = generated
        all.add(vendored)
        return all
    }

    /// Adds one left-out file: to ``generated`` when `kinds` says generated, else to ``vendored``.
    public mutating func add(_ change: FileChange, kinds: FileAnnotations.Kinds) {
        if kinds.contains(.generated) { generated.add(change) } else { vendored.add(change) }
    }

    /// `generated` or `vendored`: what the files are, when they are all of one kind (one file).
    public var kind: String { generated.files > 0 ? "generated" : "vendored" }

    /// `12 generated files`, `1 vendored file`, `12 generated and 3 vendored files`.
    public var label: String {
        let noun = files == 1 ? "file" : "files"
        switch (generated.files, vendored.files) {
        case (0, let vendored): return "\(vendored) vendored \(noun)"
        case (let generated, 0): return "\(generated) generated \(noun)"
        case let (generated, vendored): return "\(generated) generated and \(vendored) vendored \(noun)"
        }
    }
}

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
    /// For a folded row that stands for exactly one file: that file's path below the
    /// directory the row names (just its name, for folded files), so that the row names it.
    public var onlyFile: [UInt8]? = nil
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
        var pending: [(directory: Int, files: LeftOutFiles, last: Int)] = [(FileTree.root, LeftOutFiles(), FileTree.root)]
        /// Rows deeper than this are inside a folded directory, and not shown.
        var skipBelow = Int.max
        func close(downTo level: Int) {
            while pending.count > level + 1 {
                let (directory, files, last) = pending.removeLast()
                guard files.files > 0 else { continue }
                let place = VisibleRow(projected: ProjectedNode(first: directory, node: directory), level: pending.count,
                                       isLast: true, guides: AncestorGuides(), isDirectory: false, isExpanded: false,
                                       isMatch: false)
                rows.append(AnnotatedRow(row: place, kind: .foldedFiles(files),
                                         onlyFile: files.files == 1 ? path(of: last, below: directory) : nil))
            }
        }
        view.forEachVisibleRow { row in
            if row.level > skipBelow { return }
            skipBelow = Int.max
            close(downTo: row.level)
            if !row.isDirectory {
                if isLeftOut(file: row.node), let change = changeTree.change(at: row.node) {
                    pending[row.level].files.add(change, kinds: kinds(ofFile: row.node))
                    pending[row.level].last = row.node
                } else {
                    rows.append(AnnotatedRow(row: row, kind: .view))
                }
                return
            }
            if isFolded(directory: row.node, in: view) {
                let closed = VisibleRow(projected: row.projected, level: row.level, isLast: row.isLast, guides: row.guides,
                                    isDirectory: true, isExpanded: false, isMatch: row.isMatch)
                let files = leftOut(below: row.node)
                rows.append(AnnotatedRow(row: closed, kind: .foldedDirectory(files),
                                         onlyFile: files.files == 1 ? onlyLeftOutFile(below: row.node, in: view) : nil))
                skipBelow = row.level
                return
            }
            rows.append(AnnotatedRow(row: row, kind: .view))
            if row.isExpanded { pending.append((row.node, LeftOutFiles(), row.node)) }
        }
        close(downTo: -1)
        Self.redrawGuides(&rows)
        return rows
    }

    /// The path below directory node `directory` of the one left-out file the view shows
    /// below it.
    private func onlyLeftOutFile(below directory: Int, in view: TreeView) -> [UInt8]? {
        let matches = view.searchMode == .hide ? view.search?.matches : nil
        let nodes = tree.nodes
        var stack = Array(nodes[directory].children)
        while let node = stack.popLast() {
            if nodes[node].isDirectory {
                stack.append(contentsOf: nodes[node].children)
            } else if isLeftOut(file: node) && (matches?[node] ?? true) {
                return path(of: node, below: directory)
            }
        }
        return nil
    }

    /// The names from below `directory` down to `node`, joined by `/`.
    private func path(of node: Int, below directory: Int) -> [UInt8] {
        let nodes = tree.nodes
        var names: [ArraySlice<UInt8>] = []
        var current: Int? = node
        while let here = current, here != directory {
            names.append(nodes[here].name)
            current = nodes[here].parent
        }
        return Array(names.reversed().joined(separator: [UInt8(ascii: "/")]))
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
