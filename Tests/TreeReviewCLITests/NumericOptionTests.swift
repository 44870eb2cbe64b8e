import Foundation
import Testing
import TestSupport

/// Numbers too large for any tree or any comparison neither overflow nor fail: they mean
/// what git makes of them (a depth that opens everything, no rename limit, a similarity
/// threshold read to five digits).
struct NumericOptionTests {
    @Test(arguments: [
        ["-l", "4000000000"], ["-l99999999999999999999"], ["-M99999999999999999999"],
        ["--find-renames=99999999999999999999%"], ["--find-copies=0.99999999999999999999"], ["-M", "-l2147483648"],
    ])
    func hugeRenameSettingsMeanWhatTheyMeanToGit(arguments: [String]) throws {
        let repo = try Fixtures.repository("branches")
        let outcome = CLIRunner.run(["--format", "json"] + arguments + ["main...feature"], in: repo)
        #expect(outcome.status == 0, "\(outcome.error)")
        let gitArguments = arguments.count == 2 && arguments[0] == "-l" ? ["-l" + arguments[1]] : arguments
        let git = try GitOracle.changes(in: repo, gitArguments + ["main...feature"])
        #expect(ReportJSON.differences(try ReportJSON.parse(outcome.output), from: git) == [])
    }

    @Test(arguments: ["99999999999999999999", "2147483648", "4000000000"])
    func aHugeDepthOpensEverything(depth: String) throws {
        let repo = try Fixtures.repository("branches")
        let deep = CLIRunner.run(["--depth", depth, "main...feature"], in: repo)
        let open = CLIRunner.run(["main...feature"], in: repo)
        #expect(deep.status == 0, "\(deep.error)")
        #expect(deep.output == open.output)
        #expect(try RenderedTree(parsing: deep.text).rows.allSatisfy { $0.rollUp == nil })
    }
}
