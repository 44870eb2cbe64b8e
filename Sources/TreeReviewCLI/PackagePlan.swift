import Background
import Foundation
import GitAdapter
import Packages
import Render
import TreeModel

/// `--packages`, `--affected`, `--affects-all` and `--group-by package`: which package
/// each listed file is in, as of the compared side, and what depends on those (see
/// Docs/Packages.md). Manifest notes come back as warning lines.
enum PackagePlan {
    /// Refuses what does not go together.
    static func check(_ options: Options, format: OutputFormat) throws {
        if options.groupByPackage && !options.writesAny(of: [.tree, .markdown], format: format) {
            throw options.refusal("--group-by package applies to --format tree or markdown, not \(format.rawValue)",
                                  accepted: "tree or markdown")
        }
        if options.groupByPackage && options.groupByOwner {
            throw UsageError("--group-by takes one key: owner, package or group")
        }
        if options.listsPackages && options.interactive {
            throw UsageError("--packages and --affected are for printed output, not -i")
        }
        if options.listsPackages && options.directoryDepth != nil {
            throw UsageError("--packages and --directories each list something else: give one of them")
        }
    }

    /// What the listing needs that the report does not: the manifests read and their graph
    /// and each of the input's changes placed in its package.
    struct Groundwork: Sendable {
        var graph: PackageGraph
        var placement: PackagePlacement
    }

    /// Starts the groundwork on a thread of its own as soon as `input` is read, beside the
    /// annotations and the tree; `nil` without `--packages`. With `--stdin`, manifests are
    /// read from the working tree of the repository the current directory (or `-C`) is in,
    /// and refused without one. A failure comes back from ``listing(for:groundwork:options:settings:)``.
    static func start(_ input: ChangeInput, options: Options, environment: [String: String], io: IO)
        -> PendingResult<Result<Groundwork, any Error>>? {
        guard options.listsPackages else { return nil }
        let read: @Sendable () throws -> [ManifestFile]
        if let comparison = input.comparison {
            let source = ManifestSource(comparison.repository, changeSet: comparison.changeSet, cache: options.useCache)
            read = { try source.read() }
        } else {
            let directory = options.startingDirectory(io: io)
            read = {
                guard let repository = try? Repository.open(at: directory, environment: environment), repository.workdir != nil else {
                    throw UsageError("--packages with --stdin reads the manifests of the working tree, and \(directory) is in no repository with one")
                }
                return try repository.workingTreeManifests()
            }
        }
        let changes = input.paths == nil ? input.changes : nil
        let paths = input.paths
        let affectsAll = options.addsAffected ? AffectsAllRules(options.affectsAll) : AffectsAllRules([])
        return PendingResult {
            Result {
                let graph = PackageGraph(manifests: try read().compactMap(PackageManifest.read))
                let placement: PackagePlacement
                if let paths {
                    placement = PackagePlacement(graph: graph, count: paths.count, path: { Array(paths.bytes[paths.ranges[$0]]) },
                                                 affectsAll: affectsAll)
                } else {
                    let changes = changes ?? []
                    placement = PackagePlacement(graph: graph, count: changes.count, path: { changes[$0].path.bytes },
                                                 oldPath: { changes[$0].oldPath?.bytes }, affectsAll: affectsAll)
                }
                return Groundwork(graph: graph, placement: placement)
            }
        }
    }

    /// The listing for `report`'s files and the warnings for its manifests' notes, from the
    /// groundwork ``start(_:options:environment:io:)`` began; `nil` without it. Every filter
    /// of a report keeps a subsequence of the input's changes, so a tree given as many
    /// changes as were placed holds those, in their order; a selection is placed again.
    static func listing(for report: Report, groundwork: PendingResult<Result<Groundwork, any Error>>?, options: Options,
                        settings: Settings) throws -> (listing: PackageListing, warnings: [String])? {
        guard let groundwork else { return nil }
        let known = try groundwork.wait().get()
        let graph = known.graph
        let changes = report.view.listedChanges
        let selection: PackageSelection
        if report.view.changeTree.givenCount == known.placement.count {
            selection = PackageSelection(graph: graph, placement: known.placement, order: report.view.listedEntries, affected: options.addsAffected)
        } else {
            selection = PackageSelection(graph: graph, count: changes.count, path: { changes[$0].path.bytes },
                                         oldPath: { changes[$0].oldPath?.bytes }, affected: options.addsAffected,
                                         affectsAll: AffectsAllRules(options.affectsAll))
        }
        var groups: [TreeView] = []
        if options.groupByPackage {
            for entry in selection.entries where entry.reason == nil {
                let tree = ChangeTree(changes: entry.files.map { changes[$0] }, order: settings.sort)
                groups.append(TreeView(changeTree: tree, flatten: settings.flatten, depth: options.depth))
            }
        }
        let warnings = graph.notes.map { "treereview: warning: " + TerminalText.escaped($0.description) }
        return (PackageListing(selection: selection, changes: changes, affected: options.addsAffected, groups: groups), warnings)
    }
}

extension Options {
    /// Whether packages are listed: `--packages`, or an option that implies it.
    var listsPackages: Bool { packages || addsAffected || groupByPackage }
    /// Whether dependents are added: `--affected`, or `--affects-all`.
    var addsAffected: Bool { affected || !affectsAll.isEmpty }
}
