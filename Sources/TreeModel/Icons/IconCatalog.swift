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
