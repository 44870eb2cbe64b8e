/// One user icon override (Docs/TreeModel.md#icons, rules 1–4), as one value of the git config
/// key `treereview.icon` (which may be given many times) or one command-line entry.
///
/// The syntax is `KIND:KEY=ICON`, or `SLOT=ICON` for a structural slot:
///
///     file=file-text-duo            every file (rule 1: wins over everything)
///     folder=folder-duo             collapsed directories (rule 1)
///     folder-open=folder-open-duo   expanded directories (rule 1)
///     basename:Makefile=build       the exact basename, case-insensitive (rule 2)
///     contains:config=settings      basenames containing the key; longest key wins (rule 3)
///     ext:spec.ts=test              the extension, compound allowed; leading dots ignored (rule 4)
///
/// The key runs to the last `=`, so a key may itself contain `=` or `:`; spaces and tabs
/// around the entry, the key and the icon name are ignored. Keys and icon names are
/// case-insensitive and kept lowercase. An icon name uses letters, digits, `-`, `_`, `.`.
public enum IconOverride: Hashable, Sendable, CustomStringConvertible {
    /// Rule 1: replaces a structural slot's icon.
    case slot(IconSlot, icon: String)
    /// Rule 2: an exact basename.
    case basename(String, icon: String)
    /// Rule 3: a basename substring.
    case contains(String, icon: String)
    /// Rule 4: an extension (`ts`, `spec.ts`, `gitignore`).
    case `extension`(String, icon: String)

    /// Reads one entry, such as `"ext:spec.ts=test"`.
    public init(parsing entry: String) throws(IconOverrideError) {
        func failure(_ problem: IconOverrideError.Problem) -> IconOverrideError {
            IconOverrideError(entry: entry, problem: problem)
        }
        let text = entry.trimmingBlanks()
        guard let equals = text.lastIndex(of: "=") else { throw failure(.missingEquals) }
        let left = text[..<equals]
        let rawIcon = text[text.index(after: equals)...].trimmingBlanks()
        guard !rawIcon.isEmpty else { throw failure(.emptyIcon) }
        guard rawIcon.utf8.allSatisfy(Self.isIconByte) else { throw failure(.invalidIcon(rawIcon)) }
        let icon = rawIcon.lowercased()

        guard let colon = left.firstIndex(of: ":") else {
            let slotName = left.trimmingBlanks()
            guard let slot = IconSlot(rawValue: slotName.lowercased()) else {
                throw failure(slotName.isEmpty ? .emptyKey : .unknownSlot(slotName))
            }
            self = .slot(slot, icon: icon)
            return
        }
        let kind = left[..<colon].trimmingBlanks()
        let key = left[left.index(after: colon)...].trimmingBlanks()
        switch kind.lowercased() {
        case "basename": self = .basename(key, icon: icon)
        case "contains": self = .contains(key, icon: icon)
        case "ext": self = .extension(key, icon: icon)
        default: throw failure(.unknownKind(kind))
        }
        if let bad = key.unicodeScalars.first(where: { $0 == "/" || $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            throw failure(.invalidKey(bad == "/" ? "'/'" : "U+" + Self.hex4(bad.value)))
        }
        self = normalized
        if self.key?.isEmpty == true { throw failure(.emptyKey) }
    }

    /// The icon name this override gives.
    public var icon: String {
        switch self {
        case .slot(_, let icon), .basename(_, let icon), .contains(_, let icon), .extension(_, let icon): icon
        }
    }

    /// The key matched against basenames, or `nil` for a slot.
    public var key: String? {
        switch self {
        case .slot: nil
        case .basename(let key, _), .contains(let key, _), .extension(let key, _): key
        }
    }

    /// The same override with its key and icon lowercased and an extension's dots trimmed,
    /// as it is matched.
    public var normalized: IconOverride {
        switch self {
        case .slot(let slot, let icon): .slot(slot, icon: icon.lowercased())
        case .basename(let key, let icon): .basename(key.lowercased(), icon: icon.lowercased())
        case .contains(let key, let icon): .contains(key.lowercased(), icon: icon.lowercased())
        case .extension(let key, let icon): .extension(Self.trimmingDots(key.lowercased()), icon: icon.lowercased())
        }
    }

    /// The entry in the syntax ``init(parsing:)`` reads.
    public var description: String {
        switch self {
        case .slot(let slot, let icon): "\(slot.rawValue)=\(icon)"
        case .basename(let key, let icon): "basename:\(key)=\(icon)"
        case .contains(let key, let icon): "contains:\(key)=\(icon)"
        case .extension(let key, let icon): "ext:\(key)=\(icon)"
        }
    }

    private static func isIconByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
            true
        default:
            false
        }
    }

    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    private static func trimmingDots(_ key: String) -> String {
        let start = key.firstIndex { $0 != "." } ?? key.endIndex
        let end = key.lastIndex { $0 != "." }.map(key.index(after:)) ?? start
        return start < end ? String(key[start..<end]) : ""
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    fileprivate func trimmingBlanks() -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else {
            return ""
        }
        return String(self[start...last])
    }
}

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

/// A user icon override that could not be read; names the entry as written.
public struct IconOverrideError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong with an entry.
    public enum Problem: Hashable, Sendable {
        /// No `=` between the key and the icon name.
        case missingEquals
        /// A `KIND:` prefix that is not `basename`, `contains` or `ext`.
        case unknownKind(String)
        /// A bare `SLOT=` that is not `file`, `folder` or `folder-open`.
        case unknownSlot(String)
        /// Nothing to match between the kind and the `=` (for `ext:`, nothing but dots).
        case emptyKey
        /// A key with `/` or a control character, which no basename has; carries the
        /// character, a control character spelled `U+001B`.
        case invalidKey(String)
        /// Nothing after the `=`.
        case emptyIcon
        /// An icon name with characters other than letters, digits, `-`, `_` and `.`.
        case invalidIcon(String)
    }

    /// The entry as written.
    public let entry: String
    /// What is wrong with it.
    public let problem: Problem

    public init(entry: String, problem: Problem) {
        self.entry = entry
        self.problem = problem
    }

    public var description: String {
        "invalid icon override '\(Self.visible(entry))': \(reason)"
    }

    private var reason: String {
        switch problem {
        case .missingEquals:
            "expected KIND:KEY=ICON (KIND is basename, contains or ext) or SLOT=ICON (SLOT is file, folder or folder-open)"
        case .unknownKind(let kind):
            "unknown kind '\(Self.visible(kind))' (expected basename, contains or ext)"
        case .unknownSlot(let slot):
            "unknown slot '\(Self.visible(slot))' (expected file, folder or folder-open; for a file name write basename:\(Self.visible(slot))=…)"
        case .emptyKey:
            "nothing to match before '='"
        case .invalidKey(let key):
            "a file name cannot contain \(key)"
        case .emptyIcon:
            "no icon name after '='"
        case .invalidIcon(let icon):
            "icon name '\(Self.visible(icon))' may use only letters, digits, '-', '_' and '.'"
        }
    }

    /// `text` with control characters spelled `\u{1B}`, safe to print on a terminal.
    private static func visible(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
