import Render
import Testing
import TreeModel

@Suite struct PlainRendererTests {
    private func report(_ paths: [[UInt8]]) -> Report {
        ReportFixtures.report(paths.map { FileChange(status: .modified, path: RawPath(bytes: $0)) })
    }

    private func plain(_ paths: [[UInt8]], nul: Bool = false) -> [UInt8] {
        var output: [UInt8] = []
        PlainRenderer().render(report(paths), options: RenderOptions(nulTerminated: nul), into: &output)
        return output
    }

    private func line(_ path: [UInt8]) -> String {
        String(decoding: plain([path]), as: UTF8.self)
    }

    @Test func writesOnePathPerLineInOrder() {
        let text = String(decoding: plain(["b/x.c", "a b.txt", "日本/ファイル.md"].map(ReportFixtures.bytes)), as: UTF8.self)
        #expect(text == "a b.txt\nb/x.c\n日本/ファイル.md\n")
    }

    @Test func quotesControlsQuotesAndBackslashes() {
        #expect(line(ReportFixtures.bytes("a\tb")) == "\"a\\tb\"\n")
        #expect(line(ReportFixtures.bytes("new\nline")) == "\"new\\nline\"\n")
        #expect(line(ReportFixtures.bytes("say \"hi\"")) == "\"say \\\"hi\\\"\"\n")
        #expect(line(ReportFixtures.bytes("back\\slash")) == "\"back\\\\slash\"\n")
        #expect(line(ReportFixtures.bytes("\u{07}\u{08}\u{0B}\u{0C}\r")) == "\"\\a\\b\\v\\f\\r\"\n")
        #expect(line(ReportFixtures.bytes("esc\u{1B}[31m")) == "\"esc\\033[31m\"\n")
        #expect(line(ReportFixtures.bytes("del\u{7F}")) == "\"del\\177\"\n")
    }

    @Test func quotesInvalidUTF8AndC1InOctal() {
        #expect(line(Array("caf".utf8) + [0xC3]) == "\"caf\\303\"\n")
        #expect(line([0xFF] + Array("é".utf8)) == "\"\\377é\"\n")
        #expect(line(ReportFixtures.bytes("csi\u{9B}")) == "\"csi\\302\\233\"\n")
    }

    @Test func keepsValidNonASCIIUnquoted() {
        #expect(line(ReportFixtures.bytes("café/🎉.txt")) == "café/🎉.txt\n")
    }

    @Test func nulTerminatedWritesExactBytes() {
        let paths: [[UInt8]] = [
            ReportFixtures.bytes("a\tb\nc"),
            Array("bad".utf8) + [0xFF, 0x1B],
            ReportFixtures.bytes("q\"\\"),
        ]
        let sorted = paths.sorted { $0.lexicographicallyPrecedes($1) }
        let expected: [UInt8] = sorted.flatMap { path -> [UInt8] in path + [0] }
        #expect(plain(paths, nul: true) == expected)
    }

    @Test func emptyReportWritesNothing() {
        #expect(plain([]).isEmpty)
        #expect(plain([], nul: true).isEmpty)
    }
}
