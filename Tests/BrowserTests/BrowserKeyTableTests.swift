@testable import Browser
import Foundation
import TerminalUI
import TestSupport
import Testing

/// The binding table is the only way from a key to an action: the dispatch reads it, every
/// key it does not bind does what its mode's table says (nothing while browsing), only the
/// dispatch looks at keys, and the help made from it is what the browser showed before.
struct BrowserKeyTableTests {
    /// Every key the tests press: printable characters and the other keys, alone and with
    /// each modifier.
    static let everyKey: [KeyEvent] = {
        let characters = (0x20...0x7E).map { Key.character(Character(UnicodeScalar($0)!)) } + [.character("é"), .character("日")]
        let others: [Key] = [.enter, .tab, .backspace, .escape, .up, .down, .left, .right, .home, .end, .pageUp, .pageDown,
                             .insert, .delete] + (1...12).map { .function($0) }
        let modifiers: [Modifiers] = [[], .shift, .control, .alt, [.control, .shift], [.alt, .shift]]
        return (characters + others).flatMap { key in modifiers.map { KeyEvent(key, modifiers: $0) } }
    }()

    /// The action of `key` in `mode`, read from the table record by record: the first binding
    /// naming the key; else, for a character typed alone or with Shift, the typed binding;
    /// else the binding of any other key.
    static func tableAction(for key: KeyEvent, in mode: Browser.Mode) -> KeyBinding.Action? {
        let bindings = KeyBinding.table.filter { $0.modes.contains(mode) }
        if let named = bindings.first(where: { if case .keys(let keys) = $0.input { keys.contains(key) } else { false } }) {
            return named.action
        }
        var isTyped = false
        if case .character = key.key, key.modifiers == [] || key.modifiers == .shift { isTyped = true }
        if isTyped, let typed = bindings.first(where: { if case .typed = $0.input { true } else { false } }) {
            return typed.action
        }
        return bindings.first { $0.input == .anyOtherKey }?.action
    }

    @Test func theDispatchIsTheTableReadRecordByRecord() {
        for mode in Browser.Mode.allCases {
            for key in Self.everyKey {
                #expect(KeyBinding.action(for: key, in: mode) == Self.tableAction(for: key, in: mode), "\(key) in \(mode)")
            }
        }
        #expect(KeyBinding.action(for: .character("j"), in: .browsing) == .focusNext)
        #expect(KeyBinding.action(for: .character("j"), in: .help) == .keyListDown)
        #expect(KeyBinding.action(for: .character("j"), in: .finding) == .typeInFind)
        #expect(KeyBinding.action(for: .control("c"), in: .finding) == .quit)
        #expect(KeyBinding.action(for: KeyEvent(.left), in: .finding) == .ignoreInFind)
        #expect(KeyBinding.action(for: KeyEvent(.character("j"), modifiers: .alt), in: .browsing) == nil)
    }

    static func keys(of binding: KeyBinding) -> [KeyEvent] {
        if case .keys(let keys) = binding.input { return keys }
        return []
    }

    @Test func noKeyIsBoundTwiceInAMode() {
        for mode in Browser.Mode.allCases {
            let bindings = KeyBinding.table.filter { $0.modes.contains(mode) }
            let keys = bindings.flatMap(Self.keys(of:))
            #expect(Set(keys).count == keys.count, "a key bound twice in \(mode)")
            #expect(bindings.filter { if case .typed = $0.input { true } else { false } }.count <= 1)
            #expect(bindings.filter { $0.input == .anyOtherKey }.count <= 1)
        }
    }

    @Test func everyActionHasABindingAndEveryKeyAnAction() {
        for action in KeyBinding.Action.allCases {
            #expect(KeyBinding.table.contains { $0.action == action }, "\(action) has no binding")
        }
        #expect(KeyBinding.table.allSatisfy { ($0.action == nil) == ($0.input == .mouse) })
        #expect(KeyBinding.table.allSatisfy { !$0.modes.isEmpty })
    }

    @Test func theTableGoesSectionBySectionAndJoinedBindingsStayInTheirSection() {
        let order = KeyBinding.Section.allCases
        let sections = KeyBinding.table.map { order.firstIndex(of: $0.section)! }
        #expect(sections == sections.sorted())
        #expect(Set(sections).count == order.count)
        #expect(KeyBinding.table.first?.help != .or && KeyBinding.table.first?.help != .then)
        for (previous, binding) in zip(KeyBinding.table, KeyBinding.table.dropFirst()) where binding.help == .or || binding.help == .then {
            #expect(binding.section == previous.section, "\(binding.input) joins a line of another section")
        }
        #expect(KeyBinding.helpLines.allSatisfy { !$0.text.isEmpty && !$0.keys.isEmpty })
    }

    @Test func theKeyListAndTheFooterAreAsBefore() {
        let before: [(String, Bool)] = [
            ("Keys (j k scroll this list, any other key closes it)", true), ("", false),
            ("Move", true),
            ("  Up k, Down j    focus the row above, below", false),
            ("  Left h          collapse the directory, else go to its parent", false),
            ("  Right l         expand the directory, else go to its first child", false),
            ("  Space           expand or collapse the directory; open or close a file's diff", false),
            ("  g Home, G End   focus the first, the last row", false),
            ("  PgUp, PgDn      up, down a page (the diff, when it is open)", false),
            ("  Ctrl-U, Ctrl-D  up, down half a page (the diff, when it is open)", false),
            ("  *, -            expand every directory, collapse every directory", false), ("", false),
            ("Find and filter", true),
            ("  /               find, ranked as you type; Up Down choose, Enter go, Esc back", false),
            ("  n, N            the next, previous match of the last find", false),
            ("  f + letter      only files of a status: a m d r c t u ?", false),
            ("  F               every status again", false),
            ("  s               sort by the next order: folders first, name, size, input", false), ("", false),
            ("Diff", true),
            ("  Enter           open the file's diff (a directory: expand or collapse)", false),
            ("  ], [            the next, previous file, and its diff when open", false),
            ("  o               the focused file's diff (a directory's files) in the pager", false),
            ("  Esc             close the diff; else clear the find", false), ("", false),
            ("Review", true),
            ("  v               mark the file (a directory's files) viewed; again: not viewed", false),
            ("  u               hide the viewed files, show them again", false),
            ("  V               mark every file shown viewed (a find's results); again: not", false),
            ("  R               only the files changed since your last review; again: all", false), ("", false),
            ("Screen", true),
            ("  ?               this list of keys (j k scroll it, any other key closes it)", false),
            ("  Ctrl-L          draw the screen again", false),
            ("  Ctrl-Z          suspend; fg comes back", false),
            ("  q, Ctrl-C       quit", false),
            ("  mouse           wheel scrolls; a click focuses, toggles, picks a pinned row", false),
        ]
        #expect(HelpOverlay.text.map(\.text) == before.map(\.0))
        #expect(HelpOverlay.text.map(\.bold) == before.map(\.1))
        #expect(KeyBinding.footerHints == [
            "j k move  h l fold  Enter diff  / find  f filter  ? keys  q quit",
            "Enter diff  / find  ? keys  q quit",
            "? keys  q quit",
        ])
    }

    @Test func aKeyTheTableDoesNotBindDoesNothingWhileBrowsing() throws {
        var harness = try BrowserHarness(smallChanges)
        harness.press(.character("j"), .character("l"), .character("j"))
        let before = harness.browser.frame()
        let unbound = Self.everyKey.filter { KeyBinding.action(for: $0, in: .browsing) == nil }
        #expect(unbound.count > 500)
        for key in unbound {
            let effect = harness.browser.handle(.key(key))
            #expect(effect == BrowserEffect.none && harness.browser.frame() == before, "\(key) did something")
        }
    }

    @Test func aKeyTheFindDoesNotTakeLeavesTheQueryAsItIs() throws {
        var harness = try BrowserHarness(smallChanges)
        harness.press(.character("/"))
        harness.type("view")
        let before = harness.browser.frame()
        let ignored = Self.everyKey.filter { KeyBinding.action(for: $0, in: .finding) == .ignoreInFind }
        #expect(ignored.contains(KeyEvent(.left)) && ignored.contains(.control("a")))
        for key in ignored {
            let effect = harness.browser.handle(.key(key))
            #expect(effect == BrowserEffect.none && harness.browser.frame() == before, "\(key) did something")
        }
    }

    @Test func everyKeyTheKeyListDoesNotScrollWithClosesIt() throws {
        for key in Self.everyKey where KeyBinding.action(for: key, in: .help) == .closeKeyList {
            var harness = try BrowserHarness(smallChanges)
            let browsing = harness.browser.frame()
            harness.press(.character("?"))
            harness.press(key)
            #expect(harness.browser.frame() == browsing, "\(key) left the key list open")
        }
    }

    /// Outside `KeyBinding.swift` and `KeyBinding+Help.swift`, code that names a key, its parts or its modifiers: only
    /// these lines, which hand the key on to the dispatch.
    static let linesThatPassKeysOn: Set<String> = [
        "Browser.swift: case .key(let key): return handle(key)",
        "Browser+Keys.swift: mutating func handle(_ key: KeyEvent) -> BrowserEffect {",
        "Browser+Keys.swift: return perform(action, typed: key.typedCharacter)",
        "BrowserSession.swift: case .key(let key): effect = browser.handle(.key(key))",
        "BrowserSession.swift: case .key(let key): \"key \\(key)\"",
    ]

    @Test func onlyTheDispatchLooksAtKeys() throws {
        let directory = Fixtures.directory + "/../Sources/Browser"
        let names = ["KeyEvent", "Key.", ".character(", ".control(", "modifiers", "case .key(", "key.key", "typedCharacter",
                     "Modifiers"]
        var found: Set<String> = []
        for file in try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        where file.hasSuffix(".swift") && !file.hasPrefix("KeyBinding") {
            let text = try String(contentsOfFile: directory + "/" + file, encoding: .utf8)
            for line in text.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) })
            where !line.hasPrefix("//") && names.contains(where: line.contains) {
                found.insert("\(file): \(line)")
            }
        }
        #expect(found == Self.linesThatPassKeysOn)
    }
}
