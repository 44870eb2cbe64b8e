import Testing
import TreeModel
import Annotations

/// GitHub's search order for the CODEOWNERS file, and its size limit.
struct CodeOwnersLocationTests {
    static func lookup(_ files: [String: [UInt8]]) -> CodeOwnersLookup {
        CodeOwnersLocation.load { files[$0] }
    }

    @Test func searchOrderIsGitHubThenRootThenDocs() {
        #expect(CodeOwnersLocation.searchOrder == [".github/CODEOWNERS", "CODEOWNERS", "docs/CODEOWNERS"])
    }

    @Test func firstFoundWins() {
        let all: [String: [UInt8]] = [
            ".github/CODEOWNERS": Array("* @github\n".utf8),
            "CODEOWNERS": Array("* @root\n".utf8),
            "docs/CODEOWNERS": Array("* @docs\n".utf8),
        ]
        guard case .loaded(let path, let codeOwners) = Self.lookup(all) else {
            Issue.record("nothing loaded")
            return
        }
        #expect(path == ".github/CODEOWNERS")
        #expect(codeOwners.owners(of: RawPath("x")) == ["@github"])
        var rootAndDocs = all
        rootAndDocs[".github/CODEOWNERS"] = nil
        #expect(Self.lookup(rootAndDocs).codeOwners?.owners(of: RawPath("x")) == ["@root"])
        #expect(Self.lookup(["docs/CODEOWNERS": all["docs/CODEOWNERS"]!]).codeOwners?.owners(of: RawPath("x")) == ["@docs"])
    }

    @Test func noFileIsNotFound() {
        guard case .notFound = Self.lookup(["codeowners": Array("* @a".utf8)]) else {
            Issue.record("expected notFound")
            return
        }
    }

    @Test func aFileAtTheLimitIsNotLoadedAndNothingElseIs() {
        let large = [UInt8](repeating: UInt8(ascii: "#"), count: CodeOwnersLocation.sizeLimit)
        let lookup = Self.lookup([".github/CODEOWNERS": large, "CODEOWNERS": Array("* @root".utf8)])
        guard case .tooLarge(let path, let size) = lookup else {
            Issue.record("expected tooLarge")
            return
        }
        #expect(path == ".github/CODEOWNERS")
        #expect(size == 3_145_728)
        #expect(lookup.codeOwners == nil)
        let justUnder = [UInt8](repeating: UInt8(ascii: "#"), count: CodeOwnersLocation.sizeLimit - 1)
        #expect(Self.lookup(["CODEOWNERS": justUnder]).codeOwners != nil)
    }

    @Test func readErrorsPropagate() {
        struct Unreadable: Error {}
        #expect(throws: Unreadable.self) {
            try CodeOwnersLocation.load { _ in throw Unreadable() }
        }
    }
}
