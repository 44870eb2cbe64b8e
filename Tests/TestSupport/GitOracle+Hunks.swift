import Foundation

extension GitOracle {
    /// What `git diff -U0` shows of one file: its hunks' headers, or that it is binary.
    public enum FileHunks: Equatable, Sendable {
        /// `Binary files … differ`.
        case binary
        /// Each hunk as `[oldStart, oldLines, newStart, newLines]` (`@@ -a,b +c,d @@`, a
        /// missing count being 1), in order; `sections` is how many `diff --git` headers
        /// git printed (two for a change between a file and a symlink).
        case hunks([[Int]], sections: Int)
    }

    /// The hunks `git diff -U0 -M <arguments> -- <paths>` prints for its last path, in
    /// `repository`, with the tests' isolated configuration (the repository's own `diff.*`
    /// settings apply). Sections of other paths the pathspec reaches (a directory `src/`
    /// beside a deleted file `src`) are left out.
    public static func hunks(in repository: String, _ arguments: [String], paths: [String],
                             options: [String] = []) throws -> FileHunks {
        let result = try Shell.run("git", ["diff", "-U0", "-M", "--no-color", "--no-ext-diff"] + options + arguments
                                   + ["--"] + paths, in: repository)
        guard result.status == 0 else {
            throw ShellError(message: "git diff -U0 \(arguments.joined(separator: " ")) failed: \(result.error)")
        }
        return parseHunks(result.output, of: Array((paths.last ?? "").utf8))
    }

    /// The hunk headers and `diff --git` sections of a patch, of the sections whose path (new
    /// path, or old path of a deletion, as printed: plain names only) is `path`.
    public static func parseHunks(_ patch: [UInt8], of path: [UInt8]) -> FileHunks {
        var hunks: [[Int]] = []
        var sections = 0
        var binary = false
        for section in Self.sections(of: patch) where Self.path(of: section) == path {
            sections += 1
            for line in section {
                if line.starts(with: Array("Binary files ".utf8)) { binary = true }
                guard line.starts(with: Array("@@ -".utf8)) else { continue }
                let text = String(decoding: line, as: UTF8.self)
                let ranges = text.split(separator: " ").dropFirst().prefix(2).map { range in
                    let numbers = range.dropFirst().split(separator: ",").map { Int($0)! }
                    return [numbers[0], numbers.count > 1 ? numbers[1] : 1]
                }
                hunks.append(ranges[0] + ranges[1])
            }
        }
        return binary ? .binary : .hunks(hunks, sections: sections)
    }

    /// The patch's lines, one array per `diff --git` section.
    private static func sections(of patch: [UInt8]) -> [[ArraySlice<UInt8>]] {
        var sections: [[ArraySlice<UInt8>]] = []
        for line in patch.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            if line.starts(with: Array("diff --git ".utf8)) { sections.append([]) }
            if !sections.isEmpty { sections[sections.count - 1].append(line) }
        }
        return sections
    }

    /// The path a section is about: `rename to`/`copy to`, else `+++ b/`, else `--- a/`, else
    /// the header's (`diff --git a/P b/P`).
    private static func path(of section: [ArraySlice<UInt8>]) -> [UInt8] {
        for prefix in ["rename to ", "copy to ", "+++ b/", "--- a/"] {
            if let line = section.first(where: { $0.starts(with: Array(prefix.utf8)) }) {
                var name = Array(line.dropFirst(prefix.utf8.count))
                if name.last == UInt8(ascii: "\t") { name.removeLast() }
                return name
            }
        }
        let header = section[0].dropFirst("diff --git a/".utf8.count)
        return Array(header.prefix((header.count - 3) / 2))
    }
}
