import Packages

/// A path's package as of the compared side (the nearest package root above it) and how
/// the comparison treats that package: changed (it holds a changed file), affected (it
/// depends on a changed one, with the chain that reached it), or neither; and, for a
/// changed one under `--affected`, the packages it made affected.
public struct PackageExplanation: Sendable {
    /// The graph of the compared side's packages, which the indices below point into.
    public var graph: PackageGraph
    /// The path's package.
    public var package: Int
    /// How many of the comparison's changed files it holds.
    public var changedFiles: Int
    /// With `--affected`, why an unchanged package is affected; `nil` otherwise.
    public var reason: PackageSelection.Reason?
    /// With `--affected`, for a changed package, the packages whose chain starts at it:
    /// each with the edges from this package to it.
    public var affects: [(package: Int, chain: [PackageEdge])]

    /// An explanation as given.
    public init(graph: PackageGraph, package: Int, changedFiles: Int, reason: PackageSelection.Reason?,
                affects: [(package: Int, chain: [PackageEdge])]) {
        self.graph = graph
        self.package = package
        self.changedFiles = changedFiles
        self.reason = reason
        self.affects = affects
    }

    /// The package's root.
    public var root: PackageRoot { graph.packages[package] }

    /// The explanation of the package holding `path` in `selection` (made from the
    /// comparison's changes, with `affected` as asked).
    public init(path: [UInt8], selection: PackageSelection, affected: Bool) {
        let graph = selection.graph
        let package = graph.package(containing: path)
        let entry = selection.entries.first { $0.package == package }
        var affects: [(package: Int, chain: [PackageEdge])] = []
        if affected, entry?.reason == nil, entry != nil {
            for other in selection.entries {
                if case .dependsOn(let changed, let chain)? = other.reason, changed == package { affects.append((other.package, chain)) }
            }
        }
        self.init(graph: graph, package: package, changedFiles: entry?.files.count ?? 0, reason: entry?.reason,
                  affects: affects)
    }
}
