import TerminalUI

/// The help made from ``KeyBinding/table``: the `?` list's lines, the keys' names, the footer's hints.
extension KeyBinding {
    /// One line of help: a binding, with the bindings after it that join its line.
    struct HelpLine: Equatable {
        /// The part of the key list.
        let section: Section
        /// The keys, as the `?` list shows them (`Up k, Down j`).
        let keys: String
        /// The keys as `Docs/Browser.md` writes them (`` `Up` `k`, `Down` `j` ``).
        let markdownKeys: String
        /// What they do.
        let text: String
    }

    /// Every line of help, in the table's order.
    static let helpLines: [HelpLine] = table.reduce(into: []) { lines, binding in
        let keys = label(of: binding.input, markdown: false)
        let markdownKeys = label(of: binding.input, markdown: true)
        let joiner: String
        switch binding.help {
        case .line(let text):
            lines.append(HelpLine(section: binding.section, keys: keys, markdownKeys: markdownKeys, text: text))
            return
        case .or: joiner = ", "
        case .then: joiner = " + "
        }
        guard let last = lines.popLast() else {
            return lines.append(HelpLine(section: binding.section, keys: keys, markdownKeys: markdownKeys, text: ""))
        }
        lines.append(HelpLine(section: last.section, keys: last.keys + joiner + keys,
                              markdownKeys: last.markdownKeys + joiner + markdownKeys, text: last.text))
    }

    /// What the help calls an input: its keys' names, each in backticks for Markdown.
    static func label(of input: Input, markdown: Bool) -> String {
        switch input {
        case .keys(let keys): keys.map { markdown ? "`\(name(of: $0))`" : name(of: $0) }.joined(separator: " ")
        case .typed(let name): name
        case .anyOtherKey: "any other key"
        case .mouse: "mouse"
        }
    }

    /// A key's name in the help: `k`, `Space`, `Ctrl-U`, `PgDn`, `Shift-Tab`.
    static func name(of key: KeyEvent) -> String {
        var name = key.modifiers.contains(.control) ? "Ctrl-" : ""
        if key.modifiers.contains(.alt) { name += "Alt-" }
        if key.modifiers.contains(.shift) { name += "Shift-" }
        switch key.key {
        case .character(" "): name += "Space"
        case .character(let character): name += key.modifiers.contains(.control) ? character.uppercased() : String(character)
        case .enter: name += "Enter"
        case .tab: name += "Tab"
        case .backspace: name += "Backspace"
        case .escape: name += "Esc"
        case .up: name += "Up"
        case .down: name += "Down"
        case .left: name += "Left"
        case .right: name += "Right"
        case .home: name += "Home"
        case .end: name += "End"
        case .pageUp: name += "PgUp"
        case .pageDown: name += "PgDn"
        case .insert: name += "Insert"
        case .delete: name += "Delete"
        case .function(let number): name += "F\(number)"
        }
        return name
    }

    /// The footer's hints, widest first: each a key of some actions, then a word; `lists`
    /// is how many of the lists, from the widest, show it.
    static let footerWords: [(actions: [Action], word: String, lists: Int)] = [
        ([.focusNext, .focusPrevious], "move", 1), ([.collapseOrGoToParent, .expandOrGoToChild], "fold", 1),
        ([.enter], "diff", 2), ([.startFind], "find", 2), ([.chooseFilter], "filter", 1), ([.showKeys], "keys", 3),
        ([.quit], "quit", 3),
    ]

    /// The footer's hints while the diff pane is open: its own keys.
    static let paneFooterWords: [(actions: [Action], word: String, lists: Int)] = [
        ([.pageDown, .pageUp], "scroll", 3), ([.halfPageDown, .halfPageUp], "half", 1), ([.nextFile, .previousFile], "file", 2),
        ([.escape], "close", 3), ([.toggleViewed], "viewed", 1), ([.showKeys], "keys", 3), ([.quit], "quit", 2),
    ]

    /// The short lists of keys the footer shows, the longest that fits: each action's key
    /// is its first binding's first character key (else its first key).
    static let footerHints: [String] = hints(footerWords)

    /// The footer's lists of keys while the diff pane is open.
    static let paneFooterHints: [String] = hints(paneFooterWords)

    private static func hints(_ words: [(actions: [Action], word: String, lists: Int)]) -> [String] {
        (1...3).map { list in
            words.filter { $0.lists >= list }.map { hint in
                (hint.actions.map(footerKey(of:)) + [hint.word]).joined(separator: " ")
            }.joined(separator: "  ")
        }
    }

    private static func footerKey(of action: Action) -> String {
        for binding in table where binding.action == action {
            guard case .keys(let keys) = binding.input, let first = keys.first else { continue }
            return name(of: keys.first { $0.typedCharacter != nil && $0 != .character(" ") } ?? first)
        }
        return ""
    }
}
