import Browser
import TerminalUI
import Testing

struct LineFittingTests {
    @Test func aLineThatFitsIsKept() {
        let line = Line(ascii: "hello")
        #expect(LineFitting.fitted(line, to: 5) == line)
    }

    @Test func aLongLineIsCutAndItsStylesKept() {
        var line = Line()
        line.appendStyle("31")
        line.append(bytes: Array("héllo wörld".utf8), width: 11)
        let fitted = LineFitting.fitted(line, to: 4)
        #expect(fitted.width == 4)
        #expect(fitted.bytes == Array("\u{1B}[31mhéll\u{1B}[0m".utf8))
    }

    @Test func aWideCharacterCrossingTheEdgeIsLeftOut() {
        let line = Line(bytes: Array("ab漢字".utf8), width: 6)
        let fitted = LineFitting.fitted(line, to: 3)
        #expect(fitted.width == 2)
        #expect(fitted.bytes.starts(with: Array("ab".utf8)))
        #expect(LineFitting.exactly(line, width: 3).width == 3)
    }
}
