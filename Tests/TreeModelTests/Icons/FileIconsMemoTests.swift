import Testing
import TreeModel

/// Docs/TreeModel.md#icons: ``FileIcons`` resolves most names once per distinct extension
/// text, found by bytes; every file must still get exactly the resolver's own answer.
struct FileIconsMemoTests {
    /// Names that share extension text with differing case, that a map names as basenames,
    /// with leading, doubled and trailing dots, without dots, and with bytes beyond ASCII.
    private static let names = [
        "main.swift", "View.SWIFT", "button.spec.ts", "Other.Spec.TS", "x.ts", "ts", "TS", "a..ts", "b..TS",
        "Makefile", "makefile", "MAKEFILE", "makefile.am", "package.json", "Package.JSON", "data.json",
        ".gitignore", ".GITIGNORE", "x.gitignore", ".env.local", "prod.env.local", "notes.", "other.",
        "README.md", "readme.MD", "Dockerfile", "dockerfile.dev", "Cargo.toml", "cargo.lock", "x.unknownext",
        "K\u{212A}.swift", "résumé.PDF", "ÉCOLE.md", "Ⅻ.TS", "naïve.Spec.ts", "plain", "PLAIN", "a.b.c.d",
    ]

    private func paths(_ names: [String]) -> [FileChange] {
        names.enumerated().map { index, name in
            FileChange(status: .modified, path: RawPath("d\(index % 3)/\(name)"), oldMode: .regular, newMode: .regular)
        }
    }

    private func expectResolverAnswers(_ resolver: IconResolver, _ names: [String] = names) {
        let changeTree = ChangeTree(changes: paths(names))
        var icons = FileIcons(changeTree: changeTree, resolver: resolver)
        for (entry, node) in changeTree.changes.indices.map(changeTree.tree.fileNode(ofEntry:)).enumerated() {
            let name = changeTree.tree.nodes[node].name
            #expect(icons.icon(ofFile: node) == resolver.resolveFile(named: name), "\(names[entry])")
        }
        #expect(icons.resolutions.count == Set(icons.resolutions).count, "each distinct icon once")
    }

    @Test func everyNameGetsTheResolversIconWithTheCatalogsOfEverySet() {
        for catalog in [IconCatalog.complete, .standard, .minimal, .none, IconCatalog(set: .complete, extras: true)] {
            expectResolverAnswers(IconResolver(catalog: catalog))
            expectResolverAnswers(IconResolver(catalog: catalog, colored: false))
        }
    }

    @Test func everyNameGetsTheResolversIconUnderTheUsersMaps() throws {
        let maps: [[String]] = [
            ["basename:Data.json=test", "ext:TS=build"],
            ["ext:spec.ts=test", "ext:local=build", "basename:plain=settings"],
            ["contains:spec=test", "ext:ts=build"],
            ["file=settings", "ext:ts=build"],
            ["basename:k\u{212A}.swift=test", "ext:md=build"],
            ["basename:résumé.pdf=test"],
        ]
        for entries in maps {
            expectResolverAnswers(IconResolver(overrides: try IconOverrides(parsing: entries)))
        }
    }

    @Test func manyFilesOfOneExtensionShareOneResolution() {
        let names = (0..<500).map { "file\($0).\($0 % 2 == 0 ? "swift" : "SWIFT")" } + ["Makefile"]
        let changeTree = ChangeTree(changes: paths(names))
        var icons = FileIcons(changeTree: changeTree, resolver: IconResolver())
        let numbers = Set(changeTree.changes.indices.map(changeTree.tree.fileNode(ofEntry:)).map { icons.number(ofFile: $0) })
        #expect(numbers.count == 2)
        #expect(icons.resolutions.map(\.name).sorted() == [IconResolver().resolveFile(named: "Makefile").name, "lang-swift"].sorted())
    }
}
