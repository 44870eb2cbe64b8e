/// A key the terminal reported, without its modifiers.
public enum Key: Hashable, Sendable {
    /// A printable character (never a control character). Control letters come as the
    /// lowercase letter with ``Modifiers/control``.
    case character(Character)
    /// Return (CR, or keypad Enter).
    case enter
    /// Tab; Shift-Tab is `.tab` with ``Modifiers/shift``.
    case tab
    /// Backspace (DEL or BS).
    case backspace
    /// A lone Escape, told apart from escape sequences by a short delay.
    case escape
    /// The up arrow.
    case up
    /// The down arrow.
    case down
    /// The left arrow.
    case left
    /// The right arrow.
    case right
    /// Home.
    case home
    /// End.
    case end
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// Insert.
    case insert
    /// Delete (forward delete).
    case delete
    /// A function key, `F1` to `F12`.
    case function(Int)
}

/// Modifier keys held with a key or mouse event.
public struct Modifiers: OptionSet, Hashable, Sendable {
    /// The bits.
    public let rawValue: UInt8

    /// Modifiers from their bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Shift.
    public static let shift = Modifiers(rawValue: 1)
    /// Alt (Meta, Option): an Escape prefix or the xterm modifier parameter.
    public static let alt = Modifiers(rawValue: 2)
    /// Control.
    public static let control = Modifiers(rawValue: 4)

    /// The modifiers of an xterm modifier parameter (`1 +` shift 1, alt 2, control 4, meta 8).
    init(xtermParameter: Int) {
        let bits = max(xtermParameter - 1, 0)
        var modifiers: Modifiers = []
        if bits & 1 != 0 { modifiers.insert(.shift) }
        if bits & 2 != 0 || bits & 8 != 0 { modifiers.insert(.alt) }
        if bits & 4 != 0 { modifiers.insert(.control) }
        self = modifiers
    }
}

/// One key press: a key and the modifiers held with it.
public struct KeyEvent: Hashable, Sendable {
    /// The key.
    public var key: Key
    /// The modifiers held.
    public var modifiers: Modifiers

    /// A key press.
    public init(_ key: Key, modifiers: Modifiers = []) {
        self.key = key
        self.modifiers = modifiers
    }

    /// A printable character typed without modifiers.
    public static func character(_ character: Character) -> KeyEvent {
        KeyEvent(.character(character))
    }

    /// Control with `letter` (`control("c")` is Ctrl-C).
    public static func control(_ letter: Character) -> KeyEvent {
        KeyEvent(.character(letter), modifiers: .control)
    }
}
