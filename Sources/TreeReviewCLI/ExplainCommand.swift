import Annotations
import Foundation
import GitAdapter
import Packages
import PathFilters
import Render
import TreeModel

/// `treereview explain [<comparison>] -- <path>...`: why each path is in the comparison's
/// output as it is (its change, code owners, generated or vendored, package and what made
/// that package affected), in sentences or as JSON. The comparison is computed in full, as
/// the main command computes it, so renames and affected packages are those a report shows.
struct ExplainCommand {
    /// The attributes read, in the order ``KindsExplanation`` takes them.
    static let attributes = ["linguist-generated", "linguist-vendored", "linguist-documentation"]

    /// The options that apply: those choosing the comparison, `--format`, `--owners-from`
    /// and the package options.
    static let optionKeys: Set<OptionKey> = [
        .format, .staged, .directory, .noUntracked, .mergeBase, .findRenames, .noRenames, .findCopies,
        .findCopiesHarder, .renameLimit, .noCache, .ownersFrom, .packages, .affected, .affectsAll,
        .filters, .predicateQuantifier,
    ]

    /// Explains the paths; 0 when each was found in the comparison's sides, 1 when one was
    /// not (the others are still explained, and a line on standard error names each).
    func run(_ arguments: [String], environment: [String: String], io: IO) throws -> Int32 {
        var options = try ArgumentParser.parse(arguments, restriction: .init(keys: Self.optionKeys, command: "explain"))
        let json: Bool
        switch options.format {
        case nil, .tree?: json = false
        case .json?: json = true
        case let other?: throw UsageError("explain writes text or --format json, not \(other.rawValue)")
        }
        let directory = options.directory.map {
            $0.hasPrefix("/") ? $0 : URL(fileURLWithPath: io.currentDirectory).appendingPathComponent($0).path
        } ?? io.currentDirectory
        let needsPaths = UsageError("explain needs the paths to explain: treereview explain [<comparison>] -- <path>...")
        if options.separated ? options.pathspecs.isEmpty : options.revisions.isEmpty { throw needsPaths }
        let repository = try Repository.open(at: directory, environment: environment)
        if !options.separated {
            let words = try repository.separate(options.revisions, in: directory, pathsMayBeMissing: true)
            (options.revisions, options.pathspecs) = (words.revisions, words.pathspecs)
            guard !options.pathspecs.isEmpty else { throw needsPaths }
        }
        let arguments = options.pathspecs
        options.pathspecs = []
        let config = try repository.readConfig(section: "treereview")
        var request = options.request
        request.pathspecBase = directory
        let groups = try GroupPlan.read(options, io: io)
        let changeSet = try repository.changes(for: request, config: config)
        let made = try ExplanationBuilder(repository: repository, changeSet: changeSet, options: options, config: config)
        var paths: [PathExplanation] = []
        for argument in arguments { paths += try made.explanations(of: argument, from: directory) }
        if let groups {
            for index in paths.indices { paths[index].groups = Self.groupMatches(of: paths[index].change, in: groups) }
        }
        let label = ComparisonLabel(kind: changeSet.kind, spec: changeSet.spec, old: changeSet.oldID, new: changeSet.newID,
                                    title: ChangeInput.title(of: changeSet))
        let explanation = Explanation(comparison: label, paths: paths, listsPackages: options.listsPackages,
                                      addsAffected: options.addsAffected, filtersFile: groups?.matcher.filters.file)
        let bytes = json ? ExplanationJSONRenderer().render(explanation, pretty: io.outputIsTerminal)
            : ExplanationTextRenderer().render(explanation)
        try io.standardOutput.write(bytes)
        for warning in changeSet.warnings + made.warnings { try? io.standardError.write(Array((warning + "\n").utf8)) }
        for path in paths where path.presence == .notFound {
            let line = "treereview: '\(TerminalText.escaped(path.argument))' is on neither side of \(TerminalText.escaped(label.title))\n"
            try? io.standardError.write(Array(line.utf8))
        }
        changeSet.pendingSave?.wait()
        return explanation.notFoundCount > 0 ? 1 : 0
    }
}

extension ExplainCommand {
    /// The rules of `plan`'s filters file that matched `change` (either path of a rename), in
    /// the file's order; none for a path that did not change.
    static func groupMatches(of change: FileChange?, in plan: GroupPlan) -> [GroupMatchExplanation] {
        guard let change else { return [] }
        let filterChange = GroupPlan.filterChange(change)
        let filters = plan.matcher.filters
        return filters.explain(path: String(decoding: filterChange.path, as: UTF8.self), status: filterChange.status,
                               oldPath: filterChange.oldPath.map { String(decoding: $0, as: UTF8.self) },
                               quantifier: plan.matcher.quantifier).map {
            GroupMatchExplanation(group: $0.group, filtersFile: $0.file, line: $0.line, pattern: $0.pattern,
                                  matched: $0.effect == .includes)
        }
    }
}

extension Subcommand {
    /// `treereview explain [<comparison>] -- <path>...`: why each path is listed as it is.
    static let explain = Subcommand(
        name: "explain",
        usage: "[<comparison>] -- <path>...",
        arguments: .paths,
        help: "Say why each path is in the comparison as it is: its change, the groups of --filters whose rules matched it (the file and line), its code owners (the CODEOWNERS line), why it is generated or vendored (the gitattributes line or linguist's rule), its package and, with --affected, the chain of dependencies that made a package affected."
    ) { arguments, environment, io in
        try ExplainCommand().run(arguments, environment: environment, io: io)
    }
}
