import Testing
@testable import TreeReviewCLI

/// Which pager runs, from the environment, `core.pager`, `treereview.pager` and the options:
/// git's order, decided in one place (``Pager/choose(_:corePager:environment:isTerminal:)``).
struct PagerTests {
    /// One case: the inputs and the command expected, nil for no pager.
    struct Case: CustomStringConvertible, Sendable {
        var request: Pager.Request = .usual
        var corePager: String? = nil
        var environment: [String: String] = [:]
        var expected: String?

        var description: String { "\(request) core.pager=\(corePager ?? "unset") \(environment.sorted { $0.key < $1.key }) → \(expected ?? "none")" }
    }

    static let cases: [Case] = [
        Case(expected: "less"),
        Case(environment: ["PAGER": "more"], expected: "more"),
        Case(corePager: "less -S", environment: ["PAGER": "more"], expected: "less -S"),
        Case(corePager: "less -S", environment: ["PAGER": "more", "GIT_PAGER": "delta"], expected: "delta"),
        Case(request: .command("tig"), corePager: "less -S", environment: ["PAGER": "more"], expected: "tig"),
        Case(request: .command("tig"), environment: ["GIT_PAGER": "delta"], expected: "delta"),
        Case(request: .off, corePager: "less -S", environment: ["GIT_PAGER": "delta"], expected: nil),
        Case(request: .usual, corePager: "less -S", expected: "less -S"),
        Case(environment: ["GIT_PAGER": ""], expected: nil),
        Case(corePager: "less -S", environment: ["GIT_PAGER": ""], expected: nil),
        Case(corePager: "", environment: ["PAGER": "more"], expected: nil),
        Case(environment: ["PAGER": ""], expected: nil),
        Case(environment: ["PAGER": "cat"], expected: nil),
        Case(request: .command("cat"), expected: nil),
        Case(environment: ["GIT_PAGER": "cat"], expected: nil),
        Case(environment: ["GIT_PAGER": "cat -v"], expected: "cat -v"),
        Case(environment: ["GIT_PAGER": "less -R | tee log"], expected: "less -R | tee log"),
    ]

    @Test(arguments: cases)
    func choosesAsGitDoes(_ example: Case) {
        let pager = Pager.choose(example.request, corePager: example.corePager, environment: example.environment, isTerminal: true)
        #expect(pager?.command == example.expected)
    }

    @Test(arguments: cases)
    func neverPagesWhenOutputIsNotATerminal(_ example: Case) {
        #expect(Pager.choose(example.request, corePager: example.corePager, environment: example.environment, isTerminal: false) == nil)
    }

    @Test func lessAndLvGetGitsOptionsUnlessTheUserSetTheirs() {
        func added(_ environment: [String: String]) -> [String: String]? {
            Pager.choose(.usual, corePager: nil, environment: environment, isTerminal: true)?.addedEnvironment
        }
        #expect(added([:]) == ["LESS": "FRX", "LV": "-c"])
        #expect(added(["LESS": "-S"]) == ["LV": "-c"])
        #expect(added(["LESS": ""]) == ["LV": "-c"], "set but empty is set, as getenv sees it")
        #expect(added(["LESS": "R", "LV": "-a"]) == [:])
        #expect(added(["GIT_PAGER": "most"]) == ["LESS": "FRX", "LV": "-c"], "whatever the pager")
    }

    @Test func configValuesReadAsGitReadsPagerDotCommand() {
        for off in ["false", "no", "off", "0", "", "FALSE", "Off", "00", "-0"] {
            #expect(Pager.Request.fromConfig(off) == .off, "\(off)")
        }
        for on in ["true", "yes", "on", "1", "2", "-1", "True", "YES"] {
            #expect(Pager.Request.fromConfig(on) == .usual, "\(on)")
        }
        for command in ["less -S", "tig", "%%bad%%", "truex", "delta --paging=always", " true"] {
            #expect(Pager.Request.fromConfig(command) == .command(command), "\(command)")
        }
    }

    @Test func optionsBeatConfig() throws {
        func paging(_ arguments: [String], _ configured: String?) throws -> Pager.Request {
            let config = configured.map { ["treereview.pager": [$0]] } ?? [:]
            return try Settings.resolve(try ArgumentParser.parse(arguments), config: config, environment: [:]).paging
        }
        #expect(try paging([], nil) == .usual)
        #expect(try paging([], "less -S") == .command("less -S"))
        #expect(try paging([], "false") == .off)
        #expect(try paging(["--no-pager"], "less -S") == .off)
        #expect(try paging(["-P"], nil) == .off)
        #expect(try paging(["--paginate"], "false") == .usual)
        #expect(try paging(["--paginate"], "less -S") == .usual, "as git -p, the usual pager, not the configured command")
        #expect(try paging(["-P", "--paginate"], nil) == .usual, "the last one wins")
        #expect(try paging(["--paginate", "-P"], nil) == .off)
        #expect(try paging(["-zP"], nil) == .off, "a short flag in a group")
        #expect(throws: UsageError.self) { try ArgumentParser.parse(["--no-pager=yes"]) }
    }
}
