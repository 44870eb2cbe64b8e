import Foundation
import GitRules

/// A configuration file with the files it includes, read as git reads them (each checked by
/// ``ConfigFileText``) and followed where libgit2 1.5 follows them, since libgit2 reads the
/// values: `include.path`, and `includeIf.<condition>.path` when its condition holds —
/// `gitdir:` and `gitdir/i:` (the git directory as libgit2 names it, matched with
/// `wildmatch`: `./` is the including file's directory, `~/` the home directory, a pattern
/// that is not absolute starts with `**/`, one ending in `/` ends with `**`) and `onbranch:`
/// (the branch `HEAD` names); libgit2 knows no other condition. A relative path is from the
/// including file's directory, `~/` from the home directory; a file that does not exist is
/// skipped. An include nested deeper than git's limit of 10 stops as git stops (an include
/// cycle).
struct ConfigIncludes {
    /// The git directory as libgit2 names it, for `gitdir:` (ending in `/`).
    var gitDirectory: String
    /// `$HOME`, for `~/`.
    var home: String?
    /// How a file is named in messages.
    var shown: (String) -> String

    /// git's `MAX_INCLUDE_DEPTH`.
    static let maximumDepth = 10

    /// The variables of the file at `path` and, after each include that applies, those of
    /// the file it includes, in the order git reads them, each with where it was set.
    func entries(of path: String) throws -> [(GitConfigSyntax.Entry, ConfigValueCheck.Origin)] {
        var result: [(GitConfigSyntax.Entry, ConfigValueCheck.Origin)] = []
        try read(path, depth: 0, into: &result)
        return result
    }

    private func read(_ path: String, depth: Int, into result: inout [(GitConfigSyntax.Entry, ConfigValueCheck.Origin)]) throws {
        let name = shown(path)
        for entry in try ConfigFileText.read(path, shownAs: name) {
            result.append((entry, ConfigValueCheck.Origin(file: name, line: entry.line)))
            guard let value = entry.value, !value.isEmpty, applies(entry.name, from: path) else { continue }
            let included = resolved(value, from: path)
            guard access(included, F_OK) == 0 else { continue }
            guard depth < Self.maximumDepth else {
                throw AdapterError.repository("exceeded maximum include depth (\(Self.maximumDepth)) while including "
                    + "\(shown(included)) from \(name); this might be due to circular includes")
            }
            try read(included, depth: depth + 1, into: &result)
        }
    }

    /// Whether the variable `name` of the file at `file` is an include libgit2 follows.
    private func applies(_ name: String, from file: String) -> Bool {
        if name == "include.path" { return true }
        let prefix = "includeif.", suffix = ".path"
        guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.count > prefix.count + suffix.count else { return false }
        let condition = String(name.dropFirst(prefix.count).dropLast(suffix.count))
        for (kind, caseFold) in [("gitdir:", false), ("gitdir/i:", true)] where condition.hasPrefix(kind) {
            return matchesGitDirectory(String(condition.dropFirst(kind.count)), caseFold: caseFold, from: file)
        }
        if condition.hasPrefix("onbranch:") { return onBranch(String(condition.dropFirst("onbranch:".count))) }
        return false
    }

    /// libgit2's `included_path`: `~/` from the home directory, else from the including
    /// file's directory unless absolute.
    private func resolved(_ value: String, from file: String) -> String {
        if value.hasPrefix("~/") { return (home ?? "") + value.dropFirst() }
        if value.hasPrefix("/") { return value }
        return Self.joined(Self.directory(of: file), value)
    }

    private func matchesGitDirectory(_ condition: String, caseFold: Bool, from file: String) -> Bool {
        guard !condition.isEmpty else { return false }
        var pattern: String
        if condition.hasPrefix("./") {
            pattern = Self.joined(Self.directory(of: file), String(condition.dropFirst(2)))
        } else if condition.hasPrefix("~/") {
            pattern = (home ?? "") + condition.dropFirst()
        } else if !condition.hasPrefix("/") {
            pattern = "**/" + condition
        } else {
            pattern = condition
        }
        if condition.hasSuffix("/") { pattern += "**" }
        var directory = gitDirectory
        if directory.count > 1 && directory.hasSuffix("/") { directory.removeLast() }
        return PathspecWildmatch(pathname: true, caseFold: caseFold).matches(Array(pattern.utf8)[...], Array(directory.utf8)[...])
    }

    /// libgit2's `onbranch:`: `HEAD` read as a file, naming a branch under `refs/heads/`.
    private func onBranch(_ condition: String) -> Bool {
        guard !condition.isEmpty, let data = FileManager.default.contents(atPath: gitDirectory + "HEAD") else { return false }
        var head = String(decoding: data, as: UTF8.self)
        while let last = head.unicodeScalars.last, last == " " || last == "\t" || last == "\n" || last == "\r" {
            head.unicodeScalars.removeLast()
        }
        let reference = "ref: refs/heads/"
        guard head.hasPrefix(reference) else { return false }
        let pattern = condition + (condition.hasSuffix("/") ? "**" : "")
        return PathspecWildmatch(pathname: true, caseFold: false).matches(Array(pattern.utf8)[...],
                                                                          Array(head.utf8.dropFirst(reference.utf8.count))[...])
    }

    private static func joined(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// Everything before the last `/` of `path` (`/` for a file at the top, `.` for none).
    private static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
