import Testing
import TreeModel

/// The syntax of user icon overrides (`treereview.icon` values) and its errors.
struct IconOverrideTests {
    @Test(arguments: [
        ("file=file-text-duo", IconOverride.slot(.file, icon: "file-text-duo")),
        ("folder=build", .slot(.folder, icon: "build")),
        ("folder-open=test", .slot(.folderOpen, icon: "test")),
        ("Folder-Open=Test", .slot(.folderOpen, icon: "test")),
        ("basename:Makefile=build", .basename("makefile", icon: "build")),
        ("contains:config=settings", .contains("config", icon: "settings")),
        ("ext:spec.ts=test", .extension("spec.ts", icon: "test")),
        ("ext:.gitignore=git", .extension("gitignore", icon: "git")),
        ("ext:..TS.=lang-typescript-duo", .extension("ts", icon: "lang-typescript-duo")),
        ("  basename: my file.txt = file_text.2  ", .basename("my file.txt", icon: "file_text.2")),
        ("basename:a=b=c", .basename("a=b", icon: "c")),
        ("basename:odd:name=x", .basename("odd:name", icon: "x")),
        ("BASENAME:Ünïcode.md=x", .basename("ünïcode.md", icon: "x")),
    ])
    func parses(entry: String, expected: IconOverride) throws {
        #expect(try IconOverride(parsing: entry) == expected)
    }

    @Test func descriptionIsTheCanonicalEntry() throws {
        for entry in ["file=a", "folder-open=b", "basename:makefile=build", "contains:config=settings", "ext:spec.ts=test"] {
            #expect(try IconOverride(parsing: entry).description == entry)
        }
        #expect(try IconOverride(parsing: " EXT:.Spec.TS = Test").description == "ext:spec.ts=test")
    }

    @Test(arguments: [
        ("Makefile", IconOverrideError.Problem.missingEquals),
        ("", .missingEquals),
        ("suffix:ts=x", .unknownKind("suffix")),
        ("name:Makefile=build", .unknownKind("name")),
        ("files=x", .unknownSlot("files")),
        ("Makefile=build", .unknownSlot("Makefile")),
        ("=x", .emptyKey),
        ("basename:=x", .emptyKey),
        ("contains: =x", .emptyKey),
        ("ext:...=x", .emptyKey),
        ("basename:src/main.swift=x", .invalidKey("'/'")),
        ("contains:a\u{1B}b=x", .invalidKey("U+001B")),
        ("ext:ts=", .emptyIcon),
        ("ext:ts=  ", .emptyIcon),
        ("ext:ts=my icon", .invalidIcon("my icon")),
        ("ext:ts=\u{E755}", .invalidIcon("\u{E755}")),
        ("ext:ts=\u{212A}", .invalidIcon("\u{212A}")),
    ])
    func rejectsNamingTheEntry(entry: String, problem: IconOverrideError.Problem) {
        #expect(throws: IconOverrideError(entry: entry, problem: problem)) { try IconOverride(parsing: entry) }
    }

    @Test func errorMessagesNameTheEntryAndStaySafeToPrint() {
        let unknown = IconOverrideError(entry: "suffix:ts=x", problem: .unknownKind("suffix"))
        #expect(unknown.description == "invalid icon override 'suffix:ts=x': unknown kind 'suffix' (expected basename, contains or ext)")
        let slot = IconOverrideError(entry: "Makefile=build", problem: .unknownSlot("Makefile"))
        #expect(slot.description.contains("write basename:Makefile=…"))
        let control = IconOverrideError(entry: "contains:a\u{1B}b=x", problem: .invalidKey("U+001B"))
        #expect(control.description == "invalid icon override 'contains:a\\u{1B}b=x': a file name cannot contain U+001B")
        #expect(IconOverrideError(entry: "x", problem: .missingEquals).description.contains("KIND:KEY=ICON"))
    }

    @Test func laterEntriesReplaceEarlierOnesAndAnEmptyEntryResets() throws {
        let overrides = try IconOverrides(parsing: [
            "ext:ts=a", "basename:x=gone", "", "ext:TS=b", "ext:.ts=c", "contains:cfg=d", "file=e", "folder=f",
        ])
        #expect(overrides.extensions == ["ts": "c"])
        #expect(overrides.basenames.isEmpty)
        #expect(overrides.substrings == ["cfg": "d"])
        #expect(overrides.slots == [.file: "e", .folder: "f"])
        #expect(overrides.entries.map(\.description) == ["file=e", "folder=f", "contains:cfg=d", "ext:ts=c"])
        #expect(try IconOverrides(parsing: ["ext:ts=a", "  "]).isEmpty)
        #expect(IconOverrides().isEmpty)
    }

    @Test func parsingAListStopsAtTheFirstBadEntry() {
        #expect(throws: IconOverrideError(entry: "oops", problem: .missingEquals)) {
            try IconOverrides(parsing: ["ext:ts=a", "oops", "also bad"])
        }
    }

    @Test func programmaticOverridesAreNormalizedLikeParsedOnes() {
        let overrides = IconOverrides([
            .basename("Makefile", icon: "Build"), .extension(".Spec.TS", icon: "test"),
            .contains("", icon: "ignored"), .extension("..", icon: "ignored"),
        ])
        #expect(overrides.basenames == ["makefile": "build"])
        #expect(overrides.extensions == ["spec.ts": "test"])
        #expect(overrides.substrings.isEmpty)
    }
}
