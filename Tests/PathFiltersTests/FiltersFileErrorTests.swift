import Foundation
import PathFilters
import Testing

/// Every way a filters file is refused: one message naming the file, line and column.
@Suite struct FiltersFileErrorTests {
    static func error(_ text: String) -> String {
        do {
            _ = try FiltersFile(contents: Array(text.utf8), file: "f.yml")
            return "read without error"
        } catch {
            return error.description
        }
    }

    @Test(arguments: [
        ("a: [b", "f.yml:2:1: did not find expected ',' or ']' while parsing a flow sequence"),
        ("a: 'b'\n  c: d", "f.yml:2:3: did not find expected key while parsing a block mapping"),
        ("- 'a'", "f.yml:1:1: expected a mapping of group names to globs, found a list"),
        ("just text", "f.yml:1:1: expected a mapping of group names to globs, found a string"),
        ("a:\n  - 12", "f.yml:2:5: in group 'a': '12' is a number, not a glob (quote it to make it one)"),
        ("a: true", "f.yml:1:4: in group 'a': 'true' is a boolean, not a glob (quote it to make it one)"),
        ("a:", "f.yml:1:3: in group 'a': null, not a glob (quote it to make it one)"),
        ("a:\n  - changed: 'x'", "f.yml:2:5: in group 'a': unknown status 'changed' (expected added, modified, deleted, renamed, copied, unmerged)"),
        ("a:\n  - ' | ': 'x'", "f.yml:2:5: in group 'a': the key ' | ' names no status"),
        ("a:\n  added:\n    deep: 'x'", "f.yml:3:5: in group 'a': a status takes a glob or a list of globs, not a mapping"),
        ("a: 'x'\na: 'y'", "f.yml:2:1: the key 'a' is given twice in one mapping"),
        ("a: *nothing", "f.yml:1:4: the alias *nothing names no anchor before it"),
        ("a: ''", "f.yml:1:4: in group 'a': '' is not a glob: an empty pattern"),
        ("a: 'x'\n---\nb: 'y'", "f.yml:2:1: a second YAML document, where one is expected"),
        ("? [a]\n: 'x'", "f.yml:1:3: a group's name must be a string, not a list"),
    ])
    func malformedFilesAreNamedWithTheirPlace(text: String, message: String) {
        #expect(Self.error(text) == message)
    }

    @Test func anEmptyFileOrOneOfCommentsIsRefused() {
        #expect(Self.error("") == "f.yml: the filters file is empty: expected a mapping of group names to globs")
        #expect(Self.error("# only a comment\n") == "f.yml: the filters file is empty: expected a mapping of group names to globs")
    }

    @Test func aMissingFileIsNamed() {
        let missing = NSTemporaryDirectory() + "no-such-filters-\(UUID().uuidString).yml"
        #expect(throws: FiltersFileError(file: missing, message: "cannot read the filters file: No such file or directory")) {
            try FiltersFile.read(path: missing)
        }
    }
}
