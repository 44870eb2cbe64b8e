@testable import Browser
import Foundation
import TestSupport
import Testing

/// `Docs/Browser.md`'s key tables are the binding table: the first lists every key the `?`
/// list shows, and no other; the others the keys of the modes the list sums up.
struct BrowserDocumentTests {
    /// The table rows of the "Keys" section, header rows left out.
    private func keyRows() throws -> [String] {
        let text = try String(contentsOfFile: Fixtures.directory + "/../Docs/Browser.md", encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex(of: "## Keys"))
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("## ") } ?? lines.endIndex
        return lines[start..<end].filter { $0.hasPrefix("| ") && $0 != "| keys | what they do |" }
    }

    /// The rows of the section's first table: keys (backticks removed) and action.
    private func documentedKeys() throws -> [[String]] {
        let text = try String(contentsOfFile: Fixtures.directory + "/../Docs/Browser.md", encoding: .utf8)
        let section = try #require(text.components(separatedBy: "\n## Keys\n").dropFirst().first)
        let table = section.components(separatedBy: "\n\n").first { $0.hasPrefix("| keys |") } ?? ""
        return table.split(separator: "\n").compactMap { line -> [String]? in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard line.hasPrefix("| "), cells.count == 2, cells[0] != "keys", !cells[0].hasPrefix("---") else { return nil }
            return [cells[0].replacingOccurrences(of: "`", with: ""), cells[1]]
        }
    }

    @Test func theDocumentListsEveryKeyAsTheKeyListDoes() throws {
        let documented = try documentedKeys()
        let listed = KeyBinding.helpLines.filter { $0.section.title != nil }.map { [$0.keys, $0.text] }
        #expect(documented.count >= 20)
        #expect(documented == listed)
    }

    @Test func theKeyTablesAreTheBindingTableRowByRow() throws {
        let expected = KeyBinding.helpLines.map { "| \($0.markdownKeys) | \($0.text) |" }
        let documented = try keyRows()
        #expect(documented == expected, "Docs/Browser.md, Keys: the rows should be\n\(expected.joined(separator: "\n"))")
        #expect(documented.contains("| `Up` `k`, `Down` `j` | focus the row above, below |"))
        #expect(documented.contains("| `f` + letter | only files of a status: a m d r c t u ? |"))
    }
}
