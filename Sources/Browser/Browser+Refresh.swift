import TreeBrowser
import TreeModel

/// Live refresh: the changes read again take the tree's mutations
/// (Docs/TreeModel.md#mutations-and-resets), so expansion, focus, selection and the scroll
/// position stay where they were for what is still there. The model holds every change
/// whatever the filter (a projection of it), so every change is mutated.
extension Browser {
    /// Applies what live refresh read: every change, or the changes of a few paths.
    /// Returns whether any change changed (shown, or hidden by a filter).
    /// A refresh while `V` asks takes the question back: the files it counted may have moved.
    @discardableResult
    public mutating func update(changes refresh: ChangeRefresh) -> Bool {
        if pendingMarking != nil {
            cancelMarking()
            message = "the files changed while V asked: nothing marked"
        }
        return switch refresh {
        case .all(let changes): update(changes: changes)
        case .within(let paths, let changes): update(changes, within: paths)
        }
    }

    /// Shows `changes` in place of the changes before: files gone are removed (with the
    /// directories left without a file), new and changed files added. Returns whether
    /// any change changed (shown, or hidden by a filter).
    @discardableResult
    public mutating func update(changes: [FileChange]) -> Bool {
        let before = Dictionary(allChanges.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        allChanges = changes
        let after = allChanges
        let directories = Self.directories(of: after)
        let remaining = Set(after.map(\.path))
        let mutations = Self.mutations(
            removing: before.keys.filter { !remaining.contains($0) },
            adding: after.filter { before[$0.path] != $0 },
            hasFile: { directories.contains($0) })
        return apply(mutations)
    }

    /// Shows `changes` in place of the changes at or below `paths` (files or directories);
    /// the other changes stay. Only the changes there are compared and mutated. Returns
    /// whether any change changed (shown, or hidden by a filter).
    @discardableResult
    public mutating func update(_ changes: [FileChange], within paths: [RawPath]) -> Bool {
        if zip(allChanges, allChanges.dropFirst()).contains(where: { $1.path < $0.path }) {
            allChanges.sort { $0.path < $1.path }
        }
        let scope = paths.map(\.bytes)
        let ranges = scope.flatMap { Self.ranges(of: $0, in: allChanges) }.sorted { $0.lowerBound < $1.lowerBound }
        let incoming = changes.filter { change in scope.contains { Self.path(change.path.bytes, isWithin: $0) } }
            .sorted { $0.path < $1.path }
        var previous: [FileChange] = []
        var kept: [FileChange] = []
        kept.reserveCapacity(max(0, allChanges.count - ranges.reduce(0) { $0 + $1.count }) + incoming.count)
        var start = 0
        for range in ranges where range.lowerBound >= start {
            kept += allChanges[start..<range.lowerBound]
            previous += allChanges[range]
            start = range.upperBound
        }
        kept += allChanges[start...]
        allChanges = Self.merged(kept, incoming)
        let before = Dictionary(previous.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let after = incoming
        let remaining = Set(after.map(\.path))
        let all = allChanges
        let mutations = Self.mutations(
            removing: before.keys.filter { !remaining.contains($0) },
            adding: after.filter { before[$0.path] != $0 },
            hasFile: { directory in
                let prefix = Array(directory) + [UInt8(ascii: "/")]
                let index = Self.firstIndex(notBefore: prefix, in: all)
                return index < all.count && all[index].path.bytes.starts(with: prefix)
            })
        return apply(mutations)
    }

    /// Takes `mutations` into the tree, keeping the diff pane, the find and the scroll
    /// position in step; returns whether there were any.
    /// The pane is read again when its file changed, by its change or by its new side's id
    /// alone (an edit that keeps the line counts makes no mutation).
    private mutating func apply(_ mutations: [TreeMutation]) -> Bool {
        countViewed()
        guard !mutations.isEmpty else {
            guard diffIsStale else { return false }
            reloadDiff()
            return true
        }
        if order == .size {
            showChanges()
            if diffIsStale { reloadDiff() }
            return true
        }
        do {
            try model.batch(mutations)
        } catch {
            showChanges()
            return true
        }
        painter.setTotal(model.total)
        finder = mode == .finding ? RankedFind(model: model, icons: configuration.style.render.iconResolver) : nil
        if model.focus == nil { model.focusFirst() }
        if diffIsStale { reloadDiff() }
        clampScroll()
        scrollToFocus()
        return true
    }

    /// The mutations that remove the files `removed` — each, or its highest ancestor
    /// directory without a file after (`hasFile` says which have one) — then add or change
    /// the files `added`.
    static func mutations(removing removed: [RawPath], adding added: [FileChange],
                          hasFile: (ArraySlice<UInt8>) -> Bool) -> [TreeMutation] {
        let slash = UInt8(ascii: "/")
        var targets = Set<[UInt8]>()
        for path in removed {
            var target = path.bytes
            var cut = path.bytes[...]
            while let index = cut.lastIndex(of: slash), !hasFile(cut[..<index]) {
                target = Array(cut[..<index]) + [slash]
                cut = cut[..<index]
            }
            targets.insert(target)
        }
        var mutations = targets.sorted { $0.lexicographicallyPrecedes($1) }
            .compactMap { try? TreePath(RawPath(bytes: $0)) }.map(TreeMutation.remove)
        for change in added { mutations.append(.addChange(change)) }
        return mutations
    }

    /// Every directory holding a file of `changes`.
    private static func directories(of changes: [FileChange]) -> Set<ArraySlice<UInt8>> {
        var directories = Set<ArraySlice<UInt8>>()
        for change in changes {
            let bytes = change.path.bytes
            for index in bytes.indices where bytes[index] == UInt8(ascii: "/") { directories.insert(bytes[..<index]) }
        }
        return directories
    }

    /// Whether `path` is `scope` or below it.
    static func path(_ path: [UInt8], isWithin scope: [UInt8]) -> Bool {
        path.starts(with: scope) && (path.count == scope.count || path[scope.count] == UInt8(ascii: "/"))
    }

    /// Where the changes at `path` and below it are in `changes` (sorted by path): the one
    /// at `path`, and those below it (not next to it: `a-b` and `a.c` sort between `a` and `a/`).
    private static func ranges(of path: [UInt8], in changes: [FileChange]) -> [Range<Int>] {
        let exact = firstIndex(notBefore: path, in: changes)
        var ranges: [Range<Int>] = []
        if exact < changes.count, changes[exact].path.bytes == path { ranges.append(exact..<(exact + 1)) }
        let prefix = path + [UInt8(ascii: "/")]
        let below = firstIndex(notBefore: prefix, in: changes)
        var end = below
        while end < changes.count, changes[end].path.bytes.starts(with: prefix) { end += 1 }
        if end > below { ranges.append(below..<end) }
        return ranges
    }

    /// The index of the first change of `changes` (sorted by path) not before `bytes`.
    static func firstIndex(notBefore bytes: [UInt8], in changes: [FileChange]) -> Int {
        var low = 0
        var high = changes.count
        while low < high {
            let middle = (low + high) / 2
            if changes[middle].path.bytes.lexicographicallyPrecedes(bytes) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Two lists sorted by path as one.
    private static func merged(_ first: [FileChange], _ second: [FileChange]) -> [FileChange] {
        if second.isEmpty { return first }
        var result: [FileChange] = []
        result.reserveCapacity(first.count + second.count)
        var i = 0
        var j = 0
        while i < first.count && j < second.count {
            if second[j].path < first[i].path {
                result.append(second[j])
                j += 1
            } else {
                result.append(first[i])
                i += 1
            }
        }
        result += first[i...]
        result += second[j...]
        return result
    }
}

/// Where live refresh gets the changes again (working-tree and `--staged` comparisons): a
/// descriptor that becomes readable when files or the index may have changed (inotify), or
/// none, and then the session asks every ``pollInterval``.
public protocol ChangeFeed: AnyObject {
    /// The descriptor to watch, or `nil` to poll.
    var descriptor: Int32? { get }
    /// How long to wait between reads when polling.
    var pollInterval: Duration { get }
    /// Reads what woke the descriptor (when there is one), so it stops being readable.
    func drain()
    /// What changed since the last read, or `nil` when it cannot be read now (the next wake
    /// tries again).
    func changes() -> ChangeRefresh?
}

/// What a live refresh read again.
public enum ChangeRefresh: Sendable, Equatable {
    /// Every change of the comparison, in place of all those before.
    case all([FileChange])
    /// The changes at or below `paths` (files or directories), in place of those there
    /// before; the changes elsewhere stay as they are.
    case within(paths: [RawPath], changes: [FileChange])
}

extension ChangeRefresh {
    /// The whole list after this refresh, from the list `changes` before it: the changes
    /// read, or `changes` with those at or below the paths read replaced. Sorted by path.
    public func applied(to changes: [FileChange]) -> [FileChange] {
        switch self {
        case .all(let all):
            return all.sorted { $0.path < $1.path }
        case .within(let paths, let read):
            let scope = paths.map(\.bytes)
            let isRead = { (change: FileChange) in
                scope.contains { Browser.path(change.path.bytes, isWithin: $0) }
            }
            return (changes.filter { !isRead($0) } + read.filter(isRead)).sorted { $0.path < $1.path }
        }
    }
}
