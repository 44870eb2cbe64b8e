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
