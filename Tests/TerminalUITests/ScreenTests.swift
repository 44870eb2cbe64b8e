import TestSupport
import Testing
@testable import TerminalUI

@Suite struct ScreenTests {
    private let size = TerminalSize(columns: 20, rows: 5)

    private func frame(_ texts: [String]) -> Frame {
        Frame(rows: texts.map { Line(ascii: $0) })
    }

    /// The zero-based rows whose first column the output moves to, in order.
    private func writtenRows(_ output: [UInt8]) -> [Int] {
        String(decoding: output, as: UTF8.self).matches(of: /\u{1B}\[(\d+);1H/).map { Int($0.1)! - 1 }
    }

    private func contains(_ output: [UInt8], _ sequence: String) -> Bool {
        String(decoding: output, as: UTF8.self).contains(sequence)
    }

    @Test func firstFrameClearsAndWritesEveryNonBlankRow() {
        var screen = Screen(size: size)
        let output = screen.render(frame(["title", "", "row 2", "row 3"]))
        #expect(contains(output, "\u{1B}[2J"))
        #expect(writtenRows(output) == [0, 2, 3])
        var terminal = ScreenEmulator(columns: 20, rows: 5)
        terminal.apply(output)
        #expect(terminal.text == ["title", "", "row 2", "row 3", ""])
    }

    @Test func anUnchangedFrameWritesNothing() {
        var screen = Screen(size: size)
        _ = screen.render(frame(["a", "b", "c"]))
        #expect(screen.render(frame(["a", "b", "c"])).isEmpty)
    }

    @Test func onlyChangedRowsAreWritten() {
        var screen = Screen(size: size)
        _ = screen.render(frame(["a", "b", "c", "d", "e"]))
        let output = screen.render(frame(["a", "B", "c", "d", "E"]))
        #expect(writtenRows(output) == [1, 4])
        #expect(!contains(output, "\u{1B}[2J"))
        #expect(output.count < 60)
    }

    @Test func aRowThatGoesBlankIsErased() {
        var screen = Screen(size: size)
        var terminal = ScreenEmulator(columns: 20, rows: 5)
        terminal.apply(screen.render(frame(["a", "long row", "c"])))
        let output = screen.render(frame(["a"]))
        #expect(writtenRows(output) == [1, 2])
        terminal.apply(output)
        #expect(terminal.text == ["a", "", "", "", ""])
    }

    @Test func aShorterRowErasesToTheEndButAFullRowDoesNot() {
        var screen = Screen(size: size)
        _ = screen.render(frame(["a long row here"]))
        #expect(contains(screen.render(frame(["short"])), "\u{1B}[K"))
        let full = String(repeating: "x", count: 20)
        #expect(!contains(screen.render(frame([full])), "\u{1B}[K"))
    }

    @Test func everyRowEndsWithAttributesReset() {
        var screen = Screen(size: size)
        var styled = Line()
        styled.appendStyle("7")
        styled.append(Line(ascii: "reverse"))
        let output = String(decoding: screen.render(Frame(rows: [styled])), as: UTF8.self)
        #expect(output.contains("\u{1B}[1;1H\u{1B}[7mreverse\u{1B}[0m\u{1B}[K"))
    }

    @Test func resizeAndInvalidateRedrawWhole() {
        var screen = Screen(size: size)
        let rows = frame(["a", "b"])
        _ = screen.render(rows)
        screen.invalidate()
        let again = screen.render(rows)
        #expect(contains(again, "\u{1B}[2J") && writtenRows(again) == [0, 1])
        screen.resize(to: TerminalSize(columns: 10, rows: 3))
        #expect(writtenRows(screen.render(rows)) == [0, 1])
        #expect(screen.size == TerminalSize(columns: 10, rows: 3))
    }

    @Test func rowsPastTheBottomAreIgnored() {
        var screen = Screen(size: TerminalSize(columns: 20, rows: 2))
        #expect(writtenRows(screen.render(frame(["a", "b", "c", "d"]))) == [0, 1])
    }

    @Test func showsMovesAndHidesTheCursor() {
        var screen = Screen(size: size)
        let shown = screen.render(Frame(rows: [Line(ascii: "find: x")], cursor: CursorPosition(row: 0, column: 7)))
        #expect(String(decoding: shown, as: UTF8.self).hasSuffix("\u{1B}[1;8H\u{1B}[?25h\u{1B}[?2026l"))
        #expect(screen.render(Frame(rows: [Line(ascii: "find: x")], cursor: CursorPosition(row: 0, column: 7))).isEmpty)
        let moved = screen.render(Frame(rows: [Line(ascii: "find: xy")], cursor: CursorPosition(row: 0, column: 8)))
        #expect(contains(moved, "\u{1B}[?25l") && contains(moved, "\u{1B}[1;9H\u{1B}[?25h"))
        let hidden = screen.render(Frame(rows: [Line(ascii: "find: xy")]))
        #expect(String(decoding: hidden, as: UTF8.self) == "\u{1B}[?2026h\u{1B}[?25l\u{1B}[?2026l")
    }

    @Test func randomFramesLeaveTheTerminalShowingTheLastOne() {
        var generator = SeededGenerator(state: 0x5C4EE2)
        var screen = Screen(size: TerminalSize(columns: 12, rows: 6))
        var terminal = ScreenEmulator(columns: 12, rows: 6)
        let words = ["", "a", "tree", "diff view", "src/", "12 characters"]
        for _ in 0..<300 {
            let texts = (0..<Int.random(in: 0...8, using: &generator)).map { _ in
                String(words.randomElement(using: &generator)!.prefix(12))
            }
            terminal.apply(screen.render(frame(texts)))
            let expected = (texts + Array(repeating: "", count: 6)).prefix(6).map { $0 }
            #expect(terminal.text == expected)
        }
    }
}

@Suite struct LineTests {
    @Test func measuresASCIIAndReplacesControls() {
        let line = Line(ascii: "a\u{1B}b\tc")
        #expect(line.bytes == Array("a?b?c".utf8))
        #expect(line.width == 5)
        #expect(Line(ascii: "日本").width == 2)
    }

    @Test func padsAndAppendsWithTheCallersWidths() {
        var line = Line(bytes: Array("日本".utf8), width: 4)
        line.appendStyle("1;38;5;2")
        line.pad(to: 6)
        line.append(Line(ascii: "|"))
        #expect(line.width == 7)
        #expect(String(decoding: line.bytes, as: UTF8.self) == "日本\u{1B}[1;38;5;2m  |")
        line.pad(to: 3)
        #expect(line.width == 7)
    }

    @Test func styleParametersCannotCarryOtherSequences() {
        var line = Line()
        line.appendStyle("1m\u{1B}[2J")
        #expect(String(decoding: line.bytes, as: UTF8.self) == "\u{1B}[12m")
        #expect(line.width == 0)
    }
}
