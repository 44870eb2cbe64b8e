import Foundation
import Testing
import TestSupport
@testable import TreeReviewCLI

/// The option names `treereview --help` prints, read from its text.
enum HelpListing {
    static func optionNames(in help: String) -> [String] {
        DocumentedOption.fromHelp(help).flatMap { $0.names.sorted() }
    }
}

/// `Docs/treereview.1`: current, warning-free for groff, and complete against `--help`,
/// the config keys, the environment variables the sources read and the exit statuses.
struct ManPageTests {
    private static let root = URL(fileURLWithPath: Fixtures.directory).deletingLastPathComponent()
    private static let committed = root.appendingPathComponent("Docs/treereview.1")

    /// The page as `groff -man -Tutf8` renders it, one paragraph per line, without overstrikes
    /// or SGR sequences, hyphen and minus signs as `-` and typeset quotes as typed.
    private func rendered(_ page: String) throws -> String {
        let result = try Shell.run("groff", ["-man", "-Tutf8", "-rLL=2000n", "-P-c"], input: Array(page.utf8))
        #expect(result.status == 0, "\(result.error)")
        var text = ""
        for character in result.text {
            if character == "\u{8}" {
                if !text.isEmpty { text.removeLast() }
            } else {
                text.append(character)
            }
        }
        text = text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        for (typeset, typed) in [("\u{2010}", "-"), ("\u{2212}", "-"), ("\u{2019}", "'"), ("\u{2018}", "`")] {
            text = text.replacingOccurrences(of: typeset, with: typed)
        }
        return text
    }

    /// The rendered page's sections by heading (`OPTIONS`, `EXIT STATUS`).
    private func sections(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        var current = ""
        for line in text.split(separator: "\n") {
            if line.first?.isUppercase == true, line.allSatisfy({ $0.isUppercase || $0 == " " }) {
                current = String(line)
            } else {
                result[current, default: ""] += line + "\n"
            }
        }
        return result
    }

    /// The words of `text`: runs of letters, digits and `-_.`, without a sentence's final dot.
    private func tokens(_ text: String) -> Set<String> {
        let pieces = text.split { !($0.isLetter || $0.isNumber || "-_.".contains($0)) }
        return Set(pieces.map { String($0.hasSuffix(".") ? $0.dropLast() : $0) })
    }

    @Test func committedPageIsCurrent() throws {
        let page = ManPage.render()
        let recording = ProcessInfo.processInfo.environment["TREEREVIEW_RECORD"] == "1"
        guard !recording, let committed = try? String(contentsOf: Self.committed, encoding: .utf8) else {
            try page.write(to: Self.committed, atomically: true, encoding: .utf8)
            Issue.record("Recorded Docs/treereview.1; check it (man -l Docs/treereview.1) and run again.")
            return
        }
        #expect(committed == page, "Docs/treereview.1 is out of date (TREEREVIEW_RECORD=1 rewrites it):\n\(Golden.lineDiff(expected: committed, actual: page))")
    }

    @Test func groffPrintsNoWarnings() throws {
        guard CompletionHarness.require("groff", package: "groff") else { return }
        let result = try Shell.run("groff", ["-man", "-ww", "-z"], input: Array(ManPage.render().utf8))
        #expect(result.status == 0)
        #expect(result.error.isEmpty, "\(result.error)")
    }

    @Test func pageNamesEveryOptionHelpPrints() throws {
        guard CompletionHarness.require("groff", package: "groff") else { return }
        let sections = sections(try rendered(ManPage.render()))
        let options = tokens(sections["OPTIONS"] ?? "")
        let help = CLIRunner.run(["--help"], in: try Fixtures.temporaryDirectory()).text
        let names = HelpListing.optionNames(in: help)
        #expect(names.contains("--format") && names.contains("-C") && names.contains("--cached"))
        for name in names {
            #expect(options.contains(name), "OPTIONS lacks \(name)")
        }
        let synopsis = sections["SYNOPSIS"] ?? ""
        for subcommand in Subcommand.all {
            #expect(synopsis.contains("treereview \(subcommand.name)"))
            #expect((sections["COMMANDS"] ?? "").contains(subcommand.help))
        }
        #expect(synopsis.contains("[options] [rev | a..b | a...b | a b] [-- pathspec...]"), "\(synopsis)")
    }

    @Test func pageNamesEveryConfigKeyAndEnvironmentVariable() throws {
        guard CompletionHarness.require("groff", package: "groff") else { return }
        let sections = sections(try rendered(ManPage.render()))
        let configuration = tokens(sections["CONFIGURATION"] ?? "")
        for key in Settings.configKeys + ["diff.renames", "diff.renameLimit"] {
            #expect(configuration.contains(key), "CONFIGURATION lacks \(key)")
        }
        let environment = tokens(sections["ENVIRONMENT"] ?? "")
        let read = try environmentVariablesReadBySources()
        #expect(read.isSuperset(of: ["NO_COLOR", "CLICOLOR_FORCE", "TERM", "COLUMNS", "GIT_DIR", "LANG", "TREEREVIEW_TRACE"]))
        for variable in read {
            #expect(environment.contains(variable), "ENVIRONMENT lacks \(variable)")
        }
    }

    @Test func pageGivesEachExitStatus() throws {
        guard CompletionHarness.require("groff", package: "groff") else { return }
        let exit = sections(try rendered(ManPage.render()))["EXIT STATUS"] ?? ""
        let statuses = exit.split(separator: "\n").compactMap { line in line.split(separator: " ").first.flatMap { Int($0) } }
        #expect(statuses == [0, 1, 2])
        #expect(exit.contains("--exit-code"))
    }

    @Test func roffEscapingSurvivesGroff() throws {
        guard CompletionHarness.require("groff", package: "groff") else { return }
        let hostile = [".TH not a request", "'also not", "back\\slash \\fBnot bold", "--dash -x", "n² × m ← é", "\"quoted\""]
        var page = Roff()
        page.macro("TH", "T", "1")
        page.macro("SH", "A \"TITLE\"")
        for line in hostile {
            page.line(Roff.escape(line))
        }
        page.tagged(Roff.prose("<a>..<b> and <not a placeholder>"), Roff.prose("x < y > z"))
        #expect(Roff.escape(".x") == ".x" && page.text.contains("\n\\&.TH not a request\n"))
        #expect(Roff.escape("-") == "\\-" && Roff.escape("\\") == "\\e")
        let text = try rendered(page.text)
        for line in hostile {
            #expect(text.contains(line), "\(line) in \(text)")
        }
        #expect(text.contains("A \"TITLE\""))
        #expect(text.contains("a..b and <not a placeholder>"))
        #expect(text.contains("x < y > z"))
        let warnings = try Shell.run("groff", ["-man", "-ww", "-z"], input: Array(page.text.utf8))
        #expect(warnings.error.isEmpty, "\(warnings.error)")
    }

    /// Every `NAME` in `environment["NAME"]`, and every capitalized string literal on a line
    /// that reads the environment (`["LC_ALL", "LC_CTYPE", "LANG"]...environment[$0]`), in
    /// all of `Sources/`.
    private func environmentVariablesReadBySources() throws -> Set<String> {
        let sources = Self.root.appendingPathComponent("Sources")
        var names: Set<String> = []
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
        let literal = try NSRegularExpression(pattern: "\"([A-Z][A-Z0-9_]+)\"")
        for file in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") where line.contains("environment") {
                let line = String(line)
                if line.trimmingCharacters(in: .whitespaces).hasPrefix("//") { continue }
                for match in literal.matches(in: line, range: NSRange(line.startIndex..., in: line)) {
                    names.insert(String(line[Range(match.range(at: 1), in: line)!]))
                }
            }
        }
        return names
    }
}
