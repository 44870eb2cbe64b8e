import Testing
import TreeModel

/// Docs/TreeModel.md#icons: icon resolution, the precedence rules 1–6 in order.
struct IconResolverTests {
    private func resolver(_ entries: String..., catalog: IconCatalog = .complete) throws -> IconResolver {
        IconResolver(catalog: catalog, overrides: try IconOverrides(parsing: entries))
    }

    private func icon(_ name: String, _ resolver: IconResolver = IconResolver()) -> String {
        resolver.resolveFile(named: name).name
    }

    @Test func rule1SlotOverrideWinsOverEverything() throws {
        let resolver = try resolver(
            "file=settings", "basename:package.json=test", "contains:pack=build", "ext:json=braces"
        )
        let resolution = resolver.resolveFile(named: "package.json")
        #expect(resolution == IconResolution(name: "settings", rule: .slotOverride, colored: true))
        #expect(icon("main.swift", resolver) == "settings")
    }

    @Test func directoriesGetFoldersUnlessTheSlotIsOverridden() throws {
        let plain = IconResolver()
        #expect(plain.resolveDirectory(expanded: false) == IconResolution(name: "folder-duo", rule: .structural, colored: true))
        #expect(plain.resolveDirectory(expanded: true).name == "folder-open-duo")
        let overridden = try resolver("folder=build", "basename:src=test", "contains:src=test", "ext:src=test")
        #expect(overridden.resolveDirectory(expanded: false) == IconResolution(name: "build", rule: .slotOverride, colored: true))
        #expect(overridden.resolveDirectory(expanded: true).name == "folder-open-duo")
        #expect(try resolver("folder-open=test").resolveDirectory(expanded: true).name == "test")
    }

    @Test func rule2ExactBasenameIsCaseInsensitive() throws {
        let resolver = try resolver("basename:Makefile=build", "contains:make=test", "ext:makefile=test")
        for name in ["Makefile", "makefile", "MAKEFILE"] {
            #expect(resolver.resolveFile(named: name) == IconResolution(name: "build", rule: .userBasename, colored: true))
        }
        // Exact: a longer name is not the basename.
        #expect(icon("Makefile.am", resolver) == "test")
    }

    @Test func rule3LongestSubstringWinsAndTiesGoToTheSmallerKey() throws {
        let resolver = try resolver("contains:config=settings", "contains:vite.config=build", "contains:zz=test", "contains:aa=lock")
        #expect(resolver.resolveFile(named: "vite.config.ts") == IconResolution(name: "build", rule: .userSubstring, colored: true))
        #expect(icon("app.config.json", resolver) == "settings")
        #expect(icon("Config.yml", resolver) == "settings", "substring matching is case-insensitive")
        // "aazz": both two-character keys match; "aa" < "zz".
        #expect(icon("aazz", resolver) == "lock")
        #expect(icon("zzaa", resolver) == "lock")
    }

    @Test func rule3WinsOverRule4AndBuiltIns() throws {
        let resolver = try resolver("contains:spec=test", "ext:ts=build")
        #expect(resolver.resolveFile(named: "button.spec.ts").rule == .userSubstring)
        #expect(icon("button.ts", resolver) == "build")
    }

    @Test func rule4TriesTheLongestCompoundExtensionFirst() throws {
        let resolver = try resolver("ext:spec.ts=test", "ext:ts=build")
        #expect(resolver.resolveFile(named: "button.spec.ts") == IconResolution(name: "test", rule: .userExtension, colored: true))
        #expect(icon("button.ts", resolver) == "build")
        #expect(icon("a.b.spec.ts", resolver) == "test")
        #expect(icon("BUTTON.SPEC.TS", resolver) == "test")
        // Only the user's `ts` matches, and it beats the built-in `ts`.
        #expect(icon("x.d.ts", resolver) == "build")
    }

    @Test func rule4LeadingDotsOfAKeyAreIgnoredAndDotfilesAreTheirOwnExtension() throws {
        let resolver = try resolver("ext:.gitignore=test", "ext:.env.local=lock")
        #expect(icon(".gitignore", resolver) == "test")
        #expect(icon(".env.local", resolver) == "lock")
        #expect(icon("LICENSE", try self.resolver("ext:license=test")) == "test", "a dotless name is its own candidate")
    }

    @Test func rule5BuiltInBasenameBeforeBuiltInExtension() {
        let resolver = IconResolver()
        // `package.json` is a built-in basename (npm) though `json` maps to braces.
        #expect(resolver.resolveFile(named: "package.json") == IconResolution(name: "npm", rule: .builtInBasename, colored: true))
        #expect(resolver.resolveFile(named: "Package.JSON").name == "npm")
        #expect(resolver.resolveFile(named: "tsconfig.json") == IconResolution(name: "braces", rule: .builtInExtension, colored: true))
        #expect(icon("main.swift") == "lang-swift")
        #expect(icon("index.ts") == "lang-typescript-duo")
        #expect(icon("App.tsx") == "react")
        #expect(icon("README.md") == "lang-markdown")
        #expect(icon("Dockerfile") == "docker")
    }

    @Test func rule5ExamplesFromTheSpec() {
        // `button.spec.ts`: no `spec.ts` key is built in, so `ts` answers.
        #expect(icon("button.spec.ts") == "lang-typescript-duo")
        // `LICENSE` has no dot: it is its own candidate and matches the extension key `license`.
        #expect(IconResolver().resolveFile(named: "LICENSE") == IconResolution(name: "file-text-duo", rule: .builtInExtension, colored: true))
        // `.gitignore`: the basename map has it (git); with `none` its candidate is `gitignore`.
        #expect(IconResolver().resolveFile(named: ".gitignore") == IconResolution(name: "git", rule: .builtInBasename, colored: true))
        // `.env.local`: candidates `env.local`, then `local`.
        #expect(icon(".env.local") == "file-text-duo")
        #expect(icon(".env.production") == "file-text-duo")
        #expect(icon("AUTHORS") == "file-text-duo")
    }

    @Test func rule6FallsBackToTheGenericFile() {
        let resolver = IconResolver()
        for name in ["a.unknownext", "noextension", "trailing.", "", "..."] {
            #expect(resolver.resolveFile(named: name) == IconResolution(name: "file-duo", rule: .structural, colored: true), "\(name)")
        }
    }

    @Test func setNoneKeepsStructuralIconsAndUserOverrides() throws {
        let none = IconResolver(catalog: .none)
        #expect(icon("main.swift", none) == "file-duo")
        #expect(icon("package.json", none) == "file-duo")
        #expect(none.resolveDirectory(expanded: false).name == "folder-duo")
        #expect(icon(".gitignore", try resolver("ext:gitignore=test", catalog: .none)) == "test")
    }

    @Test func smallerSetsMapLess() {
        #expect(icon("App.tsx", IconResolver(catalog: .standard)) == "lang-typescript-duo")
        #expect(icon("package.json", IconResolver(catalog: .standard)) == "braces")
        #expect(icon("main.swift", IconResolver(catalog: .minimal)) == "file-duo")
        #expect(icon("README.md", IconResolver(catalog: .minimal)) == "file-text-duo")
    }

    @Test func coloredFollowsTreeKit() throws {
        // Built-in icons are colored only in `complete`; the user's icons in every set.
        #expect(IconResolver(catalog: .complete).resolveFile(named: "a.swift").colored)
        #expect(!IconResolver(catalog: .standard).resolveFile(named: "a.swift").colored)
        #expect(!IconResolver(catalog: .minimal).resolveDirectory(expanded: false).colored)
        let user = IconResolver(catalog: .standard, overrides: try IconOverrides(parsing: ["ext:swift=swift"]))
        #expect(user.resolveFile(named: "a.swift").colored)
        #expect(!IconResolver(colored: false).resolveFile(named: "a.swift").colored)
    }

    @Test func bytesThatAreNotUTF8StillFindTheirExtension() {
        let resolver = IconResolver()
        #expect(resolver.resolveFile(named: [0xFF, 0x2E, 0x73, 0x77, 0x69, 0x66, 0x74]).name == "lang-swift")
        #expect(resolver.resolveFile(named: Array("Package.json".utf8)[...]).name == "npm")
    }

    @Test func nodesOfAFileTree() {
        let tree = FileTree(filePaths: [RawPath("Sources/App/main.swift")])
        let resolver = IconResolver()
        let names = tree.nodes.dropFirst().map { resolver.resolve($0, expanded: true).name }
        #expect(names.sorted() == ["folder-open-duo", "folder-open-duo", "lang-swift"])
    }

    @Test func rulesAreNumberedAsInTheSpec() {
        #expect(IconRule.allCases.map(\.number) == [1, 2, 3, 4, 5, 5, 6])
        #expect(IconRule.allCases.filter(\.isUserOverride) == [.slotOverride, .userBasename, .userSubstring, .userExtension])
    }
}
