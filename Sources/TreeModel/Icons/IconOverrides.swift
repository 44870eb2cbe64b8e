/// The user's icon map (Docs/TreeModel.md#icons, rules 1–4): structural slot overrides and maps
/// by exact basename, basename substring and extension. Keys are lowercase.
///
/// Built from entries in ``IconOverride``'s syntax, typically every value of the git config
/// key `treereview.icon` in order: a later entry for the same slot or key replaces an
/// earlier one, and an empty entry clears everything before it (git's convention for
/// multi-valued keys, so a repository's config can reset a user's global list).
public struct IconOverrides: Hashable, Sendable {
    /// Slot → icon name (rule 1).
    public private(set) var slots: [IconSlot: String] = [:]
    /// Exact lowercase basename → icon name (rule 2).
    public private(set) var basenames: [String: String] = [:]
    /// Lowercase basename substring → icon name (rule 3).
    public private(set) var substrings: [String: String] = [:]
    /// Lowercase extension, without leading or trailing dots → icon name (rule 4).
    public private(set) var extensions: [String: String] = [:]

    /// No overrides.
    public init() {}

    /// The given overrides, later ones replacing earlier ones with the same slot or key.
    public init(_ overrides: some Sequence<IconOverride>) {
        for override in overrides { add(override) }
    }

    /// Reads entries such as `"basename:Makefile=build"`, `"ext:spec.ts=test"`,
    /// `"contains:config=settings"` or `"folder=folder-duo"`, in order. An entry that is
    /// empty (or only blanks) clears the overrides read before it.
    /// - Throws: ``IconOverrideError`` naming the first entry that cannot be read.
    public init(parsing entries: some Sequence<String>) throws(IconOverrideError) {
        for entry in entries {
            if entry.allSatisfy({ $0 == " " || $0 == "\t" }) {
                self = IconOverrides()
            } else {
                add(try IconOverride(parsing: entry))
            }
        }
    }

    /// Adds `override`, normalized (keys and icon lowercased, an extension's dots trimmed),
    /// replacing an earlier one with the same slot or key. An override with an empty key
    /// (after normalizing) is ignored: it could match nothing meaningful.
    public mutating func add(_ override: IconOverride) {
        let override = override.normalized
        if override.key?.isEmpty == true { return }
        switch override {
        case .slot(let slot, let icon): slots[slot] = icon
        case .basename(let key, let icon): basenames[key] = icon
        case .contains(let key, let icon): substrings[key] = icon
        case .extension(let key, let icon): extensions[key] = icon
        }
    }

    /// Whether there are no overrides at all.
    public var isEmpty: Bool {
        slots.isEmpty && basenames.isEmpty && substrings.isEmpty && extensions.isEmpty
    }

    /// Every override, in a stable order: slots, then basenames, substrings and extensions,
    /// each sorted by key.
    public var entries: [IconOverride] {
        IconSlot.allCases.compactMap { slot in slots[slot].map { .slot(slot, icon: $0) } }
            + basenames.sorted { $0.key < $1.key }.map { .basename($0.key, icon: $0.value) }
            + substrings.sorted { $0.key < $1.key }.map { .contains($0.key, icon: $0.value) }
            + extensions.sorted { $0.key < $1.key }.map { .extension($0.key, icon: $0.value) }
    }
}
