import Foundation
import Testing
import TestSupport

/// `README.md` as its tests read it: the sample at the top and the examples of `## Use`,
/// run as a shell runs them, with the built `treereview` first on `PATH`.
enum ReadmeDocument {
    /// One line of the `## Use` block.
    struct Example: Sendable, CustomTestStringConvertible {
        /// The command, as a shell runs it.
        let command: String
        /// What the comment after `#` says it does.
        let comment: String
        var testDescription: String { command }
    }

    static let text: String = {
        (try? String(contentsOfFile: Fixtures.directory + "/../README.md", encoding: .utf8)) ?? ""
    }()

    /// The lines of the first fenced block after the line `heading` (the whole document's
    /// first block when `heading` is nil).
    static func block(after heading: String?) -> [Substring] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        if let heading {
            guard let start = lines.firstIndex(of: Substring(heading)) else { return [] }
            lines = lines[start...]
        }
        guard let open = lines.firstIndex(where: { $0.hasPrefix("```") }) else { return [] }
        let body = lines[(open + 1)...]
        return Array(body.prefix { !$0.hasPrefix("```") })
    }

    /// The sample at the top: the command after `$ ` and the output shown under it.
    static var sample: (command: String, output: String) {
        let lines = block(after: nil)
        guard let first = lines.first, first.hasPrefix("$ ") else { return ("", "") }
        return (String(first.dropFirst(2)), lines.dropFirst().map { $0 + "\n" }.joined())
    }

    /// The examples of `## Use`.
    static var examples: [Example] {
        block(after: "## Use").map { line in
            let parts = line.split(separator: " # ", maxSplits: 1)
            return Example(command: parts[0].trimmingCharacters(in: .whitespaces),
                           comment: parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : "")
        }
    }

    /// Runs `command` with bash (`pipefail` on) in `directory`, the built `treereview` and
    /// then `tools` (a directory of stand-ins) first on `PATH`.
    static func run(
        _ command: String, in directory: String, tools: String? = nil, environment: [String: String] = [:], input: [UInt8]? = nil
    ) throws -> Shell.Result {
        let binaries = URL(fileURLWithPath: Binary.path).deletingLastPathComponent().path
        let path = ([binaries] + (tools.map { [$0] } ?? []) + [TestEnvironment.variables()["PATH"] ?? "/usr/bin:/bin"]).joined(separator: ":")
        return try Shell.run("bash", ["-o", "pipefail", "-c", command], in: directory,
                             environment: environment.merging(["PATH": path]) { given, _ in given }, input: input)
    }
}
