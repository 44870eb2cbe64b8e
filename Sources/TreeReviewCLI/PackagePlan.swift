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

    /// The listing for `report`'s files and the warnings for its manifests' notes; `nil`
    /// without `--packages`. With `--stdin`, manifests are read from the working tree of the
    /// repository the current directory (or `-C`) is in, and refused without one.
    static func listing(for report: Report, input: ChangeInput, options: Options, settings: Settings,
                        environment: [String: String], io: IO) throws -> (listing: PackageListing, warnings: [String])? {
        guard options.listsPackages else { return nil }
        let files: [ManifestFile]
        if let comparison = input.comparison {
            files = try comparison.repository.manifests(of: comparison.changeSet, cache: options.useCache)
        } else {
            let directory = options.startingDirectory(io: io)
            guard let repository = try? Repository.open(at: directory, environment: environment), repository.workdir != nil else {
                throw UsageError("--packages with --stdin reads the manifests of the working tree, and \(directory) is in no repository with one")
            }
            files = try repository.workingTreeManifests()
        }
        let graph = PackageGraph(manifests: files.compactMap(PackageManifest.read))
        let changes = report.view.listedChanges
        let selection = PackageSelection(graph: graph, count: changes.count, path: { changes[$0].path.bytes },
                                         oldPath: { changes[$0].oldPath?.bytes }, affected: options.addsAffected,
                                         affectsAll: AffectsAllRules(options.affectsAll))
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
