import Testing
import TreeModel
@testable import Render

/// The diff pane's rows for a width: wrapping and cutting, tab stops, wide characters, styles
/// carried over a wrap, and the pager's text.
struct DiffPaneLayoutTests {
    /// A patch of one added line `text` (after its `+`), colored with git's defaults.
    static func content(_ text: String, colors: PatchColors? = .git) throws -> DiffPaneContent {
        let bytes = Array("+\(text)\n".utf8)
        let line = PatchText.Line(kind: .insertion, range: 0..<(bytes.count - 1))
        return try DiffPaneContent(patch: PatchText(bytes: bytes, lines: [line]), colors: colors)
    }

    static func texts(_ lines: DiffPaneLines) -> [String] {
        lines.rows.map { String(decoding: DiffPaneChecks.split($0.bytes).text, as: UTF8.self) }
    }

    @Test func longLinesWrapIntoRowsOfThePanesWidth() throws {
        let lines = try Self.content(String(repeating: "abcdefghij", count: 2) + "xyzw", colors: nil).lines(width: 10)
        #expect(Self.texts(lines) == ["+abcdefghi", "jabcdefghi", "jxyzw"])
        #expect(lines.rows.map(\.width) == [10, 10, 5])
        #expect(lines.rows.map(\.line) == [0, 0, 0])
        #expect(lines.rows.map(\.isContinuation) == [false, true, true])
    }

    @Test func longLinesAreCutWhenAsked() throws {
        let lines = try Self.content(String(repeating: "x", count: 30), colors: nil).lines(width: 10, overflow: .truncate)
        #expect(Self.texts(lines) == ["+xxxxxxxxx"])
        #expect(lines.rows.map(\.width) == [10])
    }

    @Test func tabsExpandToEightColumnStopsAcrossAWrap() throws {
        let lines = try Self.content("\tx\tyz", colors: nil).lines(width: 12)
        #expect(Self.texts(lines) == ["+       x   ", "    yz"])
        #expect(lines.rows.map(\.width) == [12, 6])
    }

    @Test func wideCharactersTakeTwoColumnsAndAreNotSplit() throws {
        let lines = try Self.content("日本語", colors: nil).lines(width: 4)
        #expect(Self.texts(lines) == ["+日", "本語"])
        #expect(lines.rows.map(\.width) == [3, 4])
        let narrow = try Self.content("日", colors: nil).lines(width: 1)
        #expect(Self.texts(narrow) == ["+", "?"])
    }

    @Test func aWrappedLineKeepsItsColorOnEveryRow() throws {
        let lines = try Self.content("abcdefgh").lines(width: 4)
        let green = Array("\u{1B}[32m".utf8), reset = Array("\u{1B}[m".utf8)
        #expect(lines.rows.map(\.bytes) == [
            green + Array("+".utf8) + reset + green + Array("abc".utf8) + reset,
            green + Array("defg".utf8) + reset,
            green + Array("h".utf8) + reset,
        ])
    }

    @Test func theCarriageReturnOfACRLFLineIsNotShown() throws {
        let lines = try Self.content("dos\r", colors: nil).lines(width: 20)
        #expect(Self.texts(lines) == ["+dos"])
        #expect(try Self.content("dos\r", colors: nil).pagerText == Array("+dos\n".utf8))
    }

    @Test func controlCharactersAreSpelledOutAndMeasured() throws {
        let lines = try Self.content("\u{1B}]0;title\u{07}\u{9B}2J", colors: .git).lines(width: 80)
        #expect(Self.texts(lines) == [#"+\e]0;title\x07\u{9b}2J"#])
        #expect(lines.rows[0].width == 23)
        #expect(DiffPaneChecks.controls(lines.rows[0].bytes) == [])
    }

    @Test func thePagerGetsWholeLinesWithTabsAndColors() throws {
        let content = try Self.content("\tlong line \u{1B}[2J")
        #expect(content.pagerText == Array("\u{1B}[32m+\u{1B}[m\t\u{1B}[32mlong line \\e[2J\u{1B}[m\n".utf8))
        #expect(content.lineCount == 1)
    }

    @Test func aMessageIsOneSafeLine() {
        let lines = DiffPaneContent(message: "filter failed \u{1B}[31m").lines(width: 40)
        #expect(Self.texts(lines) == [#"filter failed \e[31m"#])
    }

    @Test func firstRowOfALineFindsWrappedLines() throws {
        let bytes = Array("+aaaaaaaaaa\n+b\n+cccccccccc\n".utf8)
        let lines = [0..<11, 12..<14, 15..<26].map { PatchText.Line(kind: .insertion, range: $0) }
        let pane = try DiffPaneContent(patch: PatchText(bytes: bytes, lines: lines), colors: nil).lines(width: 5)
        #expect(pane.rows.map(\.line) == [0, 0, 0, 1, 2, 2, 2])
        #expect([0, 1, 2, 3].map(pane.firstRow(ofLine:)) == [0, 3, 4, 6])
    }

    @Test(arguments: [1, 2, 3, 7, 13, 80])
    func everyRowFitsItsWidth(_ width: Int) throws {
        let content = try Self.content("a\tb 日本 \u{1B}[1m bold\u{7F} é\u{301} \u{1F600} end")
        for overflow in [DiffPaneLines.Overflow.wrap, .truncate] {
            let lines = content.lines(width: width, overflow: overflow)
            for row in lines.rows {
                let text = String(decoding: DiffPaneChecks.split(row.bytes).text, as: UTF8.self)
                #expect(row.width == TerminalText.displayWidth(of: text))
                #expect(row.width <= width)
                #expect(DiffPaneChecks.controls(row.bytes) == [])
            }
        }
    }
}
