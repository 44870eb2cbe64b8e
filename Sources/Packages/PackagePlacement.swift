/// Which package each of a list of changed paths is in, and, for a renamed file whose old
/// path is in another package, that one too: worked out once, on any thread, so that a
/// ``PackageSelection`` can be made from it in whatever order the paths are listed.
public struct PackagePlacement: Sendable {
    /// A path matching an `--affects-all` pattern.
    public struct AffectsAllMatch: Sendable {
        public var file: [UInt8]
        public var pattern: String
    }

    /// How many paths were placed.
    public var count: Int { packages.count }
    /// Each path's package.
    public let packages: [Int]
    /// Each path whose old path is in another package, with that package.
    let oldPackages: [Int: Int]
    /// The paths matching an `--affects-all` pattern, with the first pattern each matches.
    let affectsAllMatches: [Int: AffectsAllMatch]

    /// Places `count` paths (`path(i)` the i-th, `oldPath(i)` its old path if renamed or
    /// copied) in `graph`'s packages; paths in byte order cost least. With `affectsAll`,
    /// notes which paths match it.
    public init(graph: PackageGraph, count: Int, path: (Int) -> [UInt8], oldPath: (Int) -> [UInt8]? = { _ in nil },
                affectsAll: AffectsAllRules = AffectsAllRules([])) {
        var containing = ContainingPackages()
        var cursor = SortedRootCursor(graph)
        var packages: [Int] = []
        var moved: [(index: Int, old: [UInt8])] = []
        var matches: [Int: AffectsAllMatch] = [:]
        packages.reserveCapacity(count)
        for index in 0..<count {
            let bytes = path(index)
            packages.append(cursor.package(containing: bytes) ?? containing.package(containing: bytes, in: graph))
            if let old = oldPath(index) { moved.append((index, old)) }
            if !affectsAll.isEmpty, let pattern = affectsAll.pattern(matching: bytes) {
                matches[index] = AffectsAllMatch(file: bytes, pattern: pattern)
            }
        }
        moved.sort { $0.old.lexicographicallyPrecedes($1.old) }
        var oldCursor = SortedRootCursor(graph)
        var oldPackages: [Int: Int] = [:]
        for (index, old) in moved {
            let package = oldCursor.package(containing: old) ?? containing.package(containing: old, in: graph)
            if package != packages[index] { oldPackages[index] = package }
        }
        self.packages = packages
        self.oldPackages = oldPackages
        affectsAllMatches = matches
    }
}
