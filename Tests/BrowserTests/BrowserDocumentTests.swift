import Browser
import Foundation
import TestSupport
import Testing

/// `Docs/Browser.md` lists every key the `?` list shows, and no other.
struct BrowserDocumentTests {
    /// The key table's rows: keys (backticks removed) and action.
    private func documentedKeys() throws -> [KeyBinding] {
        let text = try String(contentsOfFile: Fixtures.directory + "/../Docs/Browser.md", encoding: .utf8)
        return text.split(separator: "\n").compactMap { line -> KeyBinding? in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard line.hasPrefix("| "), cells.count == 2, cells[0] != "keys", !cells[0].hasPrefix("---") else { return nil }
            return KeyBinding(cells[0].replacingOccurrences(of: "`", with: ""), cells[1])
        }
    }

    @Test func theDocumentListsEveryKeyAsTheKeyListDoes() throws {
        let documented = try documentedKeys()
        let listed = KeyBinding.sections.flatMap(\.bindings)
        #expect(documented.count >= 20)
        #expect(documented == listed)
    }
}
