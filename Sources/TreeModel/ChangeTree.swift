import Locking

/// Changed files arranged as a tree, with every directory's rolled-up summary.
///
/// The changes are kept as given: a `[FileChange]`, or a ``PathList`` whose `FileChange`
/// values are made only when asked for (``changes``, ``sortedChanges``), once.
public struct ChangeTree: Sendable {
    /// Where the changes come from.
    enum Source: Sendable {
        case changes([FileChange])
        case paths(PathList)
    }

    /// The changes as given.
    let source: Source
    /// The changes as given, or none for a path list: what ``withNodes(_:)`` lends, read
    /// without taking it out of ``source``.
    @usableFromInline let nodeChanges: [FileChange]
    /// The prepared tree; a file node's `entry` indexes `changes`.
    public let tree: FileTree
    /// The summary of everything below each node, indexed like `tree.nodes`.
    public let summaries: NodeSummaries
    private let sortedStorage: [FileChange]?
    private let made: MadeChanges

    /// Arranges `changes` by path.
    public init(changes: [FileChange], order: TreeOrder = .foldersFirst) {
        let tree = FileTree(changes: changes, order: order)
        self.source = .changes(changes)
        self.nodeChanges = changes
        self.tree = tree
        self.summaries = NodeSummaries(tree: tree, changes: changes)
        self.sortedStorage = tree.uniqueEntriesInByteOrder.count == changes.count && tree.uniqueEntriesInByteOrder.elementsEqual(changes.indices)
            ? changes
            : tree.uniqueEntriesInByteOrder.map { changes[$0] }
        self.made = MadeChanges()
    }

    /// Arranges the paths of a bare path list (changes without a status).
    public init(paths: PathList, order: TreeOrder = .foldersFirst) {
        let tree = FileTree(paths: paths, order: order)
        self.source = .paths(paths)
        self.nodeChanges = []
        self.tree = tree
        self.summaries = NodeSummaries(statuslessFilesOf: tree)
        self.sortedStorage = nil
        self.made = MadeChanges()
    }

    /// The changes, in the order given.
    public var changes: [FileChange] {
        switch source {
        case .changes(let changes): changes
        case .paths(let paths): made.all { paths.changes }
        }
    }

    /// How many changes were given (a path list's paths), duplicates included: what the
    /// tree's entries index.
    public var givenCount: Int {
        switch source {
        case .changes(let changes): changes.count
        case .paths(let paths): paths.count
        }
    }

    /// The changes sorted by path bytes, each path once (the first change given for it).
    var sortedChanges: [FileChange] {
        if let sortedStorage { return sortedStorage }
        return made.sorted { tree.uniqueEntriesInByteOrder.map(change(ofEntry:)) }
    }

    /// The change of input entry `entry`.
    public func change(ofEntry entry: Int) -> FileChange {
        switch source {
        case .changes(let changes): changes[entry]
        case .paths(let paths): paths.change(at: entry)
        }
    }

    /// The change a file node stands for.
    public func change(at node: Int) -> FileChange? {
        let entry = tree.slots[node].entry
        return entry >= 0 ? change(ofEntry: Int(entry)) : nil
    }

    /// The mode of the file node `node` stands for: its new side's, else its old side's;
    /// `nil` for a directory or a change without modes.
    func fileMode(at node: Int) -> FileMode? {
        let entry = Int(tree.slots[node].entry)
        guard entry >= 0, case .changes(let changes) = source else { return nil }
        return changes[entry].newMode ?? changes[entry].oldMode
    }

    /// The summary of everything.
    public var total: ChangeSummary { summaries[FileTree.root] }

    /// Calls `body` with the path bytes of each input entry of `entries`, in order, lent where
    /// they lie (a change's path, or a path list's bytes): no `FileChange` is made.
    public func forEachPath<Entries: Sequence<Int>>(
        ofEntries entries: Entries, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void
    ) rethrows {
        switch source {
        case .changes(let changes):
            for entry in entries { try changes[entry].path.bytes.withUnsafeBufferPointer(body) }
        case .paths(let paths):
            try paths.bytes.withUnsafeBufferPointer { bytes in
                for entry in entries { try body(UnsafeBufferPointer(rebasing: bytes[paths.ranges[entry]])) }
            }
        }
    }
}

/// `FileChange` values made from a path list, once, on first use.
private final class MadeChanges: Sendable {
    private let state = Locked<(all: [FileChange]?, sorted: [FileChange]?)>((nil, nil))

    func all(_ make: () -> [FileChange]) -> [FileChange] {
        state.withLock { state in
            if let all = state.all { return all }
            let all = make()
            state.all = all
            return all
        }
    }

    func sorted(_ make: () -> [FileChange]) -> [FileChange] {
        state.withLock { state in
            if let sorted = state.sorted { return sorted }
            let sorted = make()
            state.sorted = sorted
            return sorted
        }
    }
}

/// What a pull-request page shows beside each changed file — whether it is generated or
/// vendored, and who owns it — kept apart from the ``FileChange`` values (whose storage
/// stays compact) and indexed like them: entry `i` describes `changes[i]`.
///
/// Flags take one byte per file; owner lists are stored once each and numbered, so files
/// that share owners cost a number each.
public struct FileAnnotations: Hashable, Sendable {
    /// Generated and vendored, as flags.
    public struct Kinds: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        /// Makes flags from their raw bits.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// Generated: GitHub collapses its diff and leaves it out of the statistics.
        public static let generated = Kinds(rawValue: 1)
        /// Vendored: code someone else wrote, kept in the repository.
        public static let vendored = Kinds(rawValue: 2)
    }

    /// The number of entries described.
    public let count: Int
    /// Each entry's flags; empty when no entry has any.
    private let kinds: [Kinds]
    /// Each entry's owner list number in ``ownerLists``; empty without a CODEOWNERS file.
    private let ownerNumbers: [Int32]
    /// The distinct owner lists, each once; empty without a CODEOWNERS file.
    public let ownerLists: [[String]]
    /// Where the CODEOWNERS file that gave the owners was found (`.github/CODEOWNERS`);
    /// `nil` when none was read: then no entry has owners.
    public let codeOwnersPath: String?

    /// Annotations of `count` entries: `kinds` gives each entry's flags (or is empty when
    /// none has any); `owners`, when a CODEOWNERS file at `codeOwnersPath` was read, each
    /// entry's owners (empty for an unowned file).
    public init(count: Int, kinds: [Kinds] = [], owners: [[String]]? = nil, codeOwnersPath: String? = nil) {
        precondition(kinds.isEmpty || kinds.count == count, "one flag set per entry")
        precondition(owners == nil || owners!.count == count, "one owner list per entry")
        self.count = count
        self.kinds = kinds.contains { !$0.isEmpty } ? kinds : []
        self.codeOwnersPath = owners == nil ? nil : codeOwnersPath ?? "CODEOWNERS"
        guard let owners else {
            ownerNumbers = []
            ownerLists = []
            return
        }
        var lists: [[String]] = [[]]
        var numbers: [[String]: Int32] = [[]: 0]
        ownerNumbers = owners.map { list in
            if let number = numbers[list] { return number }
            let number = Int32(lists.count)
            lists.append(list)
            numbers[list] = number
            return number
        }
        ownerLists = lists
    }

    private init(count: Int, kinds: [Kinds], ownerNumbers: [Int32], ownerLists: [[String]], codeOwnersPath: String?) {
        self.count = count
        self.kinds = kinds.contains { !$0.isEmpty } ? kinds : []
        self.ownerNumbers = ownerNumbers
        self.ownerLists = ownerLists
        self.codeOwnersPath = codeOwnersPath
    }

    /// Annotations of `count` entries with no flags and no owners.
    public static func none(count: Int) -> FileAnnotations { FileAnnotations(count: count) }

    /// Whether a CODEOWNERS file was read: then every entry has owners (possibly none).
    public var hasOwners: Bool { codeOwnersPath != nil }

    /// Whether some entry is generated or vendored.
    public var hasKinds: Bool { !kinds.isEmpty }

    /// The flags of entry `entry`.
    public func kinds(ofEntry entry: Int) -> Kinds { kinds.isEmpty ? [] : kinds[entry] }

    /// Whether entry `entry` is generated.
    public func isGenerated(_ entry: Int) -> Bool { kinds(ofEntry: entry).contains(.generated) }

    /// Whether entry `entry` is vendored.
    public func isVendored(_ entry: Int) -> Bool { kinds(ofEntry: entry).contains(.vendored) }

    /// The owners of entry `entry` as the CODEOWNERS file lists them (empty when unowned);
    /// `nil` when no CODEOWNERS file was read.
    public func owners(ofEntry entry: Int) -> [String]? {
        ownerNumbers.isEmpty ? nil : ownerLists[Int(ownerNumbers[entry])]
    }

    /// The annotations of the entries `entries`, in that order: entry `i` of the result
    /// describes `entries[i]` here (for changes filtered the same way).
    public func selecting(_ entries: [Int]) -> FileAnnotations {
        FileAnnotations(count: entries.count, kinds: kinds.isEmpty ? [] : entries.map { kinds[$0] },
                        ownerNumbers: ownerNumbers.isEmpty ? [] : entries.map { ownerNumbers[$0] },
                        ownerLists: ownerLists, codeOwnersPath: codeOwnersPath)
    }
}

extension FileAnnotations {
    /// Whether entry `entry` is left out of the counts: generated or vendored files are,
    /// as GitHub leaves generated files out of a pull request's statistics.
    public func isLeftOut(_ entry: Int) -> Bool { !kinds(ofEntry: entry).isEmpty }

    /// For ``TreeView``'s `counts`: whether each file node of `tree` counts in summaries
    /// (its change is neither generated nor vendored); `nil` when every file counts.
    public func countedFiles(in tree: FileTree) -> (@Sendable (Int) -> Bool)? {
        guard hasKinds else { return nil }
        let counted = tree.slots.map { $0.entry < 0 || !isLeftOut(Int($0.entry)) }
        return { counted[$0] }
    }
}
