import Foundation
import Render
import Testing
import TreeModel

@Suite struct JSONRendererTests {
    typealias Object = [String: Any]

    private func json(_ report: Report, flatten: Bool = true) -> String {
        ReportFixtures.render(JSONRenderer(), ReportFixtures.flattened(report, flatten))
    }

    private func parse(_ text: String) throws -> Object {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? Object)
    }

    private func files(_ document: Object) throws -> [Object] {
        try #require(document["files"] as? [Object])
    }

    private func tree(_ document: Object) throws -> [Object] {
        try #require(document["tree"] as? [Object])
    }

    private func children(_ node: Object) throws -> [Object] {
        try #require(node["children"] as? [Object])
    }

    /// Positions of `keys` in `text`, which must be increasing; a key that starts with a line
    /// end is looked for as written (with its indentation: a top-level key).
    private func expectOrder(_ keys: [String], in text: Substring, sourceLocation: SourceLocation = #_sourceLocation) {
        let positions = keys.map { text.range(of: $0.hasPrefix("\n") ? "\($0):" : "\"\($0)\":")?.lowerBound }
        #expect(!positions.contains(nil), "missing one of \(keys)", sourceLocation: sourceLocation)
        let found = positions.compactMap { $0 }
        #expect(found == found.sorted(), "keys out of order: \(keys)", sourceLocation: sourceLocation)
    }

    @Test func writesASmallReportExactly() {
        let report = ReportFixtures.report([ReportFixtures.text(.modified, "a.txt", 3, 1)])
        let expected = """
            {
              "schemaVersion": 1,
              "comparison": {
                "mode": "mergeBase",
                "spec": "main...feature",
                "old": "1111111",
                "new": "2222222",
                "files": 1,
                "filters": []
              },
              "summary": {
                "files": 1,
                "added": 0,
                "modified": 1,
                "deleted": 0,
                "renamed": 0,
                "copied": 0,
                "typeChanged": 0,
                "untracked": 0,
                "unmerged": 0,
                "binary": 0,
                "insertions": 3,
                "deletions": 1,
                "excludedGenerated": 0,
                "excludedVendored": 0
              },
              "files": [
                {
                  "path": "a.txt",
                  "status": "modified",
                  "insertions": 3,
                  "deletions": 1,
                  "binary": false,
                  "oldMode": "100644",
                  "newMode": "100644",
                  "icon": "file-text-duo"
                }
              ],
              "tree": [
                {
                  "kind": "file",
                  "name": "a.txt",
                  "path": "a.txt",
                  "status": "modified",
                  "insertions": 3,
                  "deletions": 1,
                  "binary": false,
                  "oldMode": "100644",
                  "newMode": "100644",
                  "icon": "file-text-duo"
                }
              ]
            }

            """
        #expect(json(report) == expected)
    }

    @Test func filesCarryTheirIconName() throws {
        let document = try parse(json(ReportFixtures.report(ReportFixtures.example)))
        let files = try #require(document["files"] as? [Object])
        let icons = Dictionary(uniqueKeysWithValues: files.map { ($0["path"] as! String, $0["icon"] as? String) })
        #expect(icons["README.md"] == "lang-markdown")
        #expect(icons["Sources/TreeReview/Renderer.swift"] == "lang-swift")
    }

    @Test func topLevelAndFileKeysInSchemaOrder() {
        let text = json(ReportFixtures.report(ReportFixtures.example))
        expectOrder(["schemaVersion", "comparison", "summary", "files", "tree"].map { "\n  \"\($0)\"" }, in: text[...])
        let comparison = text[text.range(of: "\"comparison\": {")!.lowerBound...]
        expectOrder(["mode", "spec", "old", "new", "files", "filters"], in: comparison.prefix(while: { $0 != "}" }))
        let rename = text[text.range(of: "\"path\": \"Sources/TreeReview/Model/TreePath.swift\"")!.lowerBound...]
        expectOrder(["path", "oldPath", "status", "similarity", "insertions", "deletions", "binary", "oldMode", "newMode"],
                    in: rename.prefix(while: { $0 != "}" }))
        #expect(text.hasSuffix("}\n"))
    }

    @Test func comparisonSidesAreNullWhenMissing() throws {
        var report = ReportFixtures.report([])
        report.comparison = ComparisonLabel(kind: .stdin, spec: "-", old: nil, new: nil, title: "stdin")
        let document = try parse(json(report))
        let comparison = try #require(document["comparison"] as? Object)
        #expect(comparison["mode"] as? String == "stdin")
        #expect(comparison["old"] is NSNull)
        #expect(comparison["new"] is NSNull)
        #expect(try files(document).isEmpty)
        #expect(try tree(document).isEmpty)
        #expect(json(report).contains("\"files\": [],"))
    }

    @Test func summaryCountsEveryStatus() throws {
        let document = try parse(json(ReportFixtures.report(ReportFixtures.mixed)))
        let summary = try #require(document["summary"] as? Object)
        let expected: [String: Int] = [
            "files": 10, "added": 1, "modified": 2, "deleted": 2, "renamed": 1, "copied": 1,
            "typeChanged": 1, "untracked": 1, "unmerged": 1, "binary": 1,
            "insertions": 12 + 3 + 1 + 5 + 7 + 1234, "deletions": 1 + 120 + 3 + 1 + 5 + 567,
        ]
        for (key, value) in expected {
            #expect(summary[key] as? Int == value, "summary.\(key)")
        }
        #expect(document["schemaVersion"] as? Int == 1)
    }

    @Test func filesFollowTheReportOrderWithTheirFields() throws {
        let report = ReportFixtures.report(ReportFixtures.mixed)
        let entries = try files(try parse(json(report)))
        #expect(entries.map { $0["path"] as? String } == report.tree.changes.map { $0.path.lossyString })

        let copy = try #require(entries.first { $0["path"] as? String == "Docs/API.md" })
        #expect(copy["status"] as? String == "copied")
        #expect(copy["oldPath"] as? String == "Docs/Reference.md")
        #expect(copy["similarity"] as? Int == 88)

        let modified = try #require(entries.first { $0["path"] as? String == "bin/run" })
        #expect(modified["oldPath"] == nil)
        #expect(modified["similarity"] == nil)
        #expect(modified["status"] as? String == "typeChanged")

        let deleted = try #require(entries.first { $0["path"] as? String == "Old/a.c" })
        #expect(deleted["oldMode"] as? String == "100644")
        #expect(deleted["newMode"] is NSNull)
        #expect(deleted["insertions"] as? Int == 0)
        #expect(deleted["deletions"] as? Int == 120)

        let binary = try #require(entries.first { $0["path"] as? String == "Assets/logo.png" })
        #expect(binary["binary"] as? Bool == true)
        #expect(binary["insertions"] is NSNull)
        #expect(binary["deletions"] is NSNull)
    }

    @Test func statusIsAbsentForBarePaths() throws {
        let bare = FileChange(status: nil, path: RawPath("notes/todo.txt"))
        let document = try parse(json(ReportFixtures.report([bare], linesCounted: false)))
        let entry = try #require(try files(document).first)
        #expect(entry["status"] == nil)
        #expect(entry["oldMode"] is NSNull)
        let directory = try #require(try tree(document).first)
        let file = try #require(try children(directory).first)
        #expect(file["kind"] as? String == "file")
        #expect(file["status"] == nil)
    }

    @Test func noStatWritesNullsInFilesSummariesAndTree() throws {
        let changes = [
            FileChange(status: .modified, path: RawPath("src/a.c"), oldMode: .regular, newMode: .regular),
            FileChange(status: .added, path: RawPath("src/b.c"), newMode: .executable),
        ]
        let document = try parse(json(ReportFixtures.report(changes, linesCounted: false)))
        let summary = try #require(document["summary"] as? Object)
        for key in ["binary", "insertions", "deletions"] {
            #expect(summary[key] is NSNull, "summary.\(key)")
        }
        #expect(summary["files"] as? Int == 2)
        for entry in try files(document) {
            for key in ["binary", "insertions", "deletions"] {
                #expect(entry[key] is NSNull, "\(entry["path"] ?? "?").\(key)")
            }
        }
        let directory = try #require(try tree(document).first)
        let directorySummary = try #require(directory["summary"] as? Object)
        #expect(directorySummary["insertions"] is NSNull)
        #expect(try children(directory).last?["newMode"] as? String == "100755")
    }

    @Test func invalidUTF8PathsCarryExactBytes() throws {
        let path: [UInt8] = Array("bad".utf8) + [0xFF, 0xFE] + Array("/x.txt".utf8)
        let old: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".txt".utf8)
        let changes = [
            FileChange(status: .added, path: RawPath(bytes: path), insertions: 1, deletions: 0, binary: false),
            FileChange(status: .renamed, path: RawPath("new.txt"), oldPath: RawPath(bytes: old),
                       similarity: 90, insertions: 0, deletions: 0, binary: false),
        ]
        let document = try parse(json(ReportFixtures.report(changes)))
        let entries = try files(document)
        let added = try #require(entries.first { $0["status"] as? String == "added" })
        #expect(added["path"] as? String == "bad\u{FFFD}\u{FFFD}/x.txt")
        #expect((added["pathBytes"] as? String).flatMap { Data(base64Encoded: $0) } == Data(path))
        let renamed = try #require(entries.first { $0["status"] as? String == "renamed" })
        #expect(renamed["pathBytes"] == nil)
        #expect(renamed["oldPath"] as? String == "caf\u{FFFD}.txt")
        #expect((renamed["oldPathBytes"] as? String).flatMap { Data(base64Encoded: $0) } == Data(old))

        let directory = try #require(try tree(document).first)
        #expect(directory["name"] as? String == "bad\u{FFFD}\u{FFFD}")
        #expect((directory["pathBytes"] as? String).flatMap { Data(base64Encoded: $0) }
                == Data(Array("bad".utf8) + [0xFF, 0xFE, 0x2F]))
        let file = try #require(try children(directory).first)
        #expect(file["name"] as? String == "x.txt")
        #expect((file["pathBytes"] as? String).flatMap { Data(base64Encoded: $0) } == Data(path))
    }

    @Test func treeNestsAndFlattensChains() throws {
        let document = try parse(json(ReportFixtures.report(ReportFixtures.example)))
        let top = try tree(document)
        #expect(top.map { $0["name"] as? String } == ["Sources/TreeReview", "Tests/TreeReviewTests", "README.md"])
        #expect(top.map { $0["kind"] as? String } == ["directory", "directory", "file"])

        let sources = top[0]
        #expect(sources["path"] as? String == "Sources/TreeReview/")
        #expect(sources["segments"] as? [String] == ["Sources", "TreeReview"])
        let summary = try #require(sources["summary"] as? Object)
        #expect(summary["files"] as? Int == 4)
        #expect(summary["added"] as? Int == 1)
        #expect(summary["renamed"] as? Int == 1)
        #expect(summary["insertions"] as? Int == 210 + 4 + 96)
        #expect(summary["deletions"] as? Int == 2 + 41 + 17)

        let inner = try children(sources)
        #expect(inner.map { $0["name"] as? String } == ["Model", "Legacy.swift", "Renderer.swift"])
        #expect(inner[0]["path"] as? String == "Sources/TreeReview/Model/")
        #expect(inner[0]["segments"] as? [String] == ["Model"])
        let model = try children(inner[0])
        #expect(model.map { $0["path"] as? String }
                == ["Sources/TreeReview/Model/PreparedTree.swift", "Sources/TreeReview/Model/TreePath.swift"])
        #expect(model[1]["oldPath"] as? String == "Sources/TreeReview/Model/Path.swift")
        #expect(model[1]["similarity"] as? Int == 96)

        let readme = top[2]
        #expect(readme["path"] as? String == "README.md")
        #expect(readme["children"] == nil)
        #expect(readme["segments"] == nil)
    }

    @Test func treeWithoutFlatteningHasOneNodePerDirectory() throws {
        let document = try parse(json(ReportFixtures.report(ReportFixtures.example), flatten: false))
        let sources = try #require(try tree(document).first)
        #expect(sources["name"] as? String == "Sources")
        #expect(sources["path"] as? String == "Sources/")
        #expect(sources["segments"] as? [String] == ["Sources"])
        let treeReview = try #require(try children(sources).first)
        #expect(treeReview["path"] as? String == "Sources/TreeReview/")
        #expect((treeReview["summary"] as? Object)?["files"] as? Int == 4)
    }
}
