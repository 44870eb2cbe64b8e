import Foundation
import Testing
import TestSupport

/// `treereview --help` and `Docs/CLI.md` say the same about every option: both texts are
/// read (not the option table they come from) and compared in both directions.
struct HelpAndDocumentationTests {
    private var document: String {
        get throws { try String(contentsOfFile: Fixtures.directory + "/../Docs/CLI.md", encoding: .utf8) }
    }

    private func help() throws -> [DocumentedOption] {
        let printed = try Shell.run(Binary.path, ["--help"])
        #expect(printed.status == 0)
        #expect(CLIRunner.run(["--help"], in: "/").output == printed.output)
        let lines = printed.text.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 80 }, "a --help line is wider than 80 columns")
        return DocumentedOption.fromHelp(printed.text)
    }

    @Test func bothDocumentsReadAsEnoughOptions() throws {
        let fromHelp = try help()
        let fromDocument = DocumentedOption.fromMarkdown(try document)
        #expect(fromHelp.count >= 25)
        #expect(fromHelp.count == fromDocument.count)
        #expect(fromHelp.contains { $0.names == ["-M", "--find-renames"] && $0.value == "n" && $0.valueIsOptional })
        #expect(fromDocument.contains { $0.names == ["-C"] && $0.value == "dir" && !$0.valueIsOptional })
    }

    @Test func everyOptionOfHelpIsInTheDocumentWithTheSameText() throws {
        let fromDocument = DocumentedOption.fromMarkdown(try document)
        for option in try help() {
            let documented = fromDocument.first { $0.names == option.names }
            #expect(documented == option, "--help: \(option)\nDocs/CLI.md: \(documented.map(\.description) ?? "missing")")
        }
    }

    @Test func everyOptionOfTheDocumentIsInHelp() throws {
        let fromHelp = try help()
        for option in DocumentedOption.fromMarkdown(try document) {
            #expect(fromHelp.contains { $0.names == option.names }, "Docs/CLI.md documents \(option.names.sorted()), --help does not")
        }
    }

    @Test func everyConfigKeyOfHelpIsDocumented() throws {
        let document = try document
        let keys = Set(try help().flatMap { $0.text.matches(of: /\[(treereview\.[a-z]+)\]/).map { String($0.output.1) } })
        #expect(keys.count >= 6)
        for key in keys.union(["treereview.icon", "diff.renames", "diff.renameLimit"]) {
            #expect(document.contains("| `\(key)` |"), "Docs/CLI.md's configuration table lacks \(key)")
        }
    }
}
