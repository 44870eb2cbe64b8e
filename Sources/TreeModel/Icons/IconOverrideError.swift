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
