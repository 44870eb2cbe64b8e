import Render
import Testing

@Suite struct TerminalTextTests {
    private func escaped(_ bytes: [UInt8]) -> String { TerminalText.escaped(bytes) }

    @Test func keepsPrintableUTF8() {
        #expect(TerminalText.escaped("src/café/日本語 file.swift") == "src/café/日本語 file.swift")
    }

    @Test func escapesCommonControls() {
        #expect(TerminalText.escaped("a\u{1B}[31mred") == "a\\e[31mred")
        #expect(TerminalText.escaped("line\rover") == "line\\rover")
        #expect(TerminalText.escaped("two\nlines") == "two\\nlines")
        #expect(TerminalText.escaped("tab\there") == "tab\\there")
    }

    @Test func escapesOtherC0AndDEL() {
        #expect(TerminalText.escaped("bell\u{07}") == "bell\\x07")
        #expect(TerminalText.escaped("\u{00}\u{1F}") == "\\x00\\x1f")
        #expect(TerminalText.escaped("del\u{7F}") == "del\\x7f")
    }

    @Test func escapesC1Controls() {
        #expect(TerminalText.escaped("csi\u{9B}31m") == "csi\\u{9b}31m")
        #expect(TerminalText.escaped("\u{80}\u{85}\u{9F}") == "\\u{80}\\u{85}\\u{9f}")
        #expect(TerminalText.escaped("\u{A0}") == "\u{A0}")
    }

    /// A right-to-left override in a name (`\u{202E}gpj.exe`) would make a terminal show
    /// `exe.jpg`: every bidirectional formatting character is spelled out, and counted as wide
    /// as what is shown.
    @Test func spellsOutBidirectionalControls() {
        #expect(TerminalText.escaped("\u{202E}gpj.exe") == "\\u{202e}gpj.exe")
        for scalar: UInt32 in [0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x2066, 0x2067, 0x2068, 0x2069] {
            let text = "a" + String(Character(Unicode.Scalar(scalar)!)) + "b"
            var output: [UInt8] = []
            let width = TerminalText.append(text, to: &output)
            let shown = "a\\u{\(String(scalar, radix: 16))}b"
            #expect(String(decoding: output, as: UTF8.self) == shown)
            #expect(width == shown.count)
        }
        #expect(TerminalText.escaped("\u{2010}\u{202F}\u{2065}") == "\u{2010}\u{202F}\u{2065}", "neighbours are kept")
    }

    @Test func escapesInvalidUTF8BytePerByte() {
        #expect(escaped([0x61, 0xFF, 0x62]) == "a\\xffb")
        #expect(escaped(Array("caf".utf8) + [0xC3]) == "caf\\xc3")
        #expect(escaped([0xC0, 0xAF]) == "\\xc0\\xaf")
        #expect(escaped([0xED, 0xA0, 0x80]) == "\\xed\\xa0\\x80")
        #expect(escaped([0xF4, 0x90, 0x80, 0x80]) == "\\xf4\\x90\\x80\\x80")
        #expect(escaped([0xE6, 0x97, 0xA5, 0xE6, 0x97]) == "日\\xe6\\x97")
    }

    @Test func keepsBackslash() {
        #expect(TerminalText.escaped("a\\b\\e") == "a\\b\\e")
    }

    @Test func appendReportsWidthOfWhatItWrote() {
        var output: [UInt8] = []
        let width = TerminalText.append(Array("x\u{1B}日\u{9B}".utf8) + [0xFF], to: &output)
        #expect(String(decoding: output, as: UTF8.self) == "x\\e日\\u{9b}\\xff")
        #expect(width == 1 + 2 + 2 + 6 + 4)
    }

    @Test func widthOfWideCharacters() {
        #expect(TerminalText.displayWidth(of: "日本語") == 6)
        #expect(TerminalText.displayWidth(of: "한국어") == 6)
        #expect(TerminalText.displayWidth(of: "ＡＢ") == 4)
        #expect(TerminalText.displayWidth(of: "ｶﾀｶﾅ") == 4)
        #expect(TerminalText.displayWidth(of: "\u{3000}") == 2)
        #expect(TerminalText.displayWidth(of: "𠀋") == 2)
    }

    @Test func widthOfEmoji() {
        #expect(TerminalText.displayWidth(of: "🎉") == 2)
        #expect(TerminalText.displayWidth(of: "🚀x") == 3)
        #expect(TerminalText.displayWidth(of: "🦀") == 2)
        #expect(TerminalText.displayWidth(of: "❤\u{FE0F}") == 1)
    }

    @Test func widthOfCombiningAndZeroWidth() {
        #expect(TerminalText.displayWidth(of: "e\u{301}") == 1)
        #expect(TerminalText.displayWidth(of: "a\u{20DD}") == 1)
        #expect(TerminalText.displayWidth(of: "\u{200D}\u{FE0F}") == 0)
        #expect(TerminalText.displayWidth(of: "\u{1100}\u{1161}") == 2)
        #expect(TerminalText.displayWidth(of: "ascii") == 5)
        #expect(TerminalText.width(of: "→") == 1)
    }
}
