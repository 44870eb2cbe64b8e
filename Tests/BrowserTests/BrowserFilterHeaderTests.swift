import Browser
import Foundation
import Render
import TestSupport
import Testing
import TreeModel

/// The browser's header says what the command line's filters kept of how many files, in the
/// printed header's words, and keeps the filters whole when the totals must be shortened;
/// in tmux, `treereview -i --status=R` against git's count.
@Suite(.serialized) struct BrowserFilterHeaderTests {
    static let filters = ActiveFilters([.status(kept: [.added], dropped: [])], comparisonFiles: smallChanges.count)
    static let added = smallChanges.filter { $0.status == .added }

    /// The printed tree's header for `changes` chosen by `filters`.
    static func printedHeader(_ changes: [FileChange]) -> String {
        var output: [UInt8] = []
        let report = Report(comparison: ComparisonLabel(kind: .commits, spec: "x", old: nil, new: nil, title: "main...feature"),
                            view: TreeView(changeTree: ChangeTree(changes: changes)), linesCounted: true, filters: filters)
        TreeRenderer().render(report, options: RenderOptions(), into: &output)
        return String(String(decoding: output, as: UTF8.self).prefix { $0 != "\n" })
    }

    @Test func theHeaderSaysWhatTheFiltersKeptAsThePrintedOneDoes() throws {
        var harness = try BrowserHarness(Self.added, columns: 120) { $0.filters = Self.filters }
        let header = harness.screen()[0]
        #expect(header == Self.printedHeader(Self.added))
        #expect(header.hasPrefix("main...feature · \(Self.added.count) of \(smallChanges.count) files changed, "))
        #expect(header.hasSuffix(" · status A"))
    }

    @Test func onANarrowScreenTheFiltersStayWhole() throws {
        var harness = try BrowserHarness(Self.added, columns: 40) { $0.filters = Self.filters }
        let header = harness.screen()[0]
        #expect(header.hasSuffix("… · status A"), "\(header)")
        #expect(header.count <= 40)
    }

    @Test func theStatusOptionShowsInTheHeaderOnATerminal() async throws {
        let repository = try Fixtures.repository("branches")
        let all = try GitOracle.changes(in: repository, ["main...feature"]).count
        let kept = try GitOracle.changes(in: repository, ["--diff-filter=R", "main...feature"]).count
        let pane = try await TmuxPane.forBrowser(columns: 120)
        try await pane.startBrowser(in: repository, "--status=R main...feature", title: "main...feature")
        let screen = try await pane.waitForScreen("the header") { $0.first?.contains(" files changed") == true }
        #expect(screen[0].hasPrefix("main...feature · \(kept) of \(all) files changed, "), "\(screen[0])")
        #expect(screen[0].contains(" · status R · "), "\(screen[0])")
        try pane.press("q")
        try await pane.waitForScreen("the prompt") { $0.last { !$0.isEmpty }?.hasPrefix("PROMPT$") == true }
    }
}
