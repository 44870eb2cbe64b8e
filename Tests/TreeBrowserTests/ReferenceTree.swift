import TreeBrowser
import TreeModel

/// A naive model of a browser's tree, kept apart from the model under test: the identities,
/// each file's change and the order identities were created in, changed by plain set and
/// dictionary operations. Rows and roll-ups are computed from scratch, recursively, by the
/// rules of Docs/TreeModel.md (ordering, flattening, expansion, status and roll-ups), and
/// which mutations a model must refuse (``rejects(_:)``).
struct ReferenceTree {
    let order: TreeOrder
    /// Whether a file and a directory may share a name (a tree of changes: yes; of bare
    /// paths: no). See ``rejects(_:)`` for the rules this decides.
    private(set) var allowsFileAndDirectory = false
    private(set) var files: [TreePath: FileChange] = [:]
    private(set) var directories: Set<TreePath> = []
    private var sequence: [TreePath: Int] = [:]
    private var created = 0

    init(order: TreeOrder) { self.order = order }

    /// The tree of `paths`, as a model built from them holds it.
    init(order: TreeOrder, paths: [TreePath]) {
        self.init(order: order)
        for path in paths { add(path) }
    }

    /// The tree of `changes`, as a model built from them holds it.
    init(order: TreeOrder, changes: [FileChange]) throws {
        self.init(order: order)
        allowsFileAndDirectory = true
        for change in changes where files[try TreePath(change.path)] == nil { try addChange(change) }
    }

    var identities: Set<TreePath> { directories.union(files.keys) }

    // MARK: Mutations

    /// Adds `path` and its missing ancestors; an existing path stays as it is.
    mutating func add(_ path: TreePath) {
        create(path, change: nil)
    }

    /// Adds the file of `change`, or gives the existing file this change.
    mutating func addChange(_ change: FileChange) throws {
        let path = try TreePath(change.path)
        if files[path] != nil { files[path] = Self.at(path, change) } else { create(path, change: change) }
    }

    /// Removes `path` and everything below it.
    mutating func remove(_ path: TreePath) {
        for gone in [path] + below(path) {
            files[gone] = nil
            directories.remove(gone)
            sequence[gone] = nil
        }
    }

    /// Moves `path` and everything below it to `destination`, each keeping its change.
    mutating func move(_ path: TreePath, to destination: TreePath) throws {
        guard path != destination else { return }
        let moved = [path] + depthFirst(below: path)
        let changes = files
        remove(path)
        let prefix = path.normalized.bytes.count
        for old in moved {
            var bytes = destination.normalized.bytes + old.normalized.bytes[prefix...]
            if old.isDirectory { bytes.append(UInt8(ascii: "/")) }
            create(try TreePath(RawPath(bytes: bytes)), change: changes[old])
        }
    }

    private mutating func create(_ path: TreePath, change: FileChange?) {
        for ancestor in Self.ancestors(of: path).reversed() where !directories.contains(ancestor) {
            directories.insert(ancestor)
            sequence[ancestor] = created
            created += 1
        }
        guard !identities.contains(path) else { return }
        sequence[path] = created
        created += 1
        if path.isDirectory {
            directories.insert(path)
        } else {
            files[path] = Self.at(path, change ?? FileChange(status: nil, path: path.normalized))
        }
    }

    private static func at(_ path: TreePath, _ change: FileChange) -> FileChange {
        var change = change
        change.path = path.normalized
        return change
    }

    // MARK: Shape

    /// The directories above `path`, nearest first.
    static func ancestors(of path: TreePath) -> [TreePath] {
        var result: [TreePath] = []
        var bytes = path.normalized.bytes
        while let slash = bytes.lastIndex(of: UInt8(ascii: "/")) {
            bytes = Array(bytes[..<slash])
            result.append(try! TreePath(RawPath(bytes: bytes + [UInt8(ascii: "/")])))
        }
        return result
    }

    /// Whether `path` lies strictly below directory `directory`.
    static func lies(_ path: TreePath, below directory: TreePath) -> Bool {
        directory.isDirectory && path.normalized.bytes.starts(with: directory.normalized.bytes + [UInt8(ascii: "/")])
    }

    /// Every identity strictly below `path`.
    func below(_ path: TreePath) -> [TreePath] { identities.filter { Self.lies($0, below: path) } }

    /// The parent directory of `path`, or `nil` at the top level.
    static func parent(of path: TreePath) -> TreePath? {
        let parent = path.normalized.parent
        return parent.isEmpty ? nil : try! TreePath(RawPath(bytes: Array(parent) + [UInt8(ascii: "/")]))
    }

    /// Every identity below `path`, depth-first in order.
    func depthFirst(below path: TreePath?) -> [TreePath] { shape().depthFirst(below: path) }

    /// The tree's children lists and roll-ups, computed once for many questions.
    func shape() -> Shape {
        var children: [TreePath?: [TreePath]] = [:]
        for path in identities { children[Self.parent(of: path), default: []].append(path) }
        for key in children.keys { children[key]!.sort(by: precedes) }
        var summaries: [TreePath: ChangeSummary] = [:]
        for path in identities { summaries[path] = ChangeSummary() }
        for (path, change) in files {
            summaries[path]!.add(change)
            for ancestor in Self.ancestors(of: path) { summaries[ancestor]!.add(change) }
        }
        return Shape(files: files, children: children, summaries: summaries)
    }

    /// The children and roll-ups of a ``ReferenceTree``, with the rows they make.
    struct Shape {
        let files: [TreePath: FileChange]
        let children: [TreePath?: [TreePath]]
        /// The roll-up of every file at or below each identity.
        let summaries: [TreePath: ChangeSummary]

        /// Every identity below `path`, depth-first in order.
        func depthFirst(below path: TreePath?) -> [TreePath] {
            children[path, default: []].flatMap { [$0] + depthFirst(below: $0) }
        }

        /// The visible rows: a depth-first walk entering a row only when every directory of
        /// its chain is in `expanded`; with `flatten`, a directory whose only child is a
        /// directory shares that child's row.
        func rows(expanded: Set<TreePath>, flatten: Bool, icons: IconResolver) -> [TreeRow] {
            var rows: [TreeRow] = []
            func walk(_ parent: TreePath?, level: Int) {
                for child in children[parent, default: []] {
                    var chain = [child]
                    while flatten, chain.last!.isDirectory {
                        let below = children[chain.last!, default: []]
                        guard below.count == 1, below[0].isDirectory else { break }
                        chain.append(below[0])
                    }
                    let last = chain.last!
                    let open = last.isDirectory && chain.allSatisfy(expanded.contains)
                    let icon = last.isDirectory
                        ? icons.resolveDirectory(expanded: open) : icons.resolveFile(named: last.normalized.basename)
                    rows.append(TreeRow(identity: last, chain: chain, level: level, isExpanded: open,
                                        change: files[last], summary: summaries[last]!, icon: icon))
                    if open { walk(last, level: level + 1) }
                }
            }
            walk(nil, level: 0)
            return rows
        }
    }

    private func precedes(_ a: TreePath, _ b: TreePath) -> Bool {
        if order == .input { return sequence[a]! < sequence[b]! }
        if order == .foldersFirst && a.isDirectory != b.isDirectory { return a.isDirectory }
        let names = (Array(a.normalized.basename), Array(b.normalized.basename))
        if names.0 != names.1 { return names.0.lexicographicallyPrecedes(names.1) }
        return !a.isDirectory
    }
}
