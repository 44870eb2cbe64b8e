import TreeModel

/// Nerd Font glyphs and colors for icon names (Docs/TreeModel.md#icons: resolution gives a name,
/// the renderer decides how it looks).
///
/// Every name a built-in ``IconCatalog`` can give has a glyph: TreeKit's 57 names, the
/// names only treereview's extras use, and a few names meant for user overrides (`test`,
/// `build`, `settings`, and plain spellings such as `swift`, `file`, `folder`). Any other
/// name is drawn with ``fallback``. Codepoints are from Nerd Fonts 3 (checked against its
/// `glyphnames.json`); colors are 256-color palette entries near each project's brand color.
public enum NerdFontIcons {
    /// The glyph for `name`, or ``fallback`` when the name is unknown.
    public static func glyph(for name: String) -> NerdFontGlyph {
        glyphs[name] ?? fallback
    }

    /// The glyph for `name`, or `nil` when the name is unknown.
    public static func knownGlyph(for name: String) -> NerdFontGlyph? {
        glyphs[name]
    }

    /// Every name with its own glyph, sorted.
    public static var names: [String] { glyphs.keys.sorted() }

    /// The glyph for names this table does not know: a plain file, grey.
    public static let fallback = NerdFontGlyph(0xF15B, "nf-fa-file", color256: 250)

    static let glyphs: [String: NerdFontGlyph] = [
        // TreeKit's icon names.
        "astro": NerdFontGlyph(0xE6B3, "nf-custom-astro", color256: 202),
        "babel": NerdFontGlyph(0xE639, "nf-seti-babel", color256: 220),
        "bash-duo": NerdFontGlyph(0xF489, "nf-oct-terminal", color256: 113),
        "biome": NerdFontGlyph(0xF032A, "nf-md-leaf", color256: 39),
        "bootstrap-duo": NerdFontGlyph(0xE747, "nf-dev-bootstrap", color256: 98),
        "braces": NerdFontGlyph(0xE60B, "nf-seti-json", color256: 221),
        "browserslist-duo": NerdFontGlyph(0xF0AC, "nf-fa-globe", color256: 214),
        "bun-duo": NerdFontGlyph(0xE76F, "nf-dev-bun", color256: 223),
        "claude": NerdFontGlyph(0xF0AE2, "nf-md-star_four_points", color256: 173),
        "docker": NerdFontGlyph(0xE7B0, "nf-dev-docker", color256: 39),
        "eslint": NerdFontGlyph(0xE655, "nf-seti-eslint", color256: 99),
        "file-duo": NerdFontGlyph(0xF15B, "nf-fa-file", color256: 250),
        "file-symlink-duo": NerdFontGlyph(0xF481, "nf-oct-file_symlink_file", color256: 117),
        "file-table-duo": NerdFontGlyph(0xF0CE, "nf-fa-table", color256: 71),
        "file-text-duo": NerdFontGlyph(0xF15C, "nf-fa-file_text", color256: 250),
        "file-zip-duo": NerdFontGlyph(0xF410, "nf-oct-file_zip", color256: 179),
        "folder-duo": NerdFontGlyph(0xF07B, "nf-fa-folder", color256: 74),
        "folder-open-duo": NerdFontGlyph(0xF07C, "nf-fa-folder_open", color256: 74),
        "font": NerdFontGlyph(0xF031, "nf-fa-font", color256: 250),
        "git": NerdFontGlyph(0xE702, "nf-dev-git", color256: 202),
        "graphql": NerdFontGlyph(0xE662, "nf-seti-graphql", color256: 162),
        "image-duo": NerdFontGlyph(0xF1C5, "nf-fa-file_image", color256: 140),
        "lang-c": NerdFontGlyph(0xE61E, "nf-custom-c", color256: 75),
        "lang-cpp": NerdFontGlyph(0xE61D, "nf-custom-cpp", color256: 204),
        "lang-csharp": NerdFontGlyph(0xF031B, "nf-md-language_csharp", color256: 97),
        "lang-css-duo": NerdFontGlyph(0xE749, "nf-dev-css3", color256: 75),
        "lang-go": NerdFontGlyph(0xE627, "nf-seti-go", color256: 38),
        "lang-html-duo": NerdFontGlyph(0xE736, "nf-dev-html5", color256: 202),
        "lang-javascript-duo": NerdFontGlyph(0xE74E, "nf-dev-javascript_alt", color256: 185),
        "lang-markdown": NerdFontGlyph(0xE73E, "nf-dev-markdown", color256: 252),
        "lang-objc": NerdFontGlyph(0xE711, "nf-dev-apple", color256: 75),
        "lang-python": NerdFontGlyph(0xE73C, "nf-dev-python", color256: 214),
        "lang-ruby": NerdFontGlyph(0xE739, "nf-dev-ruby", color256: 160),
        "lang-rust": NerdFontGlyph(0xE7A8, "nf-dev-rust", color256: 216),
        "lang-swift": NerdFontGlyph(0xE755, "nf-dev-swift", color256: 208),
        "lang-typescript-duo": NerdFontGlyph(0xE628, "nf-seti-typescript", color256: 32),
        "nextjs": NerdFontGlyph(0xE83E, "nf-dev-nextjs", color256: 252),
        "npm": NerdFontGlyph(0xE71E, "nf-dev-npm", color256: 161),
        "oxc": NerdFontGlyph(0xF019A, "nf-md-cow", color256: 43),
        "postcss": NerdFontGlyph(0xE86A, "nf-dev-postcss", color256: 166),
        "prettier": NerdFontGlyph(0xE6B4, "nf-custom-prettier", color256: 73),
        "react": NerdFontGlyph(0xE7BA, "nf-dev-react", color256: 45),
        "sass": NerdFontGlyph(0xE603, "nf-seti-sass", color256: 168),
        "server-duo": NerdFontGlyph(0xF1C0, "nf-fa-database", color256: 186),
        "stylelint": NerdFontGlyph(0xE695, "nf-seti-stylelint", color256: 147),
        "svelte": NerdFontGlyph(0xE697, "nf-seti-svelte", color256: 202),
        "svg-2": NerdFontGlyph(0xF0721, "nf-md-svg", color256: 215),
        "svgo": NerdFontGlyph(0xE698, "nf-seti-svg", color256: 79),
        "tailwind": NerdFontGlyph(0xF13FF, "nf-md-tailwind", color256: 44),
        "terraform": NerdFontGlyph(0xF1062, "nf-md-terraform", color256: 99),
        "vite": NerdFontGlyph(0xE8D7, "nf-dev-vitejs", color256: 135),
        "vscode": NerdFontGlyph(0xF0A1E, "nf-md-microsoft_visual_studio_code", color256: 32),
        "vue": NerdFontGlyph(0xE6A0, "nf-seti-vue", color256: 71),
        "wasm-duo": NerdFontGlyph(0xE6A1, "nf-seti-wasm", color256: 99),
        "webpack": NerdFontGlyph(0xF072B, "nf-md-webpack", color256: 117),
        "yml": NerdFontGlyph(0xE6A8, "nf-seti-yml", color256: 167),
        "zig": NerdFontGlyph(0xE6A9, "nf-seti-zig", color256: 214),
        // Names only treereview's extra mappings use.
        "cmake": NerdFontGlyph(0xE794, "nf-dev-cmake", color256: 70),
        "diff": NerdFontGlyph(0xF440, "nf-oct-diff", color256: 178),
        "lang-dart": NerdFontGlyph(0xE798, "nf-dev-dart", color256: 38),
        "lang-elixir": NerdFontGlyph(0xE62D, "nf-custom-elixir", color256: 97),
        "lang-haskell": NerdFontGlyph(0xE777, "nf-dev-haskell", color256: 140),
        "lang-java": NerdFontGlyph(0xE738, "nf-dev-java", color256: 167),
        "lang-kotlin": NerdFontGlyph(0xE634, "nf-custom-kotlin", color256: 99),
        "lang-lua": NerdFontGlyph(0xE620, "nf-seti-lua", color256: 33),
        "lang-php": NerdFontGlyph(0xE73D, "nf-dev-php", color256: 104),
        "lock": NerdFontGlyph(0xF023, "nf-fa-lock", color256: 250),
        "makefile": NerdFontGlyph(0xE673, "nf-seti-makefile", color256: 166),
        "nix": NerdFontGlyph(0xF313, "nf-linux-nixos", color256: 110),
        "pdf": NerdFontGlyph(0xF1C1, "nf-fa-file_pdf", color256: 160),
        "swiftpm": NerdFontGlyph(0xF487, "nf-oct-package", color256: 208),
        "toml": NerdFontGlyph(0xE6B2, "nf-custom-toml", color256: 131),
        "xml": NerdFontGlyph(0xF05C0, "nf-md-xml", color256: 173),
        // Names for user overrides.
        "build": NerdFontGlyph(0xF1323, "nf-md-hammer_wrench", color256: 180),
        "settings": NerdFontGlyph(0xF013, "nf-fa-gear", color256: 246),
        "test": NerdFontGlyph(0xF0668, "nf-md-test_tube", color256: 113),
        "file": NerdFontGlyph(0xF15B, "nf-fa-file", color256: 250),
        "folder": NerdFontGlyph(0xF07B, "nf-fa-folder", color256: 74),
        "folder-open": NerdFontGlyph(0xF07C, "nf-fa-folder_open", color256: 74),
        "go": NerdFontGlyph(0xE627, "nf-seti-go", color256: 38),
        "javascript": NerdFontGlyph(0xE74E, "nf-dev-javascript_alt", color256: 185),
        "markdown": NerdFontGlyph(0xE73E, "nf-dev-markdown", color256: 252),
        "python": NerdFontGlyph(0xE73C, "nf-dev-python", color256: 214),
        "rust": NerdFontGlyph(0xE7A8, "nf-dev-rust", color256: 216),
        "swift": NerdFontGlyph(0xE755, "nf-dev-swift", color256: 208),
        "typescript": NerdFontGlyph(0xE628, "nf-seti-typescript", color256: 32),
    ]
}

/// How one icon name is drawn with a Nerd Font: a glyph and its color.
public struct NerdFontGlyph: Hashable, Sendable {
    /// The glyph, a Private Use Area codepoint of the Nerd Fonts set.
    public let scalar: Unicode.Scalar
    /// The Nerd Fonts name of the glyph, such as `nf-dev-swift`, for reference.
    public let glyphName: String
    /// The glyph's color, a 256-color SGR foreground.
    public let color: Style

    /// A glyph `codepoint` (named `glyphName`) in 256-color palette entry `color256`.
    public init(_ codepoint: UInt32, _ glyphName: String, color256: UInt8) {
        self.scalar = Unicode.Scalar(codepoint) ?? "?"
        self.glyphName = glyphName
        self.color = Style(parameters: "38;5;\(color256)")
    }
}

/// How a resolved icon is drawn in front of a name (Docs/TreeModel.md#icons: renderers decide how
/// an icon name looks). Every drawing but ``none`` ends with one space.
public enum IconDrawing: String, CaseIterable, Hashable, Sendable {
    /// A Nerd Font glyph (``NerdFontIcons``), in its color when color is on.
    case nerdFont = "nerd-font"
    /// The icon name as text, such as `lang-swift`: for terminals without a Nerd Font,
    /// and for checking resolution by eye.
    case names
    /// Nothing at all (`--icons none`); the row keeps its layout without an icon column.
    case none

    /// Appends the drawing of `icon` to `output` and returns its display width: 2 for a
    /// glyph and its space (a Nerd Font glyph counts as one column), the name's width plus
    /// 1 for ``names``, 0 for ``none``. The icon is colored when `color` is on and the
    /// resolution says it is drawn in its color (``IconResolution/colored``).
    @discardableResult
    public func append(_ icon: IconResolution, color: Bool, to output: inout [UInt8]) -> Int {
        append(name: icon.name, colored: color && icon.colored, to: &output)
    }

    /// Appends the drawing of the icon called `name`, in its color when `colored`, and
    /// returns its display width (see ``append(_:color:to:)``).
    @discardableResult
    public func append(name: String, colored: Bool, to output: inout [UInt8]) -> Int {
        switch self {
        case .none:
            return 0
        case .nerdFont:
            let glyph = NerdFontIcons.glyph(for: name)
            glyph.color.open(&output, enabled: colored)
            UTF8.encode(glyph.scalar) { output.append($0) }
            Style.close(&output, enabled: colored)
            output.append(UInt8(ascii: " "))
            return 2
        case .names:
            let glyph = NerdFontIcons.glyph(for: name)
            glyph.color.open(&output, enabled: colored)
            let width = TerminalText.append(name, to: &output)
            Style.close(&output, enabled: colored)
            output.append(UInt8(ascii: " "))
            return width + 1
        }
    }
}
