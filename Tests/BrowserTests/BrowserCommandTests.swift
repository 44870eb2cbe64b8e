import Foundation
import TestSupport
import Testing

/// `treereview -i` as a command: what it refuses, with one line and exit status 2.
struct BrowserCommandTests {
    @Test func withoutATerminalItSaysSo() throws {
        let repository = try Fixtures.repository("branches")
        let result = try Shell.run("setsid", ["-w", Binary.path, "-i", "main...feature"], in: repository)
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(result.error.hasPrefix("treereview: --interactive needs a terminal"))
        #expect(result.error.split(separator: "\n").count == 1)
    }

    @Test(arguments: [(["--format", "json"], "--format"), (["--exit-code"], "--exit-code"),
                      (["--search", "x"], "--search"), (["-z"], "-z"),
                      (["--owners"], "--owners")])
    func optionsOfPrintedOutputAreRefused(_ options: [String], _ name: String) throws {
        let repository = try Fixtures.repository("branches")
        let result = try Shell.run(Binary.path, ["-i"] + options + ["main...feature"], in: repository)
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(result.error.hasPrefix("treereview: \(name) does not apply to --interactive"))
    }
}
