/// The built-in icon mappings of one ``IconSet``: which icon *name* a file gets from its
/// basename or its extension, plus the structural icons (Docs/TreeModel.md#icons, rule 5).
///
/// The four sets are TreeKit's, mapping for mapping and with TreeKit's icon names
/// (`lang-swift`, `lang-typescript-duo`, `npm`, `file-duo`, …). A catalog built with
/// `extras: true` adds treereview's own mappings (``IconCatalog/extraFileNames``,
/// ``IconCatalog/extraExtensions``) where TreeKit's set has none; TreeKit's mappings
/// always win over an extra.
///
/// Keys are lowercase; resolvers lowercase a basename before looking it up.
public struct IconCatalog: Hashable, Sendable {
    /// The set this catalog holds.
    public let set: IconSet
    /// Whether treereview's extra mappings were added.
    public let includesExtras: Bool
    /// Exact lowercase basename → icon name.
    public let fileNames: [String: String]
    /// Lowercase extension (without its leading dot; may be compound, `env.local`) → icon name.
    public let extensions: [String: String]

    /// The built-in mappings of `set`, TreeKit's exactly, or with treereview's extras added.
    /// The set `none` has no mappings either way.
    public init(set: IconSet, extras: Bool = false) {
        self.set = set
        self.includesExtras = extras && set != .none
        var fileNames = Self.table(TreeKitIconTables.fileNames(for: set))
        var extensions = Self.table(TreeKitIconTables.extensions(for: set))
        if includesExtras {
            fileNames.merge(Self.table(Self.extraFileNames)) { treeKit, _ in treeKit }
            extensions.merge(Self.table(Self.extraExtensions)) { treeKit, _ in treeKit }
        }
        self.fileNames = fileNames
        self.extensions = extensions
    }

    /// TreeKit's `complete` set.
    public static let complete = IconCatalog(set: .complete)
    /// TreeKit's `standard` set.
    public static let standard = IconCatalog(set: .standard)
    /// TreeKit's `minimal` set.
    public static let minimal = IconCatalog(set: .minimal)
    /// No mappings: structural icons only.
    public static let none = IconCatalog(set: .none)

    /// The icon name of a structural slot: `file-duo`, `folder-duo`, `folder-open-duo`.
    /// The same in every set.
    public func name(for slot: IconSlot) -> String {
        switch slot {
        case .file: TreeKitIconTables.file
        case .folder: TreeKitIconTables.folder
        case .folderOpen: TreeKitIconTables.folderOpen
        }
    }

    /// Every icon name this catalog can give: its structural names and mapped names, sorted.
    public var iconNames: [String] {
        var names = Set(fileNames.values).union(extensions.values)
        for slot in IconSlot.allCases { names.insert(name(for: slot)) }
        return names.sorted()
    }

    /// TreeKit's icon names (57), in TreeKit's order. `file-symlink-duo` is among them
    /// though no mapping uses it.
    public static let treeKitIconNames: [String] = TreeKitIconTables.iconNames

    /// Every icon name any built-in catalog can give, with or without extras, sorted:
    /// TreeKit's names and the names only extras use.
    public static let allIconNames: [String] = {
        var names = Set(TreeKitIconTables.iconNames)
        for pair in extraFileNames + extraExtensions { names.insert(pair.icon) }
        return names.sorted()
    }()

    private static func table(_ pairs: [(key: String, icon: String)]) -> [String: String] {
        Dictionary(pairs.map { ($0.key, $0.icon) }, uniquingKeysWith: { first, _ in first })
    }
}

extension IconCatalog {
    /// treereview's basename mappings beyond TreeKit's, added by `IconCatalog(set:extras: true)`
    /// where the set has no mapping of its own. Keys lowercase.
    public static let extraFileNames: [(key: String, icon: String)] = [
        (".swift-format", "lang-swift"),
        (".swift-version", "lang-swift"),
        (".swiftformat", "lang-swift"),
        (".swiftlint.yml", "lang-swift"),
        ("cargo.lock", "lang-rust"),
        ("cargo.toml", "lang-rust"),
        ("cmakelists.txt", "cmake"),
        ("containerfile", "docker"),
        ("dockerfile", "docker"),
        ("gemfile.lock", "lang-ruby"),
        ("gnumakefile", "makefile"),
        ("go.mod", "lang-go"),
        ("go.sum", "lang-go"),
        ("go.work", "lang-go"),
        ("makefile", "makefile"),
        ("package.resolved", "swiftpm"),
        ("package.swift", "swiftpm"),
    ]

    /// treereview's extension mappings beyond TreeKit's, added by `IconCatalog(set:extras: true)`
    /// where the set has no mapping of its own. Keys lowercase, without a leading dot.
    public static let extraExtensions: [(key: String, icon: String)] = [
        ("cmake", "cmake"),
        ("dart", "lang-dart"),
        ("diff", "diff"),
        ("dockerfile", "docker"),
        ("ex", "lang-elixir"),
        ("exs", "lang-elixir"),
        ("hs", "lang-haskell"),
        ("java", "lang-java"),
        ("kt", "lang-kotlin"),
        ("kts", "lang-kotlin"),
        ("lock", "lock"),
        ("lua", "lang-lua"),
        ("mk", "makefile"),
        ("nix", "nix"),
        ("patch", "diff"),
        ("pdf", "pdf"),
        ("php", "lang-php"),
        ("plist", "xml"),
        ("swiftinterface", "lang-swift"),
        ("toml", "toml"),
        ("xml", "xml"),
    ]
}

/// A built-in icon set, as TreeKit ships them (Docs/TreeModel.md#icons).
///
/// Every set keeps the structural icons (file, folder, open folder); they differ in how many
/// basenames and extensions they map to a specific icon.
public enum IconSet: String, CaseIterable, Hashable, Sendable {
    /// The broadest coverage of languages, frameworks and tooling, with colors
    /// (TreeKit: 107 basename and 120 extension mappings over 57 icon names).
    case complete
    /// Common languages and file formats, monochrome (11 basename, 105 extension mappings).
    case standard
    /// Structural icons plus low-noise text and image recognition (33 extension mappings).
    case minimal
    /// No file-type mappings: structural icons only (user overrides still apply).
    case none

    /// Whether built-in icons of this set are drawn in their colors when color is on.
    /// As in TreeKit, only `complete` is colored; the other sets are monochrome.
    /// Icons named by user overrides are colored in every set.
    var colorsBuiltInIcons: Bool { self == .complete }
}

/// A structural icon slot: what a file gets when nothing more specific matches, and what
/// every directory gets. A user override of a slot wins over every other rule
/// (Docs/TreeModel.md#icons, rule 1).
public enum IconSlot: String, CaseIterable, Hashable, Sendable {
    /// Any file; also the fallback when no mapping matches.
    case file
    /// A collapsed directory.
    case folder
    /// An expanded directory.
    case folderOpen = "folder-open"
}

/// Which rule of Docs/TreeModel.md#icons gave an icon; the first rule that matches wins.
public enum IconRule: Hashable, Sendable, CaseIterable {
    /// Rule 1: the user overrode the structural slot (`file`, `folder`, `folder-open`).
    case slotOverride
    /// Rule 2: the user's map by exact basename, case-insensitive.
    case userBasename
    /// Rule 3: the user's map by basename substring (longest key, ties to the smaller key).
    case userSubstring
    /// Rule 4: the user's map by extension, longest compound candidate first.
    case userExtension
    /// Rule 5: the built-in map by basename.
    case builtInBasename
    /// Rule 5: the built-in map by extension (after the built-in basename map).
    case builtInExtension
    /// Rule 6 for files, the generic file icon (a symlink's icon, for a symlink, in place of
    /// rules 5 and 6); and every directory's folder or open folder.
    case structural

    /// The rule's number in Docs/TreeModel.md#icons (1–6).
    public var number: Int {
        switch self {
        case .slotOverride: 1
        case .userBasename: 2
        case .userSubstring: 3
        case .userExtension: 4
        case .builtInBasename, .builtInExtension: 5
        case .structural: 6
        }
    }

    /// Whether the icon comes from the user's map (rules 1–4).
    public var isUserOverride: Bool { number <= 4 }
}
