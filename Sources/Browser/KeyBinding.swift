/// One line of the key list that `?` shows and `Docs/Browser.md` documents: the keys and
/// what they do.
public struct KeyBinding: Hashable, Sendable {
    /// The keys, as the overlay shows them (`Up k`, `Ctrl-D`).
    public let keys: String
    /// What they do.
    public let action: String

    /// A binding.
    public init(_ keys: String, _ action: String) {
        self.keys = keys
        self.action = action
    }

    /// Every key, in the order the overlay lists them, by section.
    public static let sections: [(title: String, bindings: [KeyBinding])] = [
        ("Move", [
            KeyBinding("Up k, Down j", "focus the row above, below"),
            KeyBinding("Left h", "collapse the directory, else go to its parent"),
            KeyBinding("Right l", "expand the directory, else go to its first child"),
            KeyBinding("Space", "expand or collapse the directory; open or close a file's diff"),
            KeyBinding("g Home, G End", "focus the first, the last row"),
            KeyBinding("PgUp, PgDn", "up, down a page"),
            KeyBinding("Ctrl-U, Ctrl-D", "up, down half a page (the diff, when it is open)"),
            KeyBinding("*, -", "expand every directory, collapse every directory"),
        ]),
        ("Find and filter", [
            KeyBinding("/", "find, ranked as you type; Up Down choose, Enter go, Esc back"),
            KeyBinding("n, N", "the next, previous match of the last find"),
            KeyBinding("f + letter", "only files of a status: a m d r c t u ?"),
            KeyBinding("F", "every status again"),
        ]),
        ("Diff", [
            KeyBinding("Enter", "open the file's diff (a directory: expand or collapse)"),
            KeyBinding("], [", "the next, previous file, and its diff when open"),
            KeyBinding("o", "the focused file's diff (a directory's files) in the pager"),
            KeyBinding("Esc", "close the diff; else clear the find"),
        ]),
        ("Review", [
            KeyBinding("v", "mark the file (a directory's files) viewed; again: not viewed"),
            KeyBinding("u", "hide the viewed files, show them again"),
        ]),
        ("Screen", [
            KeyBinding("?", "this list of keys (j k scroll it, any other key closes it)"),
            KeyBinding("Ctrl-L", "draw the screen again"),
            KeyBinding("Ctrl-Z", "suspend; fg comes back"),
            KeyBinding("q, Ctrl-C", "quit"),
            KeyBinding("mouse", "wheel scrolls; a click focuses, toggles, picks a pinned row"),
        ]),
    ]

    /// The short lists of keys the footer shows, the longest that fits.
    static let footerHints = [
        "j k move  h l fold  Enter diff  / find  f filter  ? keys  q quit",
        "Enter diff  / find  ? keys  q quit",
        "? keys  q quit",
    ]
}
