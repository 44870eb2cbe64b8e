import Testing
import TreeModel

/// Docs/TreeModel.md#paths-and-identities: paths and identities.
struct TreePathTests {
    @Test(arguments: [
        ("a//b", "a/b"), ("./a/./b", "a/b"), ("src/", "src/"), ("src/.", "src/"),
        ("Sources/App.swift", "Sources/App.swift"), ("a\\b", "a\\b"), ("x/y//", "x/y/"),
    ])
    func normalizesToItsIdentity(raw: String, identity: String) throws {
        #expect(try TreePath(raw).description == identity)
    }

    @Test func directoriesEndInASlash() throws {
        #expect(try TreePath("Sources/").isDirectory)
        #expect(try !TreePath("Sources/App.swift").isDirectory)
        #expect(try TreePath("a/.").isDirectory)
    }

    @Test func rejectsWithTheRawInputNamed() {
        #expect(throws: TreePathError.absolute(RawPath("/x"))) { try TreePath("/x") }
        #expect(throws: TreePathError.parentReference(RawPath("a/../b"))) { try TreePath("a/../b") }
        #expect(throws: TreePathError.parentReference(RawPath(".."))) { try TreePath("..") }
        for raw in ["", ".", "./", "././"] {
            #expect(throws: TreePathError.empty(RawPath(raw))) { try TreePath(raw) }
        }
        #expect(TreePathError.absolute(RawPath("/x")).description.contains("'/x'"))
    }

    @Test func caseIsNotFoldedAndBytesStayExact() throws {
        #expect(try TreePath("Src/") != TreePath("src/"))
        let latin1 = RawPath(bytes: [0x61, 0xE9, 0x2F, 0x62])
        #expect(try TreePath(latin1).normalized == latin1)
    }
}
