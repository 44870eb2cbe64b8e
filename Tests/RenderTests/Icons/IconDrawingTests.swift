import Render
import Testing
import TreeModel

/// Drawing a resolved icon: glyph or name, colored or not, and its display width.
struct IconDrawingTests {
    private func draw(_ drawing: IconDrawing, _ icon: IconResolution, color: Bool) -> (text: String, width: Int) {
        var output: [UInt8] = Array("x".utf8)
        let width = drawing.append(icon, color: color, to: &output)
        return (String(decoding: output.dropFirst(), as: UTF8.self), width)
    }

    private let swift = IconResolution(name: "lang-swift", rule: .builtInExtension, colored: true)

    @Test func nerdFontGlyphAndASpace() {
        #expect(draw(.nerdFont, swift, color: false) == ("\u{E755} ", 2))
        #expect(draw(.nerdFont, swift, color: true) == ("\u{1B}[38;5;208m\u{E755}\u{1B}[0m ", 2))
    }

    @Test func uncoloredResolutionsStayPlainEvenWithColorOn() {
        let monochrome = IconResolution(name: "lang-swift", rule: .builtInExtension, colored: false)
        #expect(draw(.nerdFont, monochrome, color: true) == ("\u{E755} ", 2))
    }

    @Test func unknownNamesDrawTheFallback() {
        let unknown = IconResolution(name: "mystery", rule: .userExtension, colored: true)
        #expect(draw(.nerdFont, unknown, color: false) == ("\u{F15B} ", 2))
        #expect(draw(.names, unknown, color: false) == ("mystery ", 8))
    }

    @Test func namesDrawTheNameAsText() {
        #expect(draw(.names, swift, color: false) == ("lang-swift ", 11))
        #expect(draw(.names, swift, color: true) == ("\u{1B}[38;5;208mlang-swift\u{1B}[0m ", 11))
    }

    @Test func noneDrawsNothing() {
        #expect(draw(.none, swift, color: true) == ("", 0))
        #expect(draw(.none, swift, color: false) == ("", 0))
    }

    @Test func drawingsAreNamedForTheCommandLine() {
        #expect(IconDrawing.allCases.map(\.rawValue) == ["nerd-font", "names", "none"])
    }

    @Test func resolverToBytes() throws {
        let resolver = IconResolver(overrides: try IconOverrides(parsing: ["ext:spec.ts=test"]))
        var output: [UInt8] = []
        var width = 0
        for name in ["Button.spec.ts", "Button.ts", "README.md", "unknown.xyz"] {
            width += IconDrawing.nerdFont.append(resolver.resolveFile(named: name), color: false, to: &output)
        }
        width += IconDrawing.nerdFont.append(resolver.resolveDirectory(expanded: true), color: false, to: &output)
        #expect(String(decoding: output, as: UTF8.self) == "\u{F0668} \u{E628} \u{E73E} \u{F15B} \u{F07C} ")
        #expect(width == 10)
    }
}
