import Foundation
import Testing
import TestSupport
@testable import TreeReviewCLI

/// `treereview help [<command>]`, as `git help`, and the commands in `--help`, the man page
/// and `Docs/CLI.md`: each read from its own text.
struct HelpCommandTests {
    private static let directory = "/"

    @Test func helpAloneIsWhatDashDashHelpPrints() throws {
        let help = CLIRunner.run(["help"], in: Self.directory)
        #expect(help.status == 0 && help.error.isEmpty, "\(help.error)")
        #expect(help.output == CLIRunner.run(["--help"], in: Self.directory).output)
        #expect(try Shell.run(Binary.path, ["help"]).output == help.output)
    }

    @Test(arguments: ["viewed", "unviewed", "completion", "help"])
    func helpWithACommandIsWhatItsDashDashHelpPrints(command: String) throws {
        let help = CLIRunner.run(["help", command], in: Self.directory)
        #expect(help.status == 0 && help.error.isEmpty, "\(help.error)")
        #expect(help.text.hasPrefix("usage: treereview \(command) "))
        #expect(help.output == CLIRunner.run([command, "--help"], in: Self.directory).output)
        #expect(help.output == CLIRunner.run([command, "-h"], in: Self.directory).output)
    }

    @Test(arguments: [
        (["help", "nope"], "'nope' is not a treereview command. See 'treereview --help'."),
        (["help", "HEAD"], "'HEAD' is not a treereview command. See 'treereview --help'."),
        (["help", "viewed", "unviewed"], "help takes one command, not 'viewed unviewed'"),
    ])
    func helpOfSomethingElseIsOneLine(arguments: [String], message: String) throws {
        let repo = try Fixtures.repository("worktree")
        #expect(try CLIRunner.failure(arguments, in: repo) == message)
    }

    /// The `COMMANDS` section of `--help`: each command's usage line, then its help, indented.
    @Test func dashDashHelpListsEveryCommand() throws {
        let text = CLIRunner.run(["--help"], in: Self.directory).text
        #expect(text.contains("   or: treereview <command> [<arguments>]\n"))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.hasPrefix("COMMANDS") })
        let section = lines[(start + 1)...].prefix { !$0.isEmpty }
        let usages = section.filter { $0.hasPrefix("  treereview ") }.map { $0.dropFirst(2) }
        #expect(usages == ["treereview explain [<comparison>] -- <path>...", "treereview viewed [<comparison> --] <path>...", "treereview unviewed [<comparison> --] <path>...",
                           "treereview completion bash|zsh|fish", "treereview help [<command>]"])
        let helps = section.split { $0.hasPrefix("  treereview ") }.map { $0.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ") }
        #expect(helps == Subcommand.all.map(\.help))
        #expect(section.allSatisfy { $0.count <= 80 })
    }

    /// `Docs/CLI.md`'s table of commands has a row for each command, with its usage.
    @Test func theDocumentHasARowForEveryCommand() throws {
        let document = try String(contentsOfFile: Fixtures.directory + "/../Docs/CLI.md", encoding: .utf8)
        let rows = document.split(separator: "\n").filter { $0.hasPrefix("| `treereview ") }
        let usages = rows.compactMap { $0.firstMatch(of: /^\| `([^`]+)`/).map { String($0.output.1).replacingOccurrences(of: "\\|", with: "|") } }
        #expect(Set(usages) == Set(CLIRunner.run(["--help"], in: Self.directory).text.split(separator: "\n")
            .filter { $0.hasPrefix("  treereview ") }.map { String($0.dropFirst(2)) }))
    }
}
