import Testing
import TestSupport
import GitRules

/// The quoting is git's: on a repository of hostile names, `git ls-files`, `git diff
/// --name-status` and the `diff --git` header lines of `git diff` print each name as
/// ``CQuoting`` quotes it, with `core.quotePath` true and false.
@Suite struct CQuotingGitTests {
    static let repository = Result { try HostileNames.repository() }

    /// The names as git lists them: `ls-files -z` (raw), in git's order.
    private func rawNames(_ repo: String) throws -> [[UInt8]] {
        try Shell.git(["ls-files", "-z"], in: repo).output.split(separator: 0).map(Array.init)
    }

    @Test(arguments: [true, false])
    func lsFilesQuotesAsWeDo(quotePath: Bool) throws {
        let repo = try Self.repository.get()
        let raw = try rawNames(repo)
        #expect(raw.count == HostileNames.names.count)
        let quoting = CQuoting(quotePath: quotePath)
        let listed = HostileNames.lines(try Shell.git(["-c", "core.quotePath=\(quotePath)", "ls-files"], in: repo).output)
        #expect(listed == raw.map(quoting.quoted))
        #expect(listed.contains { $0.first == UInt8(ascii: "\"") } && listed.contains { $0.first != UInt8(ascii: "\"") })
    }

    @Test(arguments: [true, false])
    func nameStatusQuotesAsWeDo(quotePath: Bool) throws {
        let repo = try Self.repository.get()
        let raw = try rawNames(repo)
        let quoting = CQuoting(quotePath: quotePath)
        let output = try Shell.git(["-c", "core.quotePath=\(quotePath)", "diff", "--name-status", HostileNames.emptyTree, "HEAD"], in: repo).output
        #expect(HostileNames.lines(output) == raw.map { Array("A\t".utf8) + quoting.quoted($0) })
    }

    @Test(arguments: [true, false])
    func patchHeadersQuotePrefixAndNameAsOne(quotePath: Bool) throws {
        let repo = try Self.repository.get()
        let raw = try rawNames(repo)
        let quoting = CQuoting(quotePath: quotePath)
        let output = try Shell.git(["-c", "core.quotePath=\(quotePath)", "diff", HostileNames.emptyTree, "HEAD"], in: repo).output
        let headers = HostileNames.lines(output).filter { $0.starts(with: Array("diff --git ".utf8)) }
        let expected = raw.map {
            Array("diff --git ".utf8) + quoting.quoted(prefix: Array("a/".utf8), $0) + [0x20] + quoting.quoted(prefix: Array("b/".utf8), $0)
        }
        #expect(headers == expected)
    }

    @Test func theBufferWriterCountsWhatItWrites() throws {
        for highBytes in [CQuoting.HighBytes.escaped, .kept, .keptWhenValidUTF8] {
            let quoting = CQuoting(highBytes: highBytes)
            for name in HostileNames.names {
                let quoted = quoting.quoted(name)
                var appended = Array("x".utf8)
                quoting.append(name, to: &appended)
                #expect(appended == Array("x".utf8) + quoted)
                #expect(name.withUnsafeBufferPointer(quoting.quotedCount) == quoted.count)
                #expect(name.withUnsafeBufferPointer(quoting.needsQuoting) == (quoted != name))
            }
        }
    }

    /// The tree and plain output's variant keeps valid UTF-8 (as `core.quotePath` false does)
    /// and escapes, byte by byte, only what is ill-formed or a C1 control.
    @Test func validUTF8IsKeptAndTheRestEscaped() {
        let quoting = CQuoting(highBytes: .keptWhenValidUTF8)
        let kept = CQuoting(quotePath: false)
        for name in HostileNames.names {
            let isClean = String(validating: name, as: UTF8.self).map { text in
                !text.unicodeScalars.contains { (0x80..<0xA0).contains($0.value) }
            } ?? false
            if isClean { #expect(quoting.quoted(name) == kept.quoted(name)) }
        }
        #expect(quoting.quoted(Array("caf\u{E9}".utf8)) == Array("caf\u{E9}".utf8))
        #expect(quoting.quoted([0x61, 0xFF]) == Array("\"a\\377\"".utf8))
        #expect(quoting.quoted(Array("\u{E9}\u{85}".utf8)) == Array("\"\u{E9}\\302\\205\"".utf8))
        #expect(quoting.quoted([0xE2, 0x82, 0x09]) == Array("\"\\342\\202\\t\"".utf8))
    }
}
