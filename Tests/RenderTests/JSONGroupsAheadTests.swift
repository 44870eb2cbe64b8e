import Background
import Foundation
@testable import Render
import Testing
import TreeModel

/// `groups` written ahead on another thread (``JSONWriter/groupsAhead(of:pretty:budget:)``)
/// against the same groups written in turn, and the JSON document's groups worked out while it
/// is written.
@Suite struct JSONGroupsAheadTests {
    private static let changes: [FileChange] = [
        ReportFixtures.text(.added, "a.txt", 1, 0),
        ReportFixtures.text(.modified, "dir/\"quoted\"\\name", 2, 1),
        ReportFixtures.text(.deleted, "dir/line\nbreak", 0, 3),
        ReportFixtures.text(.modified, "src/\u{1B}[31mred", 4, 4),
        ReportFixtures.text(.added, "src/é.swift", 5, 0),
    ]

    private static let listing = GroupListing(
        groups: [
            GroupListing.Group(name: "all", files: [0, 1, 2, 3, 4]),
            GroupListing.Group(name: "none", files: []),
            GroupListing.Group(name: "src \"x\"", files: [3, 4]),
            GroupListing.Group(name: "dir", files: [1, 2]),
        ],
        changes: changes)

    /// The document, collected whole or (`chunkSize`) handed on in chunks of about that size.
    private static func document(pretty: Bool, ahead budget: Int?, chunkSize: Int? = nil) throws -> [UInt8] {
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        var output = chunkSize.map { size in RenderOutput(chunkSize: size) { sink.bytes += $0 } } ?? RenderOutput(collecting: [])
        var json = JSONWriter(pretty: pretty)
        json.beginObject()
        json.key(literal: "before")
        json.int(1)
        let ahead = budget.map { JSONWriter.groupsAhead(of: listing, pretty: pretty, budget: $0) }
        try json.writeGroups(listing, ahead: ahead, flushingTo: &output)
        json.endObject()
        json.moveBytes(to: &output)
        try output.flush()
        return chunkSize == nil ? output.bytes : sink.bytes
    }

    @Test(arguments: [true, false])
    func writtenAheadEqualsWrittenInTurnAtEveryBudget(pretty: Bool) throws {
        let inTurn = try Self.document(pretty: pretty, ahead: nil)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(inTurn)) as? [String: Any])
        let groups = try #require(object["groups"] as? [String: [String: Any]])
        #expect(groups["all"]?["count"] as? Int == 5)
        #expect(groups["none"]?["changed"] as? Bool == false)
        #expect(groups["src \"x\""]?["files"] as? [String] == ["src/\u{1B}[31mred", "src/é.swift"])
        #expect(groups["dir"]?["files"] as? [String] == ["dir/\"quoted\"\\name", "dir/line\nbreak"])
        var aheadCounts: Set<Int> = []
        for budget in [0, 1, 40, 120, 200, Int.max] {
            aheadCounts.insert(JSONWriter.groupsAhead(of: Self.listing, pretty: pretty, budget: budget).groups)
            #expect(try Self.document(pretty: pretty, ahead: budget) == inTurn, "budget \(budget)")
            #expect(try Self.document(pretty: pretty, ahead: budget, chunkSize: 16) == inTurn, "budget \(budget), chunks")
        }
        #expect(aheadCounts.count >= 3, "the budgets leave different numbers of groups to write in turn: \(aheadCounts)")
        #expect(aheadCounts.contains(0) && aheadCounts.contains(Self.listing.groups.count))
    }

    @Test(arguments: [true, false])
    func groupsWorkedOutWhileTheDocumentIsWrittenComeLastAsIfKnown(pretty: Bool) throws {
        var known = ReportFixtures.report(Self.changes)
        known.groups = Self.listing
        var later = ReportFixtures.report(Self.changes)
        later.setGroups(PendingResult {
            Thread.sleep(forTimeInterval: 0.05)
            return Self.listing
        })
        #expect(later.hasGroups)
        let options = RenderOptions(prettyJSON: pretty)
        let text = ReportFixtures.render(JSONRenderer(), later, options: options)
        #expect(text == ReportFixtures.render(JSONRenderer(), known, options: options))
        let keys = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]).keys
        #expect(Set(keys).isSuperset(of: ["files", "tree", "groups"]))
        let groupsAt = try #require(text.range(of: "\"groups\""))
        let treeAt = try #require(text.range(of: "\"tree\""))
        #expect(treeAt.lowerBound < groupsAt.lowerBound)
        #expect(!ReportFixtures.report(Self.changes).hasGroups)
    }
}
