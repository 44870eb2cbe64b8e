import Foundation
import TestSupport

/// File names no editor would make: every control character, DEL, `"`, `\`, spaces, valid
/// and ill-formed UTF-8, C1 controls; and a repository whose index holds one file of each
/// name (written with `git update-index -z`, so no file system has to accept them).
enum HostileNames {
    /// The names, as bytes.
    static let names: [[UInt8]] = {
        var names: [[UInt8]] = [Array("plain.txt".utf8), Array("with space".utf8), Array("caf\u{E9}.txt".utf8)]
        for byte in UInt8(0x01)...UInt8(0x1F) { names.append(Array("c".utf8) + [byte] + Array("x".utf8)) }
        names += [
            Array("del\u{7F}".utf8), Array("say \"hi\"".utf8), Array("back\\slash".utf8), Array("\\\"\\".utf8),
            Array("a\"b\\c\td\ne".utf8), Array("\u{85}next-line".utf8), Array("\u{9F}c1".utf8),
            Array("emoji \u{1F600}".utf8), Array("\u{2028}sep".utf8), [0xFF, 0x61], [0x61, 0xC3], [0xC3, 0x28],
            [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF], [0x80], [0xFE, 0xFF, 0x22],
            Array("\u{E9}\u{7F}".utf8) + [0xFF],
        ]
        return names
    }()

    /// A repository with ``names`` in its index (`dir/` before each, to check prefixes too)
    /// and committed.
    static func repository() throws -> String {
        let repo = try Fixtures.temporaryDirectory()
        try Shell.git(["init", "-q"], in: repo)
        let blob = try Shell.run("git", ["hash-object", "-w", "--stdin"], in: repo, input: Array("x\n".utf8))
        let id = String(decoding: blob.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        var input: [UInt8] = []
        for name in names { input += Array("100644 \(id)\t".utf8) + Array("dir/".utf8) + name + [0] }
        let update = try Shell.run("git", ["update-index", "-z", "--add", "--index-info"], in: repo, input: input)
        guard update.status == 0 else { throw Failure(message: update.error) }
        try Shell.git(["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "names"], in: repo)
        return repo
    }

    /// A git command that failed.
    struct Failure: Error { let message: String }

    /// git's empty tree.
    static let emptyTree = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"

    /// The lines of `bytes`, without their line feeds.
    static func lines(_ bytes: [UInt8]) -> [[UInt8]] {
        bytes.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map(Array.init)
    }
}
