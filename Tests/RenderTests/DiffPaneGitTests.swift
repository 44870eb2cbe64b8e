import Testing
import TreeModel
import TestSupport
import GitAdapter
@testable import Render

/// The diff pane against git: every row of a line without control characters is the line of
/// `git diff --color=always` (tabs expanded, a final CR left out); lines with control
/// characters in them never pass one on; binary files and submodules as git states them.
struct DiffPaneGitTests {
    /// The pane's content for every file `git diff -M <arguments>` shows, with the changes.
    static func contents(_ path: String, _ request: ComparisonRequest) throws -> [(FileChange, PatchText, DiffPaneContent)] {
        let repository = try Repository.open(at: path, environment: TestEnvironment.variables())
        let config = try repository.readConfig()
        let colors = config.colorsDiffOnTerminal ? PatchColors(configured: config.diffColors) : nil
        let changes = try repository.changes(for: request, config: config)
        return try changes.changes.filter { $0.status != .untracked }.map { change in
            let patch = try repository.patch(for: change, in: changes, config: config)
            return (change, patch, try DiffPaneContent(patch: patch, colors: colors))
        }
    }

    /// git's colored line as the pane shows it: tabs expanded to 8-column stops (SGR
    /// sequences take no column), a CR that is the last text of the line left out.
    static func expected(_ line: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        var column = 0
        var index = 0
        var lastText: Int?
        while index < line.count {
            if let end = DiffPaneChecks.sgrEnd(line, at: index) {
                output += line[index..<end]
                index = end
                continue
            }
            let byte = line[index]
            if byte == 0x09 {
                let spaces = 8 - column % 8
                output += Array(repeating: 0x20, count: spaces)
                column += spaces
            } else {
                lastText = output.count
                output.append(byte)
                if byte & 0xC0 != 0x80 { column += 1 }
            }
            index += 1
        }
        if let lastText, output[lastText] == 0x0D { output.remove(at: lastText) }
        return output
    }

    static let settings: [[String]] = [
        [],
        ["color.diff.meta=blue reverse", "color.diff.frag=#ff0000 bold", "color.diff.new=brightgreen ul",
         "core.whitespace=tab-in-indent,cr-at-eol", "diff.wsErrorHighlight=all"],
        ["color.ui=false"],
        ["color.ui=never", "color.diff=auto"],
    ]

    @Test(arguments: settings)
    func rowsEqualGitDiffColorLineForLine(_ setting: [String]) throws {
        let path = setting.isEmpty ? try Fixtures.repository("patches") : try Fixtures.fresh("patches")
        for pair in setting {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            try Shell.git(["config", parts[0], parts[1]], in: path)
        }
        let onTerminal = try Shell.run("git", ["config", "--get-colorbool", "color.diff", "true"], in: path,
                                       environment: ["TERM": "xterm"]).text
        let colorOption = onTerminal == "true\n" ? "--color=always" : "--color=never"
        for (request, arguments) in [(ComparisonRequest(revisions: ["HEAD~1..HEAD"]), ["HEAD~1..HEAD"]),
                                     (ComparisonRequest(), ["HEAD"])] {
            var rows: [(plain: ArraySlice<UInt8>, row: DiffPaneLines.Row)] = []
            for (_, patch, content) in try Self.contents(path, request) {
                let pane = content.lines(width: 10_000, overflow: .truncate)
                #expect(pane.rows.count == patch.lines.count)
                rows += zip(patch.lines.map(patch.text(of:)), pane.rows).map { ($0, $1) }
            }
            var gitLines = try Shell.git(["diff", colorOption, "-M"] + arguments, in: path).output
                .split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
            gitLines.removeLast()
            #expect(rows.count == gitLines.count)
            for ((plain, row), gitLine) in zip(rows, gitLines) {
                #expect(DiffPaneChecks.controls(row.bytes) == [], "\(DiffPaneChecks.visible(row.bytes))")
                let hasControls = String(validating: plain, as: UTF8.self).map { text in
                    let scalars = text.unicodeScalars.last == "\r" ? text.unicodeScalars.dropLast() : text.unicodeScalars[...]
                    return scalars.contains { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F }
                } ?? true
                if hasControls { continue }
                #expect(row.bytes == Self.expected(gitLine),
                        "\(setting)\nours: \(DiffPaneChecks.visible(row.bytes))\ngit:  \(DiffPaneChecks.visible(gitLine))")
            }
        }
    }

    @Test func fileContentNeverSendsAControlSequence() throws {
        let path = try Fixtures.repository("patches")
        let (_, _, content) = try #require(try Self.contents(path, ComparisonRequest(revisions: ["HEAD~1..HEAD"]))
            .first { $0.0.path.bytes == Array("control.txt".utf8) })
        let texts = content.lines(width: 200).rows.map { String(decoding: DiffPaneChecks.split($0.bytes).text, as: UTF8.self) }
        #expect(texts.contains(#"+\e[31mred\e[0m and \x07 bell"#))
        #expect(DiffPaneChecks.controls(content.pagerText)?.allSatisfy { $0 == "\t" || $0 == "\n" } == true)
    }

    @Test func hostileNamesAreQuotedAndSpelledOut() throws {
        let path = try Fixtures.fresh("hostile-names")
        try Shell.git(["config", "core.quotePath", "false"], in: path)
        let contents = try Self.contents(path, ComparisonRequest(revisions: ["HEAD~1..HEAD"]))
        #expect(contents.count >= 9)
        for (_, _, content) in contents {
            for row in content.lines(width: 30).rows {
                #expect(DiffPaneChecks.controls(row.bytes) == [], "\(DiffPaneChecks.visible(row.bytes))")
            }
            #expect(DiffPaneChecks.controls(content.pagerText)?.allSatisfy { $0 == "\t" || $0 == "\n" } == true)
        }
    }

    @Test func aBinaryFileIsOneLine() throws {
        let path = try Fixtures.repository("patches")
        let (_, patch, content) = try #require(try Self.contents(path, ComparisonRequest(revisions: ["HEAD~1..HEAD"]))
            .first { $0.0.path.bytes == Array("data.bin".utf8) })
        let texts = content.lines(width: 200).rows.map { String(decoding: DiffPaneChecks.split($0.bytes).text, as: UTF8.self) }
        #expect(patch.lines.filter { $0.kind != .header }.map(\.kind) == [.plain])
        #expect(texts.last == "Binary files a/data.bin and b/data.bin differ")
        let git = try Shell.git(["diff", "HEAD~1..HEAD", "--", "data.bin"], in: path).text
        #expect(texts.joined(separator: "\n") + "\n" == git)
    }

    @Test func aSubmoduleIsItsCommitLines() throws {
        let path = try Fixtures.repository("submodules")
        let contents = try Self.contents(path, ComparisonRequest(revisions: ["HEAD~1..HEAD"]))
        let (_, patch, content) = try #require(contents.first { $0.0.path.bytes == Array("sub".utf8) })
        let texts = content.lines(width: 200).rows.map { String(decoding: DiffPaneChecks.split($0.bytes).text, as: UTF8.self) }
        #expect(patch.lines.filter { $0.kind == .deletion || $0.kind == .insertion }.count == 2)
        #expect(texts.suffix(2).allSatisfy { $0.dropFirst().hasPrefix("Subproject commit ") })
        let git = try Shell.git(["diff", "HEAD~1..HEAD", "--", "sub"], in: path).text
        #expect(texts.joined(separator: "\n") + "\n" == git)
    }
}
