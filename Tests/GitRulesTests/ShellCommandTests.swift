import Foundation
import Glibc
import Testing
import TestSupport
import GitRules

/// A user's command starts as git starts it (`prepare_shell_cmd`): without the shell's
/// special characters it is a program found on the `PATH` given and run directly; any other
/// command runs as `/bin/sh -c <command> <command>`.
@Suite struct ShellCommandTests {
    /// A directory with an executable `probe` that prints its arguments (`$0` first) and
    /// directory, one a line, and a `probe-data` that is not executable.
    static func tools() throws -> String {
        let tools = try Fixtures.temporaryDirectory()
        try ExecutableFile.write("#!/bin/sh\nprintf '%s\\n' \"$0\" \"$@\" \"$PWD\"\n", to: tools + "/probe")
        try "data\n".write(toFile: tools + "/probe-data", atomically: true, encoding: .utf8)
        return tools
    }

    /// What the command prints, run with `environment` in `directory`.
    private func output(_ command: String, environment: [String: String], directory: String? = nil) throws -> [String] {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        let process = try ShellCommand(command).spawn(
            environment: environment, setup: ShellCommand.Setup(output: .descriptor(ends[1]), directory: directory))
        close(ends[1])
        let text = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true).readDataToEndOfFile()
        var status: Int32 = 0
        waitpid(process, &status, 0)
        #expect(status == 0)
        return String(decoding: text, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test func gitsSpecialCharactersAreTheShells() {
        for character in "|&;<>()$`\\\"' \t\n*?[#~=%" {
            #expect(ShellCommand("less\(character)x").usesShell, "\(character.debugDescription)")
        }
        for command in ["less", "delta", "/usr/bin/less", "./pager", "my-pager_2.0", "@x+y,z:{}!^"] {
            #expect(!ShellCommand(command).usesShell, "\(command)")
        }
    }

    @Test func aProgramIsFoundOnTheGivenPathAndRunDirectly() throws {
        let tools = try Self.tools()
        let environment = ["PATH": "/nonexistent:" + tools + ":/usr/bin:/bin"]
        #expect(ShellCommand("probe").arguments(environment: environment) == [tools + "/probe"])
        #expect(ShellCommand("probe").arguments(environment: ["PATH": "/usr/bin:/bin"]) == nil, "not the process's PATH")
        #expect(ShellCommand("probe").arguments(environment: [:]) == nil)
        #expect(ShellCommand("probe-data").arguments(environment: environment) == nil, "not executable")
        #expect(try output("probe", environment: environment) == [tools + "/probe", FileManager.default.currentDirectoryPath])
        #expect(throws: SpawnFailure(code: ENOENT)) { try ShellCommand("probe").spawn(environment: [:]) }
    }

    @Test func anyOtherCommandRunsInTheShellWithItselfAsDollarZero() throws {
        let tools = try Self.tools()
        let environment = ["PATH": tools + ":/usr/bin:/bin"]
        #expect(ShellCommand("probe one").arguments(environment: environment) == ["/bin/sh", "-c", "probe one", "probe one"])
        let directory = try Fixtures.temporaryDirectory()
        #expect(try output("probe one 'two three'", environment: environment, directory: directory)
            == [tools + "/probe", "one", "two three", directory])
        #expect(try output("echo $0", environment: environment) == ["echo $0"])
    }

    @Test func aDirectoryIsWhereTheProgramRuns() throws {
        let tools = try Self.tools()
        let directory = try Fixtures.temporaryDirectory()
        #expect(try output("probe", environment: ["PATH": tools], directory: directory) == [tools + "/probe", directory])
        #expect(ShellCommand("probe").arguments(environment: ["PATH": "."], directory: tools) == ["./probe"],
                "a relative PATH entry is taken from the directory")
        #expect(try output("probe", environment: ["PATH": ":/usr/bin:/bin"], directory: tools) == ["./probe", tools])
    }
}
