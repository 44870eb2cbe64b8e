import Packages
import TreeModel

/// What `--packages` adds to a report: the changed packages (and with `--affected` their
/// dependents) of the files the view lists, and, for `--group-by package`, each changed
/// package's files as a view of their own.
public struct PackageListing: Sendable {
    /// The packages, with the index of each file among the view's listed changes.
    public var selection: PackageSelection
    /// The view's listed changes, which the selection's file indices name.
    public var changes: [FileChange]
    /// Whether affected packages were asked for.
    public var affected: Bool
    /// For `--group-by package`: a view of each changed package's files, in the order of
    /// ``PackageSelection/entries``; empty otherwise.
    public var groups: [TreeView]

    public init(selection: PackageSelection, changes: [FileChange], affected: Bool, groups: [TreeView] = []) {
        self.selection = selection
        self.changes = changes
        self.affected = affected
        self.groups = groups
    }

    /// The package of an entry.
    public func package(of entry: PackageSelection.Entry) -> PackageRoot { selection.graph.packages[entry.package] }

    /// The changed and affected packages' paths, sorted by bytes, each once.
    public var listedPaths: [[UInt8]] {
        selection.entries.map { package(of: $0).path }.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// `@acme/ui · npm` (`separator` between the name and the kinds), or `no manifest` for
    /// a top that holds none.
    public func label(of package: PackageRoot, separator: String = " · ") -> String {
        guard package.kind != nil else { return "no manifest" }
        return (package.name.map { $0 + separator } ?? "") + package.kinds.map(\.rawValue).joined(separator: ", ")
    }

    /// Why an affected package is listed, in words: `← packages/core via packages/ui`,
    /// `← pnpm-lock.yaml (--affects-all pnpm-lock.yaml)`.
    public func reasonWords(_ reason: PackageSelection.Reason) -> String {
        switch reason {
        case .dependsOn(let changed, let chain):
            let packages = selection.graph.packages
            let through = chain.dropLast().map { packages[$0.dependent].displayPath }
            return "depends on " + packages[changed].displayPath + (through.isEmpty ? "" : " through " + through.joined(separator: ", "))
        case .affectsAll(let file, let pattern):
            return "\(String(decoding: file, as: UTF8.self)) changed (--affects-all \(pattern))"
        }
    }
}
