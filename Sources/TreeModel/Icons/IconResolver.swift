/// Resolves the icon *name* of a file or directory (Docs/TreeModel.md#icons). First hit wins:
///
/// 1. a user override of the structural slot (`file`, `folder`, `folder-open`);
/// 2. the user's map by exact basename, case-insensitive;
/// 3. the user's map by basename substring: the longest key wins, ties go to the smaller key;
/// 4. the user's map by extension, candidates longest compound first (``ExtensionCandidates``);
/// 5. the catalog's map by basename, then by extension (same candidates);
/// 6. the generic file icon.
///
/// Directories get the folder or open-folder icon unless rule 1 overrides it; the user's
/// and the catalog's basename and extension maps apply to files only, as in TreeKit.
/// Basenames are lowercased (Unicode) before any lookup; bytes that are not UTF-8 are
/// read as U+FFFD, so such a name still finds its ASCII extension.
public struct IconResolver: Sendable {
    /// The built-in mappings (rule 5) and structural icons (rule 6).
    public let catalog: IconCatalog
    /// The user's map (rules 1–4).
    public let overrides: IconOverrides
    /// Whether icons are drawn in their colors (TreeKit's `colored`); see ``IconResolution/colored``.
    public let colored: Bool

    /// Substring keys as UTF-8, longest first (in characters), ties by the smaller key.
    private let substrings: [(key: [UInt8], icon: String)]

    public init(catalog: IconCatalog = .complete, overrides: IconOverrides = IconOverrides(), colored: Bool = true) {
        self.catalog = catalog
        self.overrides = overrides
        self.colored = colored
        substrings = overrides.substrings
            .map { (key: $0.key, count: $0.key.count, icon: $0.value) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.key < $1.key }
            .map { (key: Array($0.key.utf8), icon: $0.icon) }
    }

    /// The icon of a directory: its folder (or open folder, when `expanded`) slot.
    public func resolveDirectory(expanded: Bool) -> IconResolution {
        structural(expanded ? .folderOpen : .folder)
    }

    /// The icon of a file with this basename, given as bytes (git paths need not be UTF-8).
    public func resolveFile(named basename: some Collection<UInt8>) -> IconResolution {
        resolveFile(named: String(decoding: basename, as: UTF8.self))
    }

    /// The icon of a file with this basename.
    public func resolveFile(named basename: String) -> IconResolution {
        if let icon = overrides.slots[.file] {
            return IconResolution(name: icon, rule: .slotOverride, colored: colored)
        }
        let name = basename.lowercased()
        if let icon = overrides.basenames[name] {
            return user(icon, .userBasename)
        }
        if !substrings.isEmpty, let icon = substringMatch(in: name) {
            return user(icon, .userSubstring)
        }
        let candidates = ExtensionCandidates(of: name)
        if !overrides.extensions.isEmpty {
            for candidate in candidates {
                if let icon = overrides.extensions[String(candidate)] { return user(icon, .userExtension) }
            }
        }
        if let icon = catalog.fileNames[name] {
            return builtIn(icon, .builtInBasename)
        }
        for candidate in candidates {
            if let icon = catalog.extensions[String(candidate)] { return builtIn(icon, .builtInExtension) }
        }
        return structural(.file)
    }

    /// The icon of a changed file whose git mode is `mode` (its new side's, else its old
    /// side's): a symlink's is ``symlinkIcon`` in place of rules 5 and 6, unless the user's
    /// map (rules 1–4) names one for it or the set is `none`; any other file's is
    /// `resolveFile(named:)`'s.
    public func resolveFile(named basename: some Collection<UInt8>, mode: FileMode?) -> IconResolution {
        let resolution = resolveFile(named: basename)
        guard mode == .symlink, !resolution.rule.isUserOverride, catalog.set != .none else { return resolution }
        return builtIn(Self.symlinkIcon, .structural)
    }

    /// TreeKit's icon for a symlink, which none of its mappings uses.
    public static let symlinkIcon = "file-symlink-duo"

    /// The icon of a node of a prepared tree; `expanded` matters for directories only.
    public func resolve(_ node: FileTree.Node, expanded: Bool = false) -> IconResolution {
        node.isDirectory ? resolveDirectory(expanded: expanded) : resolveFile(named: node.name)
    }

    private func substringMatch(in name: String) -> String? {
        let bytes = Array(name.utf8)
        return substrings.first { Self.bytes(bytes, contain: $0.key) }?.icon
    }

    private static func bytes(_ haystack: [UInt8], contain needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        guard let first = needle.first else { return true }
        var start = 0
        let last = haystack.count - needle.count
        while start <= last {
            if haystack[start] == first, haystack[start..<(start + needle.count)].elementsEqual(needle) {
                return true
            }
            start += 1
        }
        return false
    }

    private func structural(_ slot: IconSlot) -> IconResolution {
        if let icon = overrides.slots[slot] {
            return IconResolution(name: icon, rule: .slotOverride, colored: colored)
        }
        return builtIn(catalog.name(for: slot), .structural)
    }

    private func user(_ icon: String, _ rule: IconRule) -> IconResolution {
        IconResolution(name: icon, rule: rule, colored: colored)
    }

    private func builtIn(_ icon: String, _ rule: IconRule) -> IconResolution {
        IconResolution(name: icon, rule: rule, colored: colored && catalog.set.colorsBuiltInIcons)
    }
}

/// The outcome of icon resolution: an icon *name*, which rule gave it, and whether it is
/// drawn in its color. Renderers decide how a name looks (a Nerd Font glyph, the plain
/// name, or nothing).
public struct IconResolution: Hashable, Sendable {
    /// The icon name, such as `lang-swift`, `npm` or `folder-duo`.
    public let name: String
    /// The rule that gave the name.
    public let rule: IconRule
    /// Whether the icon is drawn in its own color when color is on: as in TreeKit, icons
    /// from the user's map when the resolver is colored, built-in and structural icons
    /// only when also the set is `complete`.
    public let colored: Bool

    public init(name: String, rule: IconRule, colored: Bool) {
        self.name = name
        self.rule = rule
        self.colored = colored
    }
}

/// The extension candidates of a lowercase basename, longest compound first
/// (Docs/TreeModel.md#icons, rule 4): the text after each `.` in turn, empty ones skipped; a
/// name without a dot is its own only candidate.
///
///     button.spec.ts  →  spec.ts, ts
///     .gitignore      →  gitignore
///     .env.local      →  env.local, local
///     LICENSE         →  LICENSE
///     notes.          →  (none)
///
/// These are TreeKit's candidates: the components after the first, joined by `.`.
public struct ExtensionCandidates: Sequence, Sendable {
    /// The basename the candidates come from.
    public let name: String

    public init(of name: String) { self.name = name }

    public func makeIterator() -> Iterator { Iterator(name: name) }

    /// Yields the candidates as slices of the name.
    public struct Iterator: IteratorProtocol {
        private let name: String
        private var position: String.Index?
        private var wholeName: Bool

        init(name: String) {
            self.name = name
            self.position = name.utf8.firstIndex(of: Self.dot)
            self.wholeName = position == nil
        }

        public mutating func next() -> Substring? {
            if wholeName {
                wholeName = false
                return name.isEmpty ? nil : name[...]
            }
            // Scans UTF-8 code units (fast; `.` is ASCII, so each index found is a scalar boundary).
            let utf8 = name.utf8
            while let dot = position {
                let start = utf8.index(after: dot)
                position = utf8[start...].firstIndex(of: Self.dot)
                if start < utf8.endIndex { return name[start...] }
            }
            return nil
        }

        private static let dot = UInt8(ascii: ".")
    }
}
