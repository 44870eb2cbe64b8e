import Foundation
import GitAdapter
import Render
import ReviewState
import TreeModel

/// What `treereview viewed` and `unviewed` do: find the changed files the paths name in the
/// comparison given, and mark them with their new side's object id, or remove their marks.
struct ViewedMarking {
    /// `viewed` (true) or `unviewed` (false).
    let viewed: Bool

    var command: String { viewed ? "viewed" : "unviewed" }

    /// The options that choose the comparison; rename detection is off, so that both paths of
    /// a rename are files of their own (a mark is a path and its new side, whatever the status).
    static let comparisonOptions: Set<OptionKey> = [.staged, .directory, .noUntracked]

    /// Without `--`, every word that is not an option is a path; with it, the words before it
    /// are the comparison. A path that matches no changed file is an error, and nothing is marked.
    func run(_ arguments: [String], environment: [String: String], io: IO) throws -> Int32 {
        var options = try ArgumentParser.parse(arguments, restriction: .init(keys: Self.comparisonOptions, command: command))
        if !arguments.contains("--") {
            (options.pathspecs, options.revisions) = (options.revisions, [])
        }
        guard !options.pathspecs.isEmpty else {
            throw UsageError("\(command) needs the paths to mark: treereview \(command) [<comparison> --] <path>...")
        }
        let directory = options.directory.map {
            $0.hasPrefix("/") ? $0 : URL(fileURLWithPath: io.currentDirectory).appendingPathComponent($0).path
        } ?? io.currentDirectory
        let repository = try Repository.open(at: directory, environment: environment)
        var request = options.request
        request.pathspecBase = directory
        request.renames = .off
        request.countLines = false
        request.newObjects = .all
        let changeSet = try repository.changes(for: request)
        try expectEveryPathMatches(options.pathspecs, changeSet.changes, repository: repository, directory: directory)
        let store = ViewedMarksStore(commonGitDirectory: repository.commonGitDirectory)
        let warning = try store.update { marks in
            for (change, newObject) in zip(changeSet.changes, changeSet.newObjects) {
                if viewed {
                    marks.markViewed(change.path, newObject: newObject)
                } else {
                    marks.unmark(change.path)
                }
            }
        }
        if let warning { try? io.standardError.write(Array((TerminalText.escaped(warning) + "\n").utf8)) }
        return 0
    }

    /// Refuses a path that names no changed file (as `git add` refuses one that names no file).
    private func expectEveryPathMatches(_ paths: [String], _ changes: [FileChange], repository: Repository,
                                        directory: String) throws {
        let attributes: PathspecAttributeLookup = { path, names in try repository.pathspecAttributes(of: path, names: names) }
        for path in paths {
            let pathspec = try repository.pathspec([path], from: directory)
            let matches = try changes.contains { change in
                try pathspec.matches(change.path.bytes, isGitlink: change.isSubmodule, attributes: attributes)
            }
            guard matches else { throw UsageError("pathspec '\(path)' did not match any changed file") }
        }
    }
}
