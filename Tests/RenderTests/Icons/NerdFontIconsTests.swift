import Render
import Testing
import TreeModel

/// Every icon name a catalog can give has a Nerd Font glyph.
struct NerdFontIconsTests {
    @Test func everyCatalogNameHasItsOwnGlyph() {
        var names = Set(IconCatalog.allIconNames)
        for set in IconSet.allCases {
            for extras in [false, true] {
                let catalog = IconCatalog(set: set, extras: extras)
                names.formUnion(catalog.iconNames)
                names.formUnion(IconSlot.allCases.map(catalog.name(for:)))
            }
        }
        #expect(names.count >= 57)
        for name in names.sorted() {
            #expect(NerdFontIcons.knownGlyph(for: name) != nil, "no glyph for \(name)")
        }
    }

    @Test func treeKitsNamesAllHaveGlyphs() {
        #expect(IconCatalog.treeKitIconNames.count == 57)
        let missing = IconCatalog.treeKitIconNames.filter { NerdFontIcons.knownGlyph(for: $0) == nil }
        #expect(missing.isEmpty)
    }

    @Test func namesForUserOverridesAndSlotsHaveGlyphs() {
        for name in ["test", "build", "settings", "file", "folder", "folder-open", "swift", "typescript", "markdown"] {
            #expect(NerdFontIcons.knownGlyph(for: name) != nil, "\(name)")
        }
    }

    @Test func wellKnownCodepoints() {
        let expected: [String: UInt32] = [
            "lang-swift": 0xE755, "lang-python": 0xE73C, "lang-javascript-duo": 0xE74E,
            "lang-typescript-duo": 0xE628, "lang-rust": 0xE7A8, "lang-go": 0xE627,
            "folder-duo": 0xF07B, "folder-open-duo": 0xF07C, "file-duo": 0xF15B, "lang-markdown": 0xE73E,
        ]
        for (name, codepoint) in expected {
            #expect(NerdFontIcons.glyph(for: name).scalar.value == codepoint, "\(name)")
        }
    }

    @Test func glyphsAreInThePrivateUseAreaAndNamedAsNerdFontsNamesThem() {
        for name in NerdFontIcons.names {
            let glyph = NerdFontIcons.glyph(for: name)
            let value = glyph.scalar.value
            #expect((0xE000...0xF8FF).contains(value) || (0xF0000...0xFFFFD).contains(value), "\(name)")
            #expect(glyph.glyphName.hasPrefix("nf-"), "\(name)")
            #expect(TerminalText.width(of: glyph.scalar) == 1, "\(name)")
        }
    }

    @Test func colorsAre256ColorForegrounds() {
        for name in NerdFontIcons.names {
            let sequence = String(decoding: NerdFontIcons.glyph(for: name).color.sequence, as: UTF8.self)
            #expect(sequence.hasPrefix("\u{1B}[38;5;") && sequence.hasSuffix("m"), "\(name)")
        }
    }

    @Test func unknownNamesGetTheFallback() {
        #expect(NerdFontIcons.knownGlyph(for: "no-such-icon") == nil)
        #expect(NerdFontIcons.glyph(for: "no-such-icon") == NerdFontIcons.fallback)
        #expect(NerdFontIcons.fallback.scalar == "\u{F15B}")
    }
}
