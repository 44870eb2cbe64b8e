import Testing
import TreeModel
import TestSupport
import GitRules
import GitAdapter
@testable import Render

/// Patches colored as git colors them: color values against `git config --get-color`, and
/// whole colored patches against `git diff --color=always`, with git's default colors and
/// with configured ones, byte for byte.
struct DiffPaneColorTests {
    static let values = [
        "bold red", "reset bold", "reset", "normal", "", "  red  ", "#FF0a00 #000000", "nobold no-ul", "brightred",
        "brightBlue default", "-1 8", "15 16", "255", "bold dim italic ul blink reverse strike", "no-reverse nostrike",
        "Red", "+3", "foo", "red blue green", "RED Bold", "256", "-2", "#ff00zz", "bright", "reset reset red",
    ]

    @Test(arguments: values)
    func colorValuesGiveGitsSequences(_ value: String) throws {
        let repository = try Fixtures.repository("patches")
        let git = try Shell.run("git", ["config", "--get-color", "", value], in: repository)
        if git.status == 0 {
            #expect(GitColor.sequence(value) == git.output, "\(value)")
        } else {
            #expect(GitColor.sequence(value) == nil, "git refuses \(value)")
        }
    }

    @Test func refusedSlotsKeepGitsDefault() {
        let colors = PatchColors(configured: ["meta": "blue", "OLD": "nonsense", "moved": "red"])
        #expect(colors.meta == Array("\u{1B}[34m".utf8))
        #expect(colors.old == PatchColors.git.old)
        #expect(colors.refusedSlots == ["OLD"])
    }

    @Test func noColorsGiveThePlainPatch() throws {
        let path = try Fixtures.repository("patches")
        let repository = try Repository.open(at: path, environment: TestEnvironment.variables())
        let changes = try repository.changes(for: ComparisonRequest(revisions: ["HEAD~1..HEAD"]))
        for change in changes.changes {
            let patch = try repository.patch(for: change, in: changes)
            #expect(PatchColors.none.colored(patch) == patch.bytes)
        }
    }

    /// Configurations for the colored differential test.
    static let settings: [[String]] = [
        [],
        ["color.diff.meta=blue reverse", "color.diff.frag=#ff0000 bold", "color.diff.func=green",
         "color.diff.old=nobold 124", "color.diff.new=brightgreen ul", "color.diff.context=dim",
         "color.diff.whitespace=reverse magenta"],
        ["diff.wsErrorHighlight=all", "color.diff.plain=italic"],
        ["core.whitespace=indent-with-non-tab,tabwidth=4,cr-at-eol", "diff.wsErrorHighlight=old,context"],
        ["core.whitespace=-blank-at-eol,tab-in-indent,-space-before-tab"],
        ["color.diff.whitespace=normal"],
        ["diff.suppressBlankEmpty=true", "diff.color.meta=magenta"],
    ]

    @Test(arguments: settings)
    func coloredPatchesEqualGitDiffColorAlways(_ setting: [String]) throws {
        let path = setting.isEmpty ? try Fixtures.repository("patches") : try Fixtures.fresh("patches")
        for pair in setting {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            try Shell.git(["config", parts[0], parts[1]], in: path)
        }
        let repository = try Repository.open(at: path, environment: TestEnvironment.variables())
        let config = try repository.readConfig()
        let colors = PatchColors(configured: config.diffColors)
        #expect(colors.refusedSlots.isEmpty)
        for (request, arguments) in [(ComparisonRequest(revisions: ["HEAD~1..HEAD"]), ["HEAD~1..HEAD"]),
                                     (ComparisonRequest(), ["HEAD"])] {
            let changes = try repository.changes(for: request, config: config)
            var ours: [UInt8] = []
            for change in changes.changes where change.status != .untracked {
                ours += colors.colored(try repository.patch(for: change, in: changes, config: config))
            }
            let git = try Shell.git(["diff", "--color=always", "-M"] + arguments, in: path).output
            #expect(ours == git, "\(setting) \(arguments)\nours: \(Self.visible(ours))\ngit:  \(Self.visible(git))")
            for change in changes.changes where change.status == .untracked {
                let patch = try repository.patch(for: change, in: changes, config: config)
                let git = try Shell.run("git", ["diff", "--color=always", "--no-index", "/dev/null",
                                                String(decoding: change.path.bytes, as: UTF8.self)], in: path)
                #expect(colors.colored(patch) == git.output, "\(change.path)")
            }
        }
    }

    /// Escapes spelled out, one line per line, for a readable failure.
    static func visible(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\u{1B}", with: "^[")
            .replacingOccurrences(of: "\t", with: "^I").replacingOccurrences(of: "\r", with: "^M")
    }
}
