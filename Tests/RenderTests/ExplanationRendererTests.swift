import Annotations
import Foundation
import Testing
import TreeModel
@testable import Render

/// What `explain`'s writers make of the parts the CLI does not fill yet (the groups of
/// `--filters`) and of hostile text in any part.
struct ExplanationRendererTests {
    static let label = ComparisonLabel(kind: .commits, spec: "a..b", old: String(repeating: "a", count: 40),
                                       new: String(repeating: "b", count: 40), title: "a..b")

    static func explanation(filtersFile: String?, groups: [GroupMatchExplanation]) -> Explanation {
        var change = FileChange(status: .modified, path: RawPath("src/app.c"))
        change.insertions = 2
        change.deletions = 1
        let path = PathExplanation(argument: "src/app.c", path: RawPath("src/app.c"), presence: .changed, change: change,
                                   groups: groups)
        return Explanation(comparison: label, paths: [path], filtersFile: filtersFile)
    }

    static func paths(_ bytes: [UInt8]) throws -> [[String: Any]] {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        return try #require(document["paths"] as? [[String: Any]])
    }

    @Test func groupsAreWrittenOnlyWhenAFiltersFileWasGiven() throws {
        let groups = [
            GroupMatchExplanation(group: "backend", filtersFile: ".github/filters.yml", line: 3, pattern: "src/**", matched: true),
            GroupMatchExplanation(group: "docs\u{1b}[2J", filtersFile: ".github/filters.yml", line: 7, pattern: "!src/**/*.c", matched: false),
        ]
        let with = Self.explanation(filtersFile: ".github/filters.yml", groups: groups)
        let text = String(decoding: ExplanationTextRenderer().render(with), as: UTF8.self)
        #expect(text.contains("  Groups:\n    in backend: pattern src/** (.github/filters.yml line 3)\n"))
        #expect(text.contains("    left out of docs\\e[2J: pattern !src/**/*.c (.github/filters.yml line 7)\n"))
        #expect(!text.utf8.contains(0x1B))
        let written = try #require(try Self.paths(ExplanationJSONRenderer().render(with, pretty: false)).first?["groups"] as? [[String: Any]])
        #expect(written.map { $0["group"] as? String } == ["backend", "docs\u{1b}[2J"])
        #expect(written.map { $0["matched"] as? Bool } == [true, false] && written.first?["line"] as? Int == 3)

        let none = Self.explanation(filtersFile: ".github/filters.yml", groups: [])
        #expect(String(decoding: ExplanationTextRenderer().render(none), as: UTF8.self).contains("  Groups: no group of the filters file matches it.\n"))
        #expect(try Self.paths(ExplanationJSONRenderer().render(none, pretty: true)).first?["groups"] as? [Any] != nil)

        let without = Self.explanation(filtersFile: nil, groups: [])
        #expect(!String(decoding: ExplanationTextRenderer().render(without), as: UTF8.self).contains("Groups"))
        #expect(try Self.paths(ExplanationJSONRenderer().render(without, pretty: false)).first?["groups"] == nil)
    }

    @Test func everyNameFromTheRepositoryIsEscaped() throws {
        let hostile = "x\u{1b}]0;owned\u{07}"
        let origin = AttributeOrigin(attribute: "linguist-generated", state: .set, file: "sub\u{9b}/.gitattributes", line: 2,
                                     pattern: hostile, macro: hostile)
        let rule = LinguistRuleMatch(pattern: "vendor/", kind: .vendored)
        var path = PathExplanation(argument: hostile, path: RawPath(hostile), presence: .unchanged)
        path.kinds = KindsExplanation(generated: KindsExplanation.decision(origin, else: nil),
                                      vendored: KindsExplanation.decision(nil, else: rule))
        let missing = PathExplanation(argument: "gone\rx", path: nil, presence: .notFound)
        let text = ExplanationTextRenderer().render(Explanation(comparison: Self.label, paths: [path, missing]))
        #expect(!text.contains { ($0 < 0x20 && $0 != 0x0A) || $0 == 0x7F })
        #expect(!String(decoding: text, as: UTF8.self).unicodeScalars.contains { (0x80...0x9F).contains($0.value) })
        let shown = String(decoding: text, as: UTF8.self)
        #expect(shown.contains("  Generated: yes: linguist-generated through the macro x\\e]0;owned\\x07, in sub\\u{9b}/.gitattributes line 2, pattern x\\e]0;owned\\x07.\n"))
        #expect(shown.contains("  Vendored: yes: linguist's default rule vendor/ (vendor.yml); no attribute says otherwise.\n"))
        #expect(shown.contains("gone\\rx\n  Not found:"))
    }
}
