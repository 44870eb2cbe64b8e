/// The packages a change touches (each changed file in its nearest package root) and, when
/// asked, the packages affected by them: every package depending on a changed one,
/// transitively, with the chain of edges that reached it.
public struct PackageSelection: Sendable {
    /// Why a package is affected.
    public enum Reason: Sendable, Equatable {
        /// It depends on `changed` through `chain`: the first edge's dependency is the
        /// changed package, each edge's dependent the next one's dependency, the last edge's
        /// dependent this package.
        case dependsOn(changed: Int, chain: [PackageEdge])
        /// A changed file matched an `--affects-all` pattern.
        case affectsAll(file: [UInt8], pattern: String)
    }

    /// One package listed.
    public struct Entry: Sendable {
        /// Its index in the graph's packages.
        public var package: Int
        /// The changed files in it, as indices into the paths given.
        public var files: [Int]
        /// For a package with no changed file: why it is affected.
        public var reason: Reason?
    }

    /// The graph the packages are in.
    public let graph: PackageGraph
    /// The changed packages, then (with `affected`) the affected ones, each part sorted by path.
    public private(set) var entries: [Entry] = []
    /// Each path's package.
    public private(set) var packageOfFile: [Int] = []

    /// Places `count` changed paths (`path(i)` the i-th) in their packages (a renamed file,
    /// whose `oldPath(i)` is another package's, in both); with `affected`, adds the
    /// dependents and, when a path matches `affectsAll`, every other package.
    public init(graph: PackageGraph, count: Int, path: (Int) -> [UInt8], oldPath: (Int) -> [UInt8]? = { _ in nil },
                affected: Bool, affectsAll: AffectsAllRules = AffectsAllRules([])) {
        let placement = PackagePlacement(graph: graph, count: count, path: path, oldPath: oldPath,
                                         affectsAll: affected ? affectsAll : AffectsAllRules([]))
        self.init(graph: graph, placement: placement, affected: affected)
    }

    /// The selection of paths placed already: the `i`-th file listed is path `order[i]` of
    /// `placement` (path `i` without `order`). `placement` noted the `--affects-all`
    /// matches, if any; the first file listed matching one makes every package affected.
    public init(graph: PackageGraph, placement: PackagePlacement, order: [Int]? = nil, affected: Bool) {
        self.graph = graph
        var files = [[Int]](repeating: [], count: graph.packages.count)
        var everything: PackagePlacement.AffectsAllMatch?
        let count = order?.count ?? placement.count
        packageOfFile.reserveCapacity(count)
        for listed in 0..<count {
            let index = order?[listed] ?? listed
            let package = placement.packages[index]
            packageOfFile.append(package)
            files[package].append(listed)
            if !placement.oldPackages.isEmpty, let old = placement.oldPackages[index] { files[old].append(listed) }
            if everything == nil, !placement.affectsAllMatches.isEmpty, let match = placement.affectsAllMatches[index] {
                everything = match
            }
        }
        let changed = files.indices.filter { !files[$0].isEmpty }
        entries = changed.map { Entry(package: $0, files: files[$0], reason: nil) }
        guard affected else { return }
        var reasons = Self.dependents(of: changed, in: graph)
        if let everything {
            for package in graph.packages.indices where files[package].isEmpty && !graph.packages[package].kinds.isEmpty {
                reasons[package] = .affectsAll(file: everything.file, pattern: everything.pattern)
            }
        }
        entries += reasons.keys.sorted().map { Entry(package: $0, files: [], reason: reasons[$0]) }
    }

    /// Every package depending on one of `changed`, transitively, with the shortest chain
    /// from the first changed package (in path order) reaching it.
    public static func dependents(of changed: [Int], in graph: PackageGraph) -> [Int: Reason] {
        var chains: [Int: (changed: Int, chain: [PackageEdge])] = [:]
        let changedSet = Set(changed)
        var queue: [(package: Int, changed: Int, chain: [PackageEdge])] = changed.map { ($0, $0, []) }
        var head = 0
        while head < queue.count {
            let (package, origin, chain) = queue[head]
            head += 1
            for edge in graph.dependentEdges(of: package) {
                let next = edge.dependent
                guard !changedSet.contains(next), chains[next] == nil else { continue }
                let longer = chain + [edge]
                chains[next] = (origin, longer)
                queue.append((next, origin, longer))
            }
        }
        return chains.mapValues { .dependsOn(changed: $0.changed, chain: $0.chain) }
    }
}
