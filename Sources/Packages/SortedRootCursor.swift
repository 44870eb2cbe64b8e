import Glibc

/// The nearest package root of paths that come in byte order (as a report lists them),
/// found by walking the graph's roots alongside them: the roots enclosing the current path
/// are kept as a stack, so that each path costs a comparison or two and nothing is
/// allocated. A path that comes before the one asked for last is not answered (`nil`).
struct SortedRootCursor {
    /// Every root but the top, as its path and a `/`, in byte order; and its package.
    private let roots: [(prefix: [UInt8], package: Int)]
    private var next = 0
    private var enclosing: [(prefix: [UInt8], package: Int)] = []
    private var previous: [UInt8] = []

    init(_ graph: PackageGraph) {
        roots = graph.packages.indices.dropFirst().map { (graph.packages[$0].path + [UInt8(ascii: "/")], $0) }
            .sorted { $0.prefix.lexicographicallyPrecedes($1.prefix) }
    }

    /// The package of the file `path`; `nil` when `path` comes before the last one asked for.
    mutating func package(containing path: [UInt8]) -> Int? {
        guard !Self.precedes(path, previous) else { return nil }
        previous = path
        while let top = enclosing.last, !Self.starts(path, with: top.prefix) { enclosing.removeLast() }
        while next < roots.count, !Self.precedes(path, roots[next].prefix) {
            if Self.starts(path, with: roots[next].prefix) { enclosing.append(roots[next]) }
            next += 1
        }
        return enclosing.last?.package ?? 0
    }

    private static func starts(_ path: [UInt8], with prefix: [UInt8]) -> Bool {
        path.count > prefix.count && path.withUnsafeBufferPointer { whole in
            prefix.withUnsafeBufferPointer { memcmp(whole.baseAddress!, $0.baseAddress!, $0.count) == 0 }
        }
    }

    /// Whether `a` comes before `b` in byte order.
    private static func precedes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        let common = min(a.count, b.count)
        let order = common == 0 ? 0 : a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { memcmp(a.baseAddress!, $0.baseAddress!, common) } }
        return order < 0 || (order == 0 && a.count < b.count)
    }
}
