import PathFilters
import Testing

/// Which files a group holds: negations subtract, `every` needs every pattern, status keys
/// select by status, a rename counts for its old path too.
@Suite struct GroupMatchingTests {
    static func groups(_ yaml: String, _ quantifier: PredicateQuantifier, _ change: FilterChange) throws -> [String] {
        try FiltersFile(contents: Array(yaml.utf8), file: "f.yml").groupNames(holding: change, quantifier: quantifier)
    }

    static func groups(_ yaml: String, _ change: FilterChange) throws -> [String] { try groups(yaml, .some, change) }

    static func modified(_ path: String) -> FilterChange { FilterChange(path: Array(path.utf8), status: .modified) }

    @Test func aNegationSubtractsFromTheGroup() throws {
        let yaml = "src:\n  - 'src/**'\n  - '!src/docs/**'\nother: 'x'"
        #expect(try Self.groups(yaml, Self.modified("src/a.swift")) == ["src"])
        #expect(try Self.groups(yaml, Self.modified("src/docs/guide.md")) == [])
        #expect(try Self.groups(yaml, Self.modified("README.md")) == [], "paths-filter's !glob matched this too (#97)")
    }

    @Test func aGroupOfOnlyNegationsHoldsWhatTheyDoNotExclude() throws {
        let yaml = "code:\n  - '!docs/**'\n  - '!*.md'"
        #expect(try Self.groups(yaml, Self.modified("src/a.c")) == ["code"])
        #expect(try Self.groups(yaml, Self.modified("docs/a.txt")) == [])
        #expect(try Self.groups(yaml, Self.modified("README.md")) == [])
        #expect(try Self.groups("none: []", Self.modified("a")) == [], "an empty list holds nothing")
    }

    @Test func everyNeedsEveryPattern() throws {
        let yaml = "ts:\n  - 'src/**'\n  - '**/*.ts'\n  - '!**/*.test.ts'"
        #expect(try Self.groups(yaml, .every, Self.modified("src/a.ts")) == ["ts"])
        #expect(try Self.groups(yaml, .every, Self.modified("src/a.js")) == [])
        #expect(try Self.groups(yaml, .every, Self.modified("lib/a.ts")) == [])
        #expect(try Self.groups(yaml, .every, Self.modified("src/a.test.ts")) == [])
        #expect(try Self.groups(yaml, .some, Self.modified("lib/a.ts")) == ["ts"])
    }

    @Test func statusKeysSelectByStatus() throws {
        let yaml = "new:\n  - added: 'src/**'\nchanged:\n  - added|modified: 'src/**'\ngone:\n  - deleted: ['src/**', 'lib/**']"
        let path = Array("src/a".utf8)
        #expect(try Self.groups(yaml, FilterChange(path: path, status: .added)) == ["new", "changed"])
        #expect(try Self.groups(yaml, FilterChange(path: path, status: .modified)) == ["changed"])
        #expect(try Self.groups(yaml, FilterChange(path: Array("lib/b".utf8), status: .deleted)) == ["gone"])
        #expect(try Self.groups(yaml, FilterChange(path: path, status: .unmerged)) == [])
    }

    @Test func aRenameCountsForItsOldPathAsADeletionAndItsNewPathAsAnAddition() throws {
        let yaml = """
            backend: 'backend/**'
            frontend: 'frontend/**'
            removedFromBackend: {deleted: 'backend/**'}
            addedToFrontend: {added: 'frontend/**'}
            renamedIntoFrontend: {renamed: 'frontend/**'}
            modifiedBackend: {modified: 'backend/**'}
            """
        let rename = FilterChange(path: Array("frontend/a.ts".utf8), status: .renamed, oldPath: Array("backend/a.ts".utf8))
        #expect(try Self.groups(yaml, rename) == ["backend", "frontend", "removedFromBackend", "addedToFrontend", "renamedIntoFrontend"])
        let copy = FilterChange(path: Array("frontend/a.ts".utf8), status: .copied, oldPath: Array("backend/a.ts".utf8))
        #expect(try Self.groups(yaml, copy) == ["frontend", "addedToFrontend"], "a copy's source did not change")
    }

    @Test func aNegationOfTheOldPathDoesNotHideTheNewOne() throws {
        let yaml = "src:\n  - 'src/**'\n  - '!src/generated/**'"
        let outOfGenerated = FilterChange(path: Array("src/kept.c".utf8), status: .renamed, oldPath: Array("src/generated/kept.c".utf8))
        #expect(try Self.groups(yaml, outOfGenerated) == ["src"])
        let intoGenerated = FilterChange(path: Array("src/generated/a.c".utf8), status: .renamed, oldPath: Array("src/a.c".utf8))
        #expect(try Self.groups(yaml, intoGenerated) == ["src"], "the old path left src")
        let withinGenerated = FilterChange(path: Array("src/generated/b.c".utf8), status: .renamed, oldPath: Array("src/generated/a.c".utf8))
        #expect(try Self.groups(yaml, withinGenerated) == [])
    }

    @Test func explainNamesTheRulesThatMatchedWithTheirPlace() throws {
        let file = try FiltersFile(contents: Array("src:\n  - 'src/**'\n  - '!src/docs/**'\ndocs: '**/*.md'".utf8), file: "f.yml")
        let matches = file.explain(path: "src/docs/a.md", status: .modified)
        #expect(matches == [
            GroupRuleMatch(group: "src", pattern: "src/**", file: "f.yml", line: 2, column: 5, matchedOldPath: false,
                           effect: .includes, groupHolds: false),
            GroupRuleMatch(group: "src", pattern: "!src/docs/**", file: "f.yml", line: 3, column: 5, matchedOldPath: false,
                           effect: .excludes, groupHolds: false),
            GroupRuleMatch(group: "docs", pattern: "**/*.md", file: "f.yml", line: 4, column: 7, matchedOldPath: false,
                           effect: .includes, groupHolds: true),
        ])
        let renamed = file.explain(path: "lib/a.c", status: .renamed, oldPath: "src/a.c")
        #expect(renamed.map(\.matchedOldPath) == [true] && renamed.first?.groupHolds == true)
    }
}
