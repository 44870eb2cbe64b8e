import Foundation
import Testing
import TreeModel
import TestSupport
@testable import Render

/// `interactive.diffFilter`: the colored patch piped through a command run by `sh -c`, its
/// output shown with only its SGR sequences kept.
struct DiffPaneFilterTests {
    static let patch: PatchText = {
        let bytes = Array("@@ -1 +1 @@\n-old\n+new\n".utf8)
        return PatchText(bytes: bytes, lines: [
            .init(kind: .hunkHeader, range: 0..<11), .init(kind: .deletion, range: 12..<16),
            .init(kind: .insertion, range: 17..<21),
        ])
    }()

    static func filter(_ command: String, directory: String? = nil, timeout: Double? = nil) -> PatchFilter {
        PatchFilter(command: command, environment: TestEnvironment.variables(adding: ["GREETING": "hello"]),
                    directory: directory, timeout: timeout)
    }

    static func texts(_ content: DiffPaneContent, width: Int = 80) -> [String] {
        content.lines(width: width).rows.map { String(decoding: DiffPaneChecks.split($0.bytes).text, as: UTF8.self) }
    }

    @Test func theFilterGetsTheColoredPatchAndItsOutputIsShown() throws {
        let content = try DiffPaneContent(patch: Self.patch, colors: .git, filter: Self.filter("sed 's/^/> /'"))
        let rows = content.lines(width: 80).rows.map(\.bytes)
        let colored = PatchColors.git.colored(Self.patch).split(separator: 0x0A).map { Array("> ".utf8) + $0 }
        #expect(rows == colored)
        #expect(Self.texts(content) == ["> @@ -1 +1 @@", "> -old", "> +new"])
    }

    @Test func aCatFilterShowsWhatNoFilterShows() throws {
        let filtered = try DiffPaneContent(patch: Self.patch, colors: .git, filter: Self.filter("cat"))
        let direct = try DiffPaneContent(patch: Self.patch, colors: .git)
        for width in [3, 8, 80] {
            #expect(filtered.lines(width: width).rows.map(\.bytes) == direct.lines(width: width).rows.map(\.bytes))
        }
        #expect(filtered.pagerText == direct.pagerText)
    }

    @Test func onlySGRSequencesOfTheOutputPass() throws {
        let script = #"cat >/dev/null; printf '\033]0;title\007\033[2J\033[1;31mred\033[m \233 \302\233x\033[38:5:1mz\n'"#
        let content = try DiffPaneContent(patch: Self.patch, colors: .git, filter: Self.filter(script))
        let rows = content.lines(width: 80).rows
        #expect(rows.count == 1)
        let expected = #"\e]0;title\x07\e[2J"# + "\u{1B}[1;31mred\u{1B}[m" + #" \x9b \u{9b}x"# + "\u{1B}[38:5:1mz\u{1B}[m"
        #expect(rows.first?.bytes == Array(expected.utf8), "\(DiffPaneChecks.visible(rows.first?.bytes ?? []))")
        #expect(DiffPaneChecks.controls(content.pagerText)?.allSatisfy { $0 == "\n" } == true)
    }

    @Test func aFailingFilterSaysHowItFailed() {
        #expect(throws: PatchFilter.Failure(reason: "exited with status 3", command: "exit 3")) {
            try DiffPaneContent(patch: Self.patch, colors: .git, filter: Self.filter("exit 3"))
        }
        #expect(throws: PatchFilter.Failure(reason: "was killed by signal 9", command: "kill -9 $$")) {
            try DiffPaneContent(patch: Self.patch, colors: nil, filter: Self.filter("kill -9 $$"))
        }
    }

    @Test func aFilterThatReadsNothingStillShows() throws {
        let big = Array(repeating: UInt8(ascii: "x"), count: 1 << 21) + [0x0A]
        let patch = PatchText(bytes: big, lines: [.init(kind: .context, range: 0..<(big.count - 1))])
        let content = try DiffPaneContent(patch: patch, colors: nil, filter: Self.filter("echo done"))
        #expect(Self.texts(content) == ["done"])
    }

    @Test func theFilterRunsInTheDirectoryWithTheEnvironment() throws {
        let directory = try Fixtures.temporaryDirectory() + "/it's a \"dir\""
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let content = try DiffPaneContent(patch: Self.patch, colors: nil,
                                          filter: Self.filter(#"cat >/dev/null; pwd; echo "$GREETING""#, directory: directory))
        let texts = Self.texts(content, width: 1000)
        #expect(texts.count == 2)
        #expect(texts.first.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path }
            == URL(fileURLWithPath: directory).resolvingSymlinksInPath().path)
        #expect(texts.last == "hello")
    }

    @Test func aFilterTakingTooLongIsKilledWithWhatItStarted() throws {
        let started = Date()
        #expect(throws: PatchFilter.Failure(reason: "took longer than 0.5 seconds", command: "sleep 30 & sleep 30")) {
            try DiffPaneContent(patch: Self.patch, colors: nil, filter: Self.filter("sleep 30 & sleep 30", timeout: 0.5))
        }
        #expect(Date().timeIntervalSince(started) < 25, "ended by the timeout, not by the 30-second sleeps")
        let quick = try DiffPaneContent(patch: Self.patch, colors: nil, filter: Self.filter("cat", timeout: 20))
        #expect(Self.texts(quick) == ["@@ -1 +1 @@", "-old", "+new"])
    }

    /// The filter's shell leads a session of its own (field 6 of `/proc/<pid>/stat` is the
    /// session), so it has no controlling terminal to write to.
    @Test func aFilterHasNoTerminalToWriteTo() throws {
        let script = #"cat >/dev/null; echo "$$ $(cut -d' ' -f6 /proc/$$/stat)"; (: >/dev/tty) 2>/dev/null && echo tty || echo none"#
        let texts = Self.texts(try DiffPaneContent(patch: Self.patch, colors: nil, filter: Self.filter(script)))
        #expect(texts.count == 2)
        let ids = texts.first?.split(separator: " ") ?? []
        #expect(ids.count == 2 && ids.first == ids.last, "\(texts)")
        #expect(texts.last == "none")
    }
}
