import Testing
import TreeModel

/// Docs/TreeModel.md#icons, rule 4: extension candidates, longest compound first.
struct ExtensionCandidatesTests {
    @Test(arguments: [
        ("button.spec.ts", ["spec.ts", "ts"]),
        ("a.b.c.d", ["b.c.d", "c.d", "d"]),
        ("main.swift", ["swift"]),
        (".gitignore", ["gitignore"]),
        (".env.local", ["env.local", "local"]),
        ("license", ["license"]),
        ("notes.", []),
        ("a..b", [".b", "b"]),
        ("...", ["..", "."]),
        ("", []),
    ])
    func candidates(name: String, expected: [String]) {
        #expect(ExtensionCandidates(of: name).map(String.init) == expected)
    }
}
