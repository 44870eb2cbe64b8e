import Dispatch
import TreeModel

/// Ranked find over files and directories (Docs/TreeModel.md#ranked-find, as SettingsKit scores settings
/// search): every candidate is scored against the query (``FindQuery``), those that do not
/// match are dropped, and the rest are ordered by score, best first, then by tree order;
/// ``groups(for:)`` groups them by parent directory.
///
/// The candidates are stored flat (one byte arena of normalized texts, offsets per
/// candidate, tag lists kept once), not as ``FindCandidate`` values: a query reads them in
/// place (``matches(_:among:)``), and a result's path is made only when it is asked for.
public struct RankedFind: Sendable {
    let arena: FindArena

    /// Prepares `candidates`, given in tree order.
    public init(candidates: [FindCandidate]) {
        var arena = FindArena()
        arena.reserveCapacity(candidates.count)
        var directories: [TreePath: Int] = [:]
        for candidate in candidates {
            if let parent = candidate.parent, let parentIndex = directories[parent] {
                arena.append(name: candidate.path.normalized.basename, isDirectory: candidate.path.isDirectory,
                             parent: parentIndex, tags: candidate.tags)
            } else {
                arena.append(path: candidate.path, tags: candidate.tags)
            }
            if candidate.path.isDirectory { directories[candidate.path] = arena.count - 1 }
        }
        arena.seal()
        self.init(arena: arena)
    }

    init(arena: FindArena) {
        self.arena = arena
    }

    /// The number of candidates.
    public var count: Int { arena.count }

    /// The candidates in tree (depth-first) order: a candidate's index is its tree order.
    /// They are made again from the stored texts on each call: for comparing and testing,
    /// not for every key.
    public var candidates: [FindCandidate] {
        (0..<arena.count).map { index in
            FindCandidate(path: arena.path(of: index), parent: arena.parentPath(of: index), tags: arena.tags(of: index))
        }
    }

    /// The result for candidate `index` (its tree order), matched as `match`.
    public func result(_ index: Int, match: FindMatch) -> FindResult {
        FindResult(path: arena.path(of: index), parent: arena.parentPath(of: index), match: match, order: index)
    }

    /// The candidates matching `query`, by score descending, then tree order. Candidates are
    /// visited in tree order, so each score keeps it: ranking needs no sort.
    public func results(for query: FindQuery) -> [FindResult] {
        let matches = matches(query, among: nil)
        return (0..<matches.count).map { rank in
            let (candidate, match) = matches[rank: rank]
            return result(candidate, match: match)
        }
    }

    /// The results for `query` grouped by parent directory: groups in the order of their
    /// best-ranked member, members in rank order.
    public func groups(for query: FindQuery) -> [FindGroup] {
        FindGroup.grouping(results(for: query))
    }
}

extension RankedFind {
    /// Prepares every file and directory of `changeTree` as the browser tags them, in its tree
    /// order: a file by its status name and its icon name (by its name and mode, as its row
    /// shows it), a directory by the status every file below it shares. Each name is
    /// normalized once and joined to its parent's normalized identity; a name a path would
    /// rewrite (`.`, `..`) is left out with what lies below it, as the model leaves it out.
    public init(browsing changeTree: ChangeTree, icons: IconResolver) {
        var arena = FindArena()
        changeTree.withNodes { nodes in
            arena.reserveCapacity(max(nodes.count - 1, 0))
            var stack: [(node: Int, parent: Int?)] = nodes[FileTree.root].children.reversed().map { ($0, nil) }
            while let (index, parent) = stack.popLast() {
                let node = nodes[index]
                let name = node.name
                guard TreePath.keepsName(name) else { continue }
                var tags: [String] = []
                if node.isDirectory {
                    if let status = changeTree.summaries[index].wholeStatus { tags.append(status.rawValue) }
                    let position = arena.count
                    stack.append(contentsOf: node.children.reversed().lazy.map { ($0, position) })
                } else {
                    let change = changeTree.change(at: index)
                    if let status = change?.status { tags.append(status.rawValue) }
                    tags.append(icons.resolveFile(named: name, mode: change?.newMode ?? change?.oldMode).name)
                }
                arena.append(name: name, isDirectory: node.isDirectory, parent: parent, tags: tags)
            }
        }
        arena.seal()
        self.init(arena: arena)
    }
}

extension RankedFind {
    /// The candidates of every file and directory of `model`, in its tree order, tagged as
    /// ``init(browsing:icons:)`` tags them: a file by its status name and its icon name, a
    /// directory by the status all its files share.
    public init(model: TreeBrowserModel, icons: IconResolver) {
        let forest = model.forest
        var arena = FindArena()
        arena.reserveCapacity(forest.shownCount)
        var candidateOfSlot = [Int32](repeating: -1, count: forest.nodes.count)
        for slot in forest.subtree(of: PathForest.root).dropFirst() {
            let node = forest.nodes[slot]
            var tags: [String] = []
            let name = node.path.normalized.basename
            if node.isDirectory {
                if let status = forest.shownSummary(of: slot).wholeStatus { tags.append(status.rawValue) }
            } else {
                let change = node.change
                if let status = change?.status { tags.append(status.rawValue) }
                tags.append(icons.resolveFile(named: name, mode: change?.newMode ?? change?.oldMode).name)
            }
            let parent = node.parent == PathForest.root ? -1 : Int(candidateOfSlot[node.parent])
            if parent >= 0 {
                arena.append(name: name, isDirectory: node.isDirectory, parent: parent, tags: tags)
            } else {
                arena.append(path: node.path, tags: tags)
            }
            candidateOfSlot[slot] = Int32(arena.count - 1)
        }
        arena.seal()
        self.init(arena: arena)
    }
}

extension RankedFind {
    /// Prepares every file and directory of `changeTree`, in its tree order. A file's tags are
    /// its status name (`added`, `typeChanged`, …) and its icon name from `icons` (its file
    /// type: `lang-swift`, `lang-markdown`, …); a directory's tag is the status every file
    /// below it shares, when all are added, deleted or untracked.
    public init(changeTree: ChangeTree, icons: IconResolver = IconResolver()) {
        let tree = changeTree.tree
        var arena = FindArena()
        arena.reserveCapacity(tree.nodes.count - 1)
        var stack: [(node: Int, parent: Int?)] = tree.nodes[FileTree.root].children.reversed().map { ($0, nil) }
        while let (index, parent) = stack.popLast() {
            let node = tree.nodes[index]
            var tags: [String] = []
            if node.isDirectory {
                if let status = changeTree.summaries[index].wholeStatus { tags.append(status.rawValue) }
            } else {
                if let status = changeTree.change(at: index)?.status { tags.append(status.rawValue) }
                tags.append(icons.resolve(node).name)
            }
            if TreePath.keepsName(node.name) {
                arena.append(name: node.name, isDirectory: node.isDirectory, parent: parent, tags: tags)
            } else {
                var bytes = parent.map { arena.identity(of: $0) } ?? []
                bytes.append(contentsOf: node.name)
                if node.isDirectory { bytes.append(UInt8(ascii: "/")) }
                guard let path = try? TreePath(RawPath(bytes: bytes)) else { continue }
                arena.append(path: path, tags: tags)
            }
            if node.isDirectory {
                let candidate = arena.count - 1
                stack.append(contentsOf: node.children.reversed().map { ($0, candidate) })
            }
        }
        arena.seal()
        self.init(arena: arena)
    }
}

extension RankedFind {
    /// From this many candidates to look at on, the look is split between two threads.
    static let candidatesPerThread = 16_384

    /// The candidates matching `query` among `pool` (indices in tree order; every candidate
    /// when `nil`), as indices in tree order: by kind, ranked as ``results(for:)`` ranks
    /// them, and all together (``FindMatches/matched``), the pool of a longer query: a query
    /// whose normalized text starts with this one's matches only candidates this one matched.
    /// Candidates are read in place, not copied; many are looked at in two halves at once.
    public func matches(_ query: FindQuery, among pool: [Int32]?) -> FindMatches {
        matches(query, among: pool, splittingFrom: 2 * Self.candidatesPerThread)
    }

    /// ``matches(_:among:)``, split between two threads from `threshold` candidates to look at on.
    func matches(_ query: FindQuery, among pool: [Int32]?, splittingFrom threshold: Int) -> FindMatches {
        let count = pool?.count ?? arena.count
        let tagMatches = arena.tagSets.matches(query)
        let looked = UnsafeMutablePointer<UInt8>.allocate(capacity: max(arena.count, 1))
        looked.initialize(repeating: 0, count: max(arena.count, 1))
        defer { looked.deallocate() }
        let found: [FindArena.Found] = (pool ?? []).withUnsafeBufferPointer { poolBuffer in
            let pool = pool == nil ? nil : poolBuffer
            guard count >= max(threshold, 2) else {
                return [arena.scan(query, tagMatches: tagMatches, pool: pool, positions: 0..<count, looked: looked)]
            }
            let halves = [0..<(count / 2), (count / 2)..<count]
            nonisolated(unsafe) var found = [FindArena.Found(), FindArena.Found()]
            nonisolated(unsafe) let looked = looked
            nonisolated(unsafe) let shared = pool
            found.withUnsafeMutableBufferPointer { found in
                nonisolated(unsafe) let results = found
                DispatchQueue.concurrentPerform(iterations: 2) { half in
                    results[half] = arena.scan(query, tagMatches: tagMatches, pool: shared, positions: halves[half],
                                               looked: looked)
                }
            }
            return found
        }
        return FindMatches(parts: consume found)
    }
}
