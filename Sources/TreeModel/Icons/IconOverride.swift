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
