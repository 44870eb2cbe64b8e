import TerminalUI

/// One binding of the browser's keys: the keys it answers, the modes it applies in, the
/// action it runs, and its help. ``table`` holds every binding: ``Browser`` looks each key up
/// in it (``action(for:in:)``, the only way from a key to an action), and the `?` list
/// (``HelpOverlay``), the footer's hints and `Docs/Browser.md`'s key tables (checked by a
/// test) are made from it.
///
/// A new key is a case of ``Action``, a record here, a case in ``Browser/perform(_:typed:)``,
/// and its row in `Docs/Browser.md` (the test names the row).
struct KeyBinding {
    /// What a key does: ``Browser/perform(_:typed:)`` runs it.
    enum Action: CaseIterable {
        /// Ends the program.
        case quit
        /// Suspends the program (the shell's `fg` resumes it).
        case suspend
        /// Draws the whole screen again.
        case redraw
        /// Shows the key list.
        case showKeys
        /// Focuses the row above, the row below.
        case focusPrevious, focusNext
        /// Collapses the focused directory, else focuses its parent.
        case collapseOrGoToParent
        /// Expands the focused directory, else focuses its first child.
        case expandOrGoToChild
        /// Opens or closes the focused directory, or the focused file's diff.
        case toggle
        /// Opens the focused file's diff, or opens or closes the focused directory.
        case enter
        /// Focuses the first, the last row.
        case focusFirst, focusLast
        /// Moves the focus (or scrolls the open diff) up, down a page.
        case pageUp, pageDown
        /// Moves the focus (or scrolls the open diff) up, down half a page.
        case halfPageUp, halfPageDown
        /// Expands, collapses every directory.
        case expandAll, collapseAll
        /// Opens the find's prompt.
        case startFind
        /// Focuses the next, the previous result of the last find.
        case nextMatch, previousMatch
        /// Waits for a status letter (``filterByLetter``).
        case chooseFilter
        /// Shows every status again.
        case showEveryStatus
        /// Focuses the next, the previous file.
        case nextFile, previousFile
        /// Gives the focused file's diff (a directory's files) to the pager.
        case page
        /// Marks the focused file (a directory's files) viewed, or not viewed.
        case toggleViewed
        /// Hides the viewed files, or shows them again.
        case toggleHidingViewed
        /// Shows only the files changed since the last review, or every file again.
        case toggleChangedSinceReview
        /// Marks every file shown viewed (a find's results, while highlighted), or not viewed;
        /// asks first for more than ``Browser/markingsAskedFor`` files.
        case markShownViewed
        /// Marks the files ``markShownViewed`` asked about.
        case confirmMarking
        /// Leaves them as they are.
        case cancelMarking
        /// Sorts the tree by the next order (``Browser/orderCycle``).
        case cycleOrder
        /// Closes the diff, else ends the find's highlighting.
        case escape
        /// Shows only the files of the status the typed letter names.
        case filterByLetter
        /// Leaves the choice of a status.
        case cancelFilter
        /// Adds the typed character to the find's query.
        case typeInFind
        /// Focuses the previous, the next result while typing.
        case previousResult, nextResult
        /// Deletes the query's last character (on an empty query: as ``abandonFind``).
        case deleteFindCharacter
        /// Empties the query.
        case clearFind
        /// Keeps the result shown and closes the prompt.
        case acceptFind
        /// Puts back the focus, scroll position and directories from before the find.
        case abandonFind
        /// Nothing, while a find is typed (a key the find does not take).
        case ignoreInFind
        /// Scrolls the key list down, up a line.
        case keyListDown, keyListUp
        /// Scrolls the key list down, up a page.
        case keyListPageDown, keyListPageUp
        /// Closes the key list.
        case closeKeyList
    }

    /// What a binding answers.
    enum Input: Equatable {
        /// These keys, each compared whole (key and modifiers).
        case keys([KeyEvent])
        /// A character typed without modifiers but Shift that no binding of the mode names;
        /// the help calls it `name`.
        case typed(String)
        /// Any key that no other binding of the mode answers.
        case anyOtherKey
        /// The mouse, which is not a key: ``Browser`` reads its events itself; only described.
        case mouse
    }

    /// Where a binding's help goes.
    enum Help: Equatable {
        /// A line of its own: the keys, then `text`.
        case line(String)
        /// The line of the binding before: its keys after a comma, the same words for both
        /// (`Up k, Down j`).
        case or
        /// The line of the binding before: its keys after ` + `, pressed after that one's
        /// (`f + letter`).
        case then
    }

    /// The parts of the key list, in order.
    enum Section: CaseIterable {
        case move, findAndFilter, diff, review, screen, typingFind, choosingFilter, keyList, confirmingMarks

        /// The section's title in the `?` list, or `nil` for the modes it sums up on one
        /// line (`/`, `f`, `?`): `Docs/Browser.md` lists those in tables of their own.
        var title: String? {
            switch self {
            case .move: "Move"
            case .findAndFilter: "Find and filter"
            case .diff: "Diff"
            case .review: "Review"
            case .screen: "Screen"
            case .typingFind, .choosingFilter, .keyList, .confirmingMarks: nil
            }
        }
    }

    /// The modes the binding applies in.
    let modes: [Browser.Mode]
    /// The keys it answers.
    let input: Input
    /// What it runs; `nil` for the mouse.
    let action: Action?
    /// Its help.
    let help: Help
    /// The part of the key list it is in.
    let section: Section

    /// A binding of `input` in `modes`.
    init(_ modes: [Browser.Mode], _ input: Input, _ action: Action?, _ help: Help, _ section: Section) {
        self.modes = modes
        self.input = input
        self.action = action
        self.help = help
        self.section = section
    }

    /// A binding of `keys` in `mode`.
    init(_ mode: Browser.Mode, _ keys: [KeyEvent], _ action: Action, _ help: Help, _ section: Section) {
        self.init([mode], .keys(keys), action, help, section)
    }

    /// Every binding, in the order of the key list and of `Docs/Browser.md`.
    static let table: [KeyBinding] = [
        KeyBinding(.browsing, [.up, .character("k")], .focusPrevious, .line("focus the row above, below"), .move),
        KeyBinding(.browsing, [.down, .character("j")], .focusNext, .or, .move),
        KeyBinding(.browsing, [.left, .character("h")], .collapseOrGoToParent,
                   .line("collapse the directory, else go to its parent"), .move),
        KeyBinding(.browsing, [.right, .character("l")], .expandOrGoToChild,
                   .line("expand the directory, else go to its first child"), .move),
        KeyBinding(.browsing, [.character(" ")], .toggle,
                   .line("expand or collapse the directory; open or close a file's diff"), .move),
        KeyBinding(.browsing, [.character("g"), .home], .focusFirst, .line("focus the first, the last row"), .move),
        KeyBinding(.browsing, [.character("G"), .end], .focusLast, .or, .move),
        KeyBinding(.browsing, [.pageUp], .pageUp, .line("up, down a page (the diff, when it is open)"), .move),
        KeyBinding(.browsing, [.pageDown], .pageDown, .or, .move),
        KeyBinding(.browsing, [.control("u")], .halfPageUp, .line("up, down half a page (the diff, when it is open)"), .move),
        KeyBinding(.browsing, [.control("d")], .halfPageDown, .or, .move),
        KeyBinding(.browsing, [.character("*")], .expandAll, .line("expand every directory, collapse every directory"), .move),
        KeyBinding(.browsing, [.character("-")], .collapseAll, .or, .move),

        KeyBinding(.browsing, [.character("/")], .startFind,
                   .line("find, ranked as you type; Up Down choose, Enter go, Esc back"), .findAndFilter),
        KeyBinding(.browsing, [.character("n")], .nextMatch, .line("the next, previous match of the last find"), .findAndFilter),
        KeyBinding(.browsing, [.character("N")], .previousMatch, .or, .findAndFilter),
        KeyBinding(.browsing, [.character("f")], .chooseFilter, .line("only files of a status: a m d r c t u ?"), .findAndFilter),
        KeyBinding([.choosingFilter], .typed("letter"), .filterByLetter, .then, .findAndFilter),
        KeyBinding(.browsing, [.character("F")], .showEveryStatus, .line("every status again"), .findAndFilter),
        KeyBinding(.browsing, [.character("s")], .cycleOrder,
                   .line("sort by the next order: folders first, name, size, input"), .findAndFilter),

        KeyBinding(.browsing, [.enter], .enter, .line("open the file's diff (a directory: expand or collapse)"), .diff),
        KeyBinding(.browsing, [.character("]")], .nextFile, .line("the next, previous file, and its diff when open"), .diff),
        KeyBinding(.browsing, [.character("[")], .previousFile, .or, .diff),
        KeyBinding(.browsing, [.character("o")], .page, .line("the focused file's diff (a directory's files) in the pager"), .diff),
        KeyBinding(.browsing, [.escape], .escape, .line("close the diff; else clear the find"), .diff),

        KeyBinding(.browsing, [.character("v")], .toggleViewed,
                   .line("mark the file (a directory's files) viewed; again: not viewed"), .review),
        KeyBinding(.browsing, [.character("u")], .toggleHidingViewed, .line("hide the viewed files, show them again"), .review),
        KeyBinding(.browsing, [.character("V")], .markShownViewed,
                   .line("mark every file shown viewed (a find's results); again: not"), .review),
        KeyBinding(.browsing, [.character("R")], .toggleChangedSinceReview,
                   .line("only the files changed since your last review; again: all"), .review),

        KeyBinding(.browsing, [.character("?")], .showKeys,
                   .line("this list of keys (j k scroll it, any other key closes it)"), .screen),
        KeyBinding(.browsing, [.control("l")], .redraw, .line("draw the screen again"), .screen),
        KeyBinding(.browsing, [.control("z")], .suspend, .line("suspend; fg comes back"), .screen),
        KeyBinding(.browsing, [.character("q")], .quit, .line("quit"), .screen),
        KeyBinding(Browser.Mode.allCases, .keys([.control("c")]), .quit, .or, .screen),
        KeyBinding([.browsing], .mouse, nil, .line("wheel scrolls; a click focuses, toggles, picks a pinned row"), .screen),

        KeyBinding([.finding], .typed("character"), .typeInFind,
                   .line("add it to the query: the results are ranked again, the best one shown"), .typingFind),
        KeyBinding(.finding, [.up, .shiftTab], .previousResult, .line("the previous, next result"), .typingFind),
        KeyBinding(.finding, [.down, .tab], .nextResult, .or, .typingFind),
        KeyBinding(.finding, [.backspace], .deleteFindCharacter,
                   .line("delete the last character; on an empty query, as Esc"), .typingFind),
        KeyBinding(.finding, [.control("u")], .clearFind, .line("clear the query"), .typingFind),
        KeyBinding(.finding, [.enter], .acceptFind, .line("go to the result shown; n N step through the results"), .typingFind),
        KeyBinding(.finding, [.escape], .abandonFind,
                   .line("back to the focus, scroll position and directories from before"), .typingFind),
        KeyBinding([.finding], .anyOtherKey, .ignoreInFind, .line("nothing"), .typingFind),

        KeyBinding([.choosingFilter], .anyOtherKey, .cancelFilter, .line("cancel"), .choosingFilter),

        KeyBinding(.help, [.character("j"), .down], .keyListDown, .line("scroll down, up a line"), .keyList),
        KeyBinding(.help, [.character("k"), .up], .keyListUp, .or, .keyList),
        KeyBinding(.help, [.character(" "), .pageDown], .keyListPageDown, .line("scroll down, up a page"), .keyList),
        KeyBinding(.help, [.pageUp], .keyListPageUp, .or, .keyList),
        KeyBinding([.help], .anyOtherKey, .closeKeyList, .line("close the list (so does a click)"), .keyList),

        KeyBinding(.confirmingMarks, [.character("y")], .confirmMarking, .line("mark them"), .confirmingMarks),
        KeyBinding([.confirmingMarks], .anyOtherKey, .cancelMarking, .line("leave them as they are"), .confirmingMarks),
    ]
}

extension KeyBinding {
    /// The action `key` runs in `mode`: the binding naming it, else the mode's binding of
    /// typed characters (for a typed character), else its binding of any other key.
    static func action(for key: KeyEvent, in mode: Browser.Mode) -> Action? {
        maps[mode.rawValue].action(for: key)
    }

    /// One mode's bindings, for looking a key up.
    private struct KeyMap {
        var named: [KeyEvent: Action] = [:]
        var typed: Action?
        var other: Action?

        func action(for key: KeyEvent) -> Action? {
            if let action = named[key] { return action }
            if let typed, key.typedCharacter != nil { return typed }
            return other
        }
    }

    /// The key maps of the modes, by raw value; of two bindings of a key, the first counts
    /// (a test sees that there are none).
    private static let maps: [KeyMap] = Browser.Mode.allCases.map { mode in
        var map = KeyMap()
        for binding in table where binding.modes.contains(mode) {
            guard let action = binding.action else { continue }
            switch binding.input {
            case .keys(let keys):
                for key in keys where map.named[key] == nil { map.named[key] = action }
            case .typed: map.typed = map.typed ?? action
            case .anyOtherKey: map.other = map.other ?? action
            case .mouse: break
            }
        }
        return map
    }
}

extension KeyEvent {
    /// The character of a key typed without modifiers but Shift; `nil` for other keys.
    var typedCharacter: Character? {
        guard case .character(let character) = key, modifiers.subtracting(.shift).isEmpty else { return nil }
        return character
    }

    // The keys the table names, alone.
    static let up = KeyEvent(.up)
    static let down = KeyEvent(.down)
    static let left = KeyEvent(.left)
    static let right = KeyEvent(.right)
    static let home = KeyEvent(.home)
    static let end = KeyEvent(.end)
    static let pageUp = KeyEvent(.pageUp)
    static let pageDown = KeyEvent(.pageDown)
    static let enter = KeyEvent(.enter)
    static let escape = KeyEvent(.escape)
    static let backspace = KeyEvent(.backspace)
    static let tab = KeyEvent(.tab)
    static let shiftTab = KeyEvent(.tab, modifiers: .shift)
}
