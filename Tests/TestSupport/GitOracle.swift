import Foundation
import TreeModel

/// git's own answer for a comparison, from `git diff -z --name-status`, `--numstat`
/// and `git ls-files --others`: the reference every differential test compares with.
public enum GitOracle {
    /// The changes git reports for `arguments` (as given to `git diff`, without `-M`),
    /// sorted by path bytes. `untracked` adds `ls-files --others --exclude-standard`;
    /// `environment` is added to the tests' isolated one (`GIT_INDEX_FILE`, …).
    public static func changes(
        in repository: String, _ arguments: [String], pathspecs: [String] = [], untracked: Bool = false,
        environment: [String: String] = [:]
    ) throws -> [FileChange] {
        let tail = pathspecs.isEmpty ? [] : ["--"] + pathspecs
        func git(_ arguments: [String]) throws -> [UInt8] {
            let result = try Shell.run("git", arguments, in: repository, environment: environment)
            guard result.status == 0 else {
                throw ShellError(message: "git \(arguments.joined(separator: " ")) failed: \(result.error)")
            }
            return result.output
        }
        let names = try git(["diff", "-z", "--name-status"] + arguments + tail)
        let stats = try git(["diff", "-z", "--numstat"] + arguments + tail)
        var byPath: [RawPath: FileChange] = [:]
        var fields = split(names)
        while !fields.isEmpty {
            let code = String(decoding: fields.removeFirst(), as: UTF8.self)
            let letter = code.first!
            let status = ChangeStatus(letter: letter)
            if letter == "R" || letter == "C" {
                let old = RawPath(bytes: fields.removeFirst())
                let new = RawPath(bytes: fields.removeFirst())
                byPath[new] = FileChange(status: status, path: new, oldPath: old, similarity: Int(code.dropFirst()))
            } else {
                let path = RawPath(bytes: fields.removeFirst())
                byPath[path] = FileChange(status: status, path: path)
            }
        }
        fields = split(stats)
        while !fields.isEmpty {
            let record = fields.removeFirst()
            let parts = record.split(separator: UInt8(ascii: "\t"), maxSplits: 2, omittingEmptySubsequences: false)
            var path = RawPath(bytes: Array(parts[2]))
            if parts[2].isEmpty {
                fields.removeFirst()
                path = RawPath(bytes: fields.removeFirst())
            }
            let insertions = String(decoding: parts[0], as: UTF8.self)
            let deletions = String(decoding: parts[1], as: UTF8.self)
            let binary = insertions == "-"
            byPath[path, default: FileChange(status: nil, path: path)].binary = binary
            byPath[path]!.insertions = binary ? nil : Int(insertions)
            byPath[path]!.deletions = binary ? nil : Int(deletions)
        }
        if untracked {
            let others = try git(["ls-files", "-z", "--others", "--exclude-standard"] + tail)
            for path in split(others) {
                byPath[RawPath(bytes: path)] = FileChange(status: .untracked, path: RawPath(bytes: path))
            }
        }
        return byPath.values.sorted { $0.path < $1.path }
    }

    private static func split(_ bytes: [UInt8]) -> [[UInt8]] {
        var pieces = bytes.split(separator: 0, omittingEmptySubsequences: false).map(Array.init)
        if pieces.last?.isEmpty == true { pieces.removeLast() }
        return pieces
    }

    /// The fields of a change the oracle knows: everything but the modes, the review flags
    /// (partly staged, viewed) and, for untracked files, line counts, which git diff does not
    /// report.
    public static func comparable(_ change: FileChange) -> FileChange {
        var copy = change
        copy.oldMode = nil
        copy.newMode = nil
        copy.partiallyStaged = false
        copy.viewState = .notViewed
        if copy.status == .untracked {
            copy.insertions = nil
            copy.deletions = nil
            copy.binary = nil
        }
        return copy
    }
}
