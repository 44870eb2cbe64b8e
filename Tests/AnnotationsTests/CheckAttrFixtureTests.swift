import Foundation
import Testing
import TreeModel
import TestSupport
import Annotations

/// The attribute fixtures under `Fixtures/annotations/`: git's answer (recorded, and
/// re-asked of git every run) and how each path then classifies. The adapter's own
/// attribute lookup is to be checked against the same fixtures.
struct CheckAttrFixtureTests {
    static func gitAnswer(_ name: String) throws -> String {
        let script = Fixtures.directory + "/annotations/check-attr.sh"
        let result = try Shell.run("bash", [script, name, try Fixtures.temporaryDirectory() + "/" + name])
        #expect(result.status == 0, "\(result.error)")
        return result.text
    }

    static func rows(_ text: String) -> [String: [AttributeState]] {
        var rows: [String: [AttributeState]] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            rows[fields[0]] = fields.dropFirst().map(AttributeState.init(checkAttrOutput:))
        }
        return rows
    }

    @Test func gitsAnswerMatchesTheRecording() throws {
        Golden.check(try Self.gitAnswer("basic"), named: "basic.check-attr", area: "annotations")
    }

    @Test func gitsAnswerHasTheDocumentedStates() throws {
        let rows = Self.rows(try Self.gitAnswer("basic"))
        let paths = try String(contentsOfFile: Fixtures.directory + "/annotations/basic.paths", encoding: .utf8)
        #expect(rows.count == paths.split(separator: "\n").count)
        #expect(rows["api/v1/service.pb.go"] == [.set, .unspecified, .unspecified])
        #expect(rows["sub/keep.pb.go"] == [.unspecified, .unspecified, .unspecified])
        #expect(rows["package-lock.json"] == [.unset, .unspecified, .unspecified])
        #expect(rows["tools/vendored/x.sh"] == [.unspecified, .unspecified, .unspecified])
        #expect(rows["data/blob.bin"] == [.unspecified, .unspecified, .unset])
        #expect(rows["bun.lockb"] == [.unspecified, .unspecified, .value("lockb")])
        #expect(rows["vendor/github.com/x/y.go"] == [.value("yes"), .value("false"), .unspecified])
        #expect(rows["sub/special.txt"] == [.unspecified, .unset, .unspecified])
    }

    @Test func pathsClassifyAsGitHubWould() throws {
        let rows = Self.rows(try Self.gitAnswer("basic"))
        let expected: [String: (generated: Bool, vendored: Bool)] = [
            "api/schema.json": (true, false), "api/v1/service.pb.go": (true, false), "sub/keep.pb.go": (false, false),
            "package-lock.json": (false, false), "yarn.lock": (false, false), "third_party/lib/x.c": (false, false),
            "tools/vendored/x.sh": (false, false), "docs/generated/api.md": (true, false), "web/app.min.js": (false, false),
            "assets/logo.svg": (false, false), "data/blob.bin": (false, false), "bun.lockb": (true, false),
            "vendor/github.com/x/y.go": (true, false), "sub/notes.txt": (false, true), "sub/special.txt": (false, false),
            "src/main.swift": (false, false), "node_modules/left-pad/index.js": (true, true),
        ]
        #expect(Set(rows.keys) == Set(expected.keys))
        for (path, states) in rows {
            let overrides = LinguistOverrides(generated: states[0], vendored: states[1])
            let classification = FileClassification.resolve(attributes: overrides, path: RawPath(path))
            let want = expected[path]
            #expect(classification.isGenerated == want?.generated && classification.isVendored == want?.vendored, "\(path)")
        }
        #expect(DiffTreatment(rows["assets/logo.svg"]![2]) == .binary)
    }
}
