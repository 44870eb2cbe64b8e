import Annotations
import GitAdapter
import Packages
import Render
import TreeModel

/// Makes each path's ``PathExplanation`` from a comparison computed in full: the changes
/// it matches (by new or old path, as a pathspec), else what the sides hold there; the
/// CODEOWNERS file of the side `--owners-from` names; the gitattributes lines and
/// linguist's rules of the new side; with `--packages`, the package graph of the compared
/// side and the selection `--affected` makes of every change.
struct ExplanationBuilder {
    let repository: Repository
    let changeSet: ChangeSet
    let config: RepositoryConfig
    /// The CODEOWNERS file read (no file's owners are worked out in advance).
    let owners: ChangeAnnotations
    /// The packages of the comparison's changes; `nil` without `--packages`.
    let selection: PackageSelection?
    let addsAffected: Bool
    /// The manifests' notes, as warning lines.
    private(set) var warnings: [String] = []

    init(repository: Repository, changeSet: ChangeSet, options: Options, config: RepositoryConfig) throws {
        self.repository = repository
        self.changeSet = changeSet
        self.config = config
        var noFiles = changeSet
        noFiles.changes = []
        owners = try repository.annotations(of: noFiles, kinds: false, owners: true, ownersFrom: options.ownersFrom,
                                            config: config, cache: options.useCache)
        addsAffected = options.addsAffected
        if options.listsPackages {
            let graph = PackageGraph(manifests: try repository.manifests(of: changeSet).compactMap(PackageManifest.read))
            let changes = changeSet.changes
            selection = PackageSelection(graph: graph, count: changes.count, path: { changes[$0].path.bytes },
                                         oldPath: { changes[$0].oldPath?.bytes }, affected: options.addsAffected,
                                         affectsAll: AffectsAllRules(options.affectsAll))
            warnings = graph.notes.map { "treereview: warning: " + TerminalText.escaped($0.description) }
        } else {
            selection = nil
        }
    }

    /// The explanations of what `argument` names, relative to `directory`: one per change
    /// it matches; else one of the file or directory a side holds there; else one saying
    /// it was not found.
    func explanations(of argument: String, from directory: String) throws -> [PathExplanation] {
        let pathspec = try repository.pathspec([argument], from: directory)
        let attributes: PathspecAttributeLookup = { path, names in try repository.pathspecAttributes(of: path, names: names) }
        var found: [PathExplanation] = []
        for change in changeSet.changes {
            let byNew = try pathspec.matches(change.path.bytes, isGitlink: change.isSubmodule, attributes: attributes)
            let byOld = try !byNew && change.oldPath.map { try pathspec.matches($0.bytes, attributes: attributes) } == true
            guard byNew || byOld else { continue }
            var explanation = try explain(change.path, argument: argument, presence: .changed)
            explanation.change = change
            explanation.namedByOldPath = byOld
            found.append(explanation)
        }
        if !found.isEmpty { return found }
        let literal = RawPath(bytes: pathspec.items.first?.match ?? [])
        guard try repository.presence(of: literal, in: changeSet).isAnywhere else {
            return [PathExplanation(argument: argument, path: nil, presence: .notFound)]
        }
        return [try explain(literal, argument: argument, presence: .unchanged)]
    }

    private func explain(_ path: RawPath, argument: String, presence: PathExplanation.Presence) throws -> PathExplanation {
        let origins = try repository.attributeOrigins(of: path, in: changeSet, names: ExplainCommand.attributes, config: config)
        let kinds = KindsExplanation(
            generated: KindsExplanation.decision(origins[0], else: LinguistDefaults.matchingRule(of: .generated, for: path)),
            vendored: KindsExplanation.decision(origins[1], else: LinguistDefaults.matchingRule(of: .vendored, for: path)),
            documentation: KindsExplanation.decision(origins[2], else: nil))
        let package = selection.map { PackageExplanation(path: path.bytes, selection: $0, affected: addsAffected) }
        return PathExplanation(argument: argument, path: path, presence: presence, owners: owners.codeOwnersMatch(for: path),
                               ownersSource: owners.codeOwnersSource, kinds: kinds, package: package)
    }
}
