import PathFilters
import Testing

/// ``GroupMemberships``: rows of more than one word (over 64 groups), read in another order
/// and after a selection, answer as each group's own test of each change does.
@Suite struct GroupMembershipsTests {
    /// 70 groups, group `n` holding the files of the `dn/` directory and every `.n` file.
    static func filters() throws -> FiltersFile {
        let yaml = (0..<70).map { "g\($0):\n  - 'd\($0)/**'\n  - '**/*.e\($0)'" }.joined(separator: "\n")
        return try FiltersFile(contents: Array(yaml.utf8), file: "f.yml")
    }

    static let changes: [FilterChange] = (0..<5000).map { number in
        FilterChange(path: Array("d\(number % 70)/x/f\(number).e\(number % 67)".utf8), status: number % 5 == 0 ? .renamed : .modified,
                     oldPath: number % 5 == 0 ? Array("d\(number % 3)/old".utf8) : nil)
    }

    @Test func rowsOfTwoWordsAnswerAsEachGroupDoes() throws {
        let matcher = GroupMatcher(try Self.filters())
        let memberships = matcher.memberships(of: Self.changes)
        #expect(memberships.groupCount == 70)
        var held = 0
        for (index, change) in Self.changes.enumerated() {
            for group in 0..<70 {
                let expected = matcher.contains(change, group: group)
                #expect(memberships.contains(change: index, group: group) == expected)
                if expected { held += 1 }
            }
            #expect(memberships.isGrouped(index))
        }
        #expect(held > 10_000, "the changes fall in several groups each, beyond the first word too")
        #expect((64..<70).contains { group in Self.changes.indices.contains { memberships.contains(change: $0, group: group) } })
    }

    @Test func membersFollowTheOrderGivenAndSelectionsKeepTheirRows() throws {
        let matcher = GroupMatcher(try Self.filters())
        let memberships = matcher.memberships(of: Self.changes)
        let order = Array(Self.changes.indices.reversed())
        let members = memberships.members(in: order)
        let plain = memberships.members()
        for group in 0..<70 {
            #expect(members[group] == plain[group].map { Self.changes.count - 1 - $0 }.reversed())
        }
        let picked = Array(stride(from: 3, to: Self.changes.count, by: 7))
        let selected = memberships.selecting(picked)
        #expect(selected == matcher.memberships(of: picked.map { Self.changes[$0] }))
        #expect(selected.changeCount == picked.count)
    }
}
