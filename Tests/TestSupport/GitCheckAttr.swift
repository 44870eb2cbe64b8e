import Foundation

/// What `git check-attr` says about paths as of one side of a comparison, as text (`set`,
/// `unset`, `unspecified` or the value), for comparing with the adapter's own lookup.
public enum GitCheckAttr {
    /// Where the attributes files are read from.
    public enum Side: Sendable {
        /// The tree of a revision: `--cached` over a temporary index read from it (git 2.39
        /// has no `--source`).
        case revision(String)
        /// The index: `--cached`.
        case index
        /// The working tree's files, else the index's: no option.
        case workingTree
    }

    /// For each of `paths`, the state of each of `names`, in order.
    public static func states(_ repository: String, paths: [String], names: [String], side: Side) throws -> [[String]] {
        var arguments = ["check-attr", "-z", "--stdin"]
        var environment: [String: String] = [:]
        switch side {
        case .revision(let revision):
            let index = try Fixtures.temporaryDirectory() + "/index"
            environment["GIT_INDEX_FILE"] = index
            let read = try Shell.run("git", ["read-tree", revision], in: repository, environment: environment)
            guard read.status == 0 else { throw ShellError(message: "git read-tree failed: \(read.error)") }
            arguments.append("--cached")
        case .index:
            arguments.append("--cached")
        case .workingTree:
            break
        }
        let input = Array(paths.joined(separator: "\0").utf8) + [0]
        let result = try Shell.run("git", arguments + names, in: repository, environment: environment, input: input)
        guard result.status == 0 else { throw ShellError(message: "git check-attr failed: \(result.error)") }
        let fields = result.output.split(separator: 0, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        var states: [String: [String]] = [:]
        var index = 0
        while index + 2 < fields.count {
            states[fields[index], default: []].append(fields[index + 2])
            index += 3
        }
        return paths.map { states[$0] ?? [] }
    }
}
