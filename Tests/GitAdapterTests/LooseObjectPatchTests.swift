import Foundation
import Testing
import TreeModel
import TestSupport
@testable import GitAdapter

/// The browser's patch reads blobs by id as line counts do: a damaged loose blob (truncated,
/// on which libgit2 1.5 would loop forever; a header stating less than its content, on which
/// it would corrupt its heap) is an error in git's words, read through ``LooseObjectGuard``.
struct LooseObjectPatchTests {
    @Test(arguments: ["truncated", "header stating less"])
    func aPatchOfADamagedLooseBlobIsAnError(damage: String) throws {
        let path = try Fixtures.fresh("branches")
        let repository = try PatchOracle.open(path)
        let changes = try repository.changes(for: ComparisonRequest(revisions: ["main..feature"], countLines: false))
        let change = try #require(changes.changes.first { $0.path.bytes == Array("README.md".utf8) })
        let id = try Shell.git(["rev-parse", "feature:README.md"], in: path).text.trimmingCharacters(in: .whitespacesAndNewlines)
        let content = try Shell.git(["cat-file", "blob", id], in: path).output
        let file = path + "/.git/objects/" + id.prefix(2) + "/" + id.dropFirst(2)
        let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        let damaged = damage == "truncated" ? Array(original.prefix(10))
            : LooseObjectBytes.make(header: "blob \(content.count / 2)", content: content)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file)
        try Data(damaged).write(to: URL(fileURLWithPath: file))
        #expect(throws: AdapterError.repository("'README.md': unable to read \(id) (corrupt loose object \(file))")) {
            _ = try repository.patch(for: change, in: changes)
        }
    }
}
