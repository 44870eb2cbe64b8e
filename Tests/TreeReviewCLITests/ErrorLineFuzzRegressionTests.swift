import Foundation
import Testing
import TestSupport

/// Found by the `options` fuzz target: an error message quoting a LF followed by a combining
/// mark (U+0592 in the input found) came out on two lines, because Foundation's
/// `replacingOccurrences(of: "\n", …)` does not match such a LF. Every message must stay one
/// line, whatever the argument, config value or stdin path it quotes.
struct ErrorLineFuzzRegressionTests {
    /// The argument the fuzzer found: its NUL bytes stood for LFs, and it was decoded lossily.
    static let foundArgument: String = {
        let bytes: [UInt8] = [0x2D, 0x2D, 0x3F, 0x4B, 0x82, 0x5D, 0xC6, 0x42, 0xCB, 0x6E, 0xB9, 0xA0, 0x0A, 0x0A, 0x0A, 0x0A,
                              0xD6, 0x92, 0x88, 0xFB, 0xEE, 0x49, 0x04] + Array(repeating: 0x9A, count: 19) + [0x39, 0x6F, 0x2E, 0x65]
        return String(decoding: bytes, as: UTF8.self)
    }()

    private func expectOneLine(_ outcome: CLIRunner.Outcome, mentioning text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(outcome.status == 2, sourceLocation: sourceLocation)
        #expect(outcome.output.isEmpty, sourceLocation: sourceLocation)
        #expect(outcome.error.unicodeScalars.filter { $0 == "\n" }.count == 1, "\(outcome.error.debugDescription)",
                sourceLocation: sourceLocation)
        #expect(outcome.error.hasPrefix("treereview: ") && outcome.error.hasSuffix("\n"), sourceLocation: sourceLocation)
        #expect(outcome.error.contains(text), "\(outcome.error.debugDescription)", sourceLocation: sourceLocation)
    }

    @Test(arguments: [foundArgument, "--x\n\u{0592}y", "--a\n\u{0301}\n\u{20DD}b"])
    func unknownOptionQuotingALineBreakIsOneLine(argument: String) throws {
        let repo = try Fixtures.repository("branches")
        expectOneLine(CLIRunner.run([argument], in: repo), mentioning: "unknown option")
    }

    @Test func badConfigValueQuotingALineBreakIsOneLine() throws {
        let repo = try Fixtures.fresh("branches")
        try Shell.git(["config", "treereview.format", "tree\n\u{0301}json"], in: repo)
        expectOneLine(CLIRunner.run(["main...feature"], in: repo), mentioning: "treereview.format")
    }

    @Test func badStdinPathQuotingALineBreakIsOneLine() throws {
        let directory = try Fixtures.temporaryDirectory()
        let input = Array("/absolute\n\u{0301}path".utf8) + [0]
        let outcome = CLIRunner.run(["--stdin", "-z"], in: directory, environment: ["GIT_CEILING_DIRECTORIES": directory], input: input)
        expectOneLine(outcome, mentioning: "absolute path")
    }
}
