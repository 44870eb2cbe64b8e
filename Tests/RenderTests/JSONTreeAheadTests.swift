import Foundation
@testable import Render
import Testing
import TreeModel

/// The `tree` array written on another thread while `files` is written
/// (``JSONWriter/treeAhead(of:pretty:iconResolver:)``) against the same tree written in turn.
@Suite struct JSONTreeAheadTests {
    /// Top-level files and directories, a flattened chain, names that need escaping, a
    /// submodule and a symlink.
    private static let changes: [FileChange] = ReportFixtures.mixed + [
        ReportFixtures.text(.added, "top.txt", 1, 0),
        ReportFixtures.text(.modified, "deep/a/b/c/leaf \"q\".swift", 3, 2),
        ReportFixtures.text(.deleted, "deep/a/b/other\u{1B}[31m.c", 0, 7),
        ReportFixtures.text(.renamed, "src/new é.rs", 2, 2, from: "old/name.rs", similarity: 90),
        FileChange(status: .modified, path: RawPath("vendor/lib"), oldMode: .submodule, newMode: .submodule),
        FileChange(status: .added, path: RawPath("link"), newMode: .symlink),
    ]

    @Test(arguments: [true, false])
    func aheadEqualsInTurn(pretty: Bool) throws {
        for flatten in [true, false] {
            let report = ReportFixtures.flattened(ReportFixtures.report(Self.changes), flatten)
            let options = RenderOptions(prettyJSON: pretty)
            let inTurn = ReportFixtures.render(JSONRenderer(treeAheadFrom: .max), report, options: options)
            let ahead = ReportFixtures.render(JSONRenderer(treeAheadFrom: 0), report, options: options)
            #expect(ahead == inTurn, "flatten \(flatten)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(ahead.utf8)) as? [String: Any])
            let tree = try #require(object["tree"] as? [[String: Any]])
            let firstSegments = Set(Self.changes.map { $0.path.bytes.split(separator: UInt8(ascii: "/"))[0] })
            #expect(tree.count == firstSegments.count)
            #expect(Self.files(in: tree).sorted() == Self.changes.map { String(decoding: $0.path.bytes, as: UTF8.self) }.sorted())
        }
    }

    @Test func aheadOfAnEmptyReportIsAnEmptyArray() throws {
        let report = ReportFixtures.report([])
        let text = ReportFixtures.render(JSONRenderer(treeAheadFrom: 0), report, options: RenderOptions(prettyJSON: false))
        #expect(text.contains("\"tree\":[]"))
        #expect(text == ReportFixtures.render(JSONRenderer(treeAheadFrom: .max), report, options: RenderOptions(prettyJSON: false)))
    }

    /// The paths of the file nodes of a parsed `tree`, at any depth.
    private static func files(in nodes: [[String: Any]]) -> [String] {
        nodes.flatMap { node -> [String] in
            if let children = node["children"] as? [[String: Any]] { return files(in: children) }
            return [node["path"] as? String ?? "?"]
        }
    }
}
