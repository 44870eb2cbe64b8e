import PathFilters
import Testing

/// The filters file as paths-filter's YAML reads it: groups in order, lists flattened,
/// anchors, merge keys, status keys and negations, each rule with its line and column.
@Suite struct FiltersFileReadingTests {
    static func read(_ text: String) throws -> FiltersFile {
        try FiltersFile(contents: Array(text.utf8), file: "filters.yml")
    }

    static func patterns(_ file: FiltersFile, _ group: String) -> [String] {
        file.group(named: group)?.rules.map(\.pattern) ?? ["no group \(group)"]
    }

    @Test func groupsKeepTheFilesOrderAndLines() throws {
        let file = try Self.read("""
            zeta: 'z/**'
            # a comment
            alpha:
              - 'a/**'
              - b.txt
            """)
        #expect(file.groups.map(\.name) == ["zeta", "alpha"])
        #expect(file.groups.map(\.line) == [1, 3])
        let rules = try #require(file.group(named: "alpha")).rules
        #expect(rules.map(\.pattern) == ["a/**", "b.txt"])
        #expect(rules.map(\.line) == [4, 5])
        #expect(rules.map(\.column) == [5, 5])
    }

    @Test func anchorsAndNestedListsAreFlattened() throws {
        let file = try Self.read("""
            shared: &shared
              - 'common/**'
              - 'config/**'
            src: &src
              - *shared
              - 'src/**'
            all:
              - *src
              - [deep, [deeper]]
            """)
        #expect(Self.patterns(file, "src") == ["common/**", "config/**", "src/**"])
        #expect(Self.patterns(file, "all") == ["common/**", "config/**", "src/**", "deep", "deeper"])
        #expect(file.group(named: "all")?.rules.first?.line == 2, "an alias's rules keep the lines their anchor wrote")
    }

    @Test func mergeKeysApplyAsJSYAMLReadsThem() throws {
        let file = try Self.read("""
            base: &base
              added: 'new/**'
              deleted: 'old/**'
            changes:
              <<: *base
              deleted: 'gone/**'
            """)
        let rules = try #require(file.group(named: "changes")).rules
        #expect(rules.map(\.pattern) == ["new/**", "gone/**"], "an explicit key replaces the merged one, in its place")
        #expect(rules.map { $0.statuses?.statuses ?? [] } == [[.added], [.deleted]])
    }

    @Test func statusKeysSplitOnBarsInAnyCase() throws {
        let file = try Self.read("""
            backend:
              - added | Modified: 'src/**'
              - deleted: ['a', 'b']
              - 'docs/**'
            """)
        let rules = try #require(file.group(named: "backend")).rules
        #expect(rules.map { $0.statuses?.statuses } == [[.added, .modified], [.deleted], [.deleted], nil])
    }

    @Test func negationsAndExtglobsAreToldApart() throws {
        let file = try Self.read("""
            g:
              - '**'
              - '!docs/**'
              - '!(a|b)'
              - '!!twice'
            """)
        let rules = try #require(file.group(named: "g")).rules
        #expect(rules.map(\.isNegated) == [false, true, false, false])
        #expect(rules.map(\.glob.pattern) == ["**", "docs/**", "!(a|b)", "twice"])
    }

    @Test func quotedScalarsAreGlobsWhatEverTheyLookLike() throws {
        let file = try Self.read("""
            g:
              - '123'
              - "true"
              - !!str 45
              - plain/path.txt
            """)
        #expect(Self.patterns(file, "g") == ["123", "true", "45", "plain/path.txt"])
    }
}
