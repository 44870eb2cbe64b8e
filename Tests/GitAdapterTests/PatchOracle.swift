import Foundation
import Testing
import TreeModel
import TestSupport
@testable import GitAdapter

/// Our patches next to git's own, for the patch differential tests.
enum PatchOracle {
    /// A repository opened in the tests' isolated environment, `environment` added.
    static func open(_ path: String, environment: [String: String] = [:]) throws -> Repository {
        try Repository.open(at: path, environment: TestEnvironment.variables(adding: environment))
    }

    /// `git diff --no-color <arguments>`, exactly as git prints it.
    static func gitDiff(_ arguments: [String], in repository: String) throws -> [UInt8] {
        try Shell.git(["--literal-pathspecs", "diff", "--no-color"] + arguments, in: repository).output
    }

    /// `git diff --no-index /dev/null <path>`, as git prints it for an untracked file.
    static func gitNoIndex(_ path: [UInt8], in repository: String) throws -> [UInt8] {
        let result = try Shell.run("git", ["diff", "--no-color", "--no-index", "/dev/null", String(decoding: path, as: UTF8.self)],
                                   in: repository)
        #expect(result.status == 1, "git diff --no-index: \(result.error)")
        return result.output
    }

    /// The pathspecs that limit git's diff to `change`: its path, and for a rename its old path.
    static func pathspecs(_ change: FileChange) -> [String] {
        var paths = [String(decoding: change.path.bytes, as: UTF8.self)]
        if let old = change.oldPath { paths.insert(String(decoding: old.bytes, as: UTF8.self), at: 0) }
        return ["--"] + paths
    }

    /// Whether git's pathspecs can pick `change` alone: its paths are UTF-8 (arguments are
    /// strings) and no other change lies below them (a pathspec matches a directory's files).
    /// The whole-comparison test covers the others.
    static func isAlone(_ change: FileChange, in changes: ChangeSet) -> Bool {
        let paths = [change.path.bytes] + (change.oldPath.map { [$0.bytes] } ?? [])
        guard paths.allSatisfy({ String(validating: $0, as: UTF8.self) != nil }) else { return false }
        return !changes.changes.contains { other in
            paths.contains { other.path.bytes.starts(with: $0 + [UInt8(ascii: "/")]) }
        }
    }

    /// Compares bytes, showing both sides with control characters spelled out when they differ.
    static func expectSame(_ ours: [UInt8], _ git: [UInt8], _ what: String,
                           sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(ours == git, "\(what)\n--- ours\n\(visible(ours))\n--- git\n\(visible(git))", sourceLocation: sourceLocation)
    }

    /// `bytes` with controls as `^X` and LF kept, as `cat -A` shows them.
    static func visible(_ bytes: [UInt8]) -> String {
        var text = ""
        for byte in bytes {
            switch byte {
            case 0x0A: text += "$\n"
            case 0..<0x20: text += "^" + String(UnicodeScalar(byte + 0x40))
            case 0x7F: text += "^?"
            case 0x80...: text += "\\x" + String(byte, radix: 16)
            default: text += String(UnicodeScalar(byte))
            }
        }
        return text
    }
}
