/// What ``Terminal/nextEvent(timeout:)`` reports.
public enum TerminalEvent: Hashable, Sendable {
    /// A key press.
    case key(KeyEvent)
    /// A mouse report.
    case mouse(MouseEvent)
    /// The terminal window gained (`true`) or lost (`false`) focus.
    case focus(Bool)
    /// The terminal has a new size; the next frame is written whole.
    case resize(TerminalSize)
    /// The program was continued after a stop (Ctrl-Z, SIGTSTP, SIGSTOP): the terminal is in
    /// raw mode on the alternate screen again, and the next frame is written whole.
    case resume(TerminalSize)
    /// A descriptor given to ``Terminal/watch(_:)`` can be read.
    case readable(Int32)
    /// The timeout passed with nothing else to report.
    case timeout
    /// The terminal is gone (its reads end or fail); nothing more will come.
    case hangup

    /// The event of a decoded input event.
    init(_ input: InputEvent) {
        switch input {
        case .key(let key): self = .key(key)
        case .mouse(let mouse): self = .mouse(mouse)
        case .focus(let focused): self = .focus(focused)
        }
    }
}

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

/// A mouse button.
public enum MouseButton: Hashable, Sendable {
    /// The primary button.
    case left
    /// The middle button (or wheel press).
    case middle
    /// The secondary button.
    case right
    /// An extra button, numbered as xterm does (8 to 11).
    case other(Int)
}

/// Which way the wheel turned.
public enum ScrollDirection: Hashable, Sendable {
    /// Wheel up (towards the top of the content).
    case up
    /// Wheel down.
    case down
    /// Horizontal wheel, left.
    case left
    /// Horizontal wheel, right.
    case right
}

/// What the mouse did.
public enum MouseAction: Hashable, Sendable {
    /// A button went down.
    case press(MouseButton)
    /// A button went up; `nil` when the terminal does not say which (the legacy encoding).
    case release(MouseButton?)
    /// The mouse moved with a button held.
    case drag(MouseButton)
    /// The mouse moved with no button held (only reported in any-motion mode).
    case move
    /// The wheel turned.
    case scroll(ScrollDirection)
}

/// A mouse report, at a zero-based cell: column 0, row 0 is the top left corner.
public struct MouseEvent: Hashable, Sendable {
    /// What happened.
    public var action: MouseAction
    /// The zero-based column.
    public var column: Int
    /// The zero-based row.
    public var row: Int
    /// The modifiers held.
    public var modifiers: Modifiers

    /// A mouse report.
    public init(_ action: MouseAction, column: Int, row: Int, modifiers: Modifiers = []) {
        self.action = action
        self.column = column
        self.row = row
        self.modifiers = modifiers
    }
}

/// What the ``KeyDecoder`` makes of the bytes a terminal sends.
public enum InputEvent: Hashable, Sendable {
    /// A key press.
    case key(KeyEvent)
    /// A mouse report.
    case mouse(MouseEvent)
    /// The terminal window gained (`true`) or lost (`false`) focus.
    case focus(Bool)
}

extension Modifiers: CustomStringConvertible {
    /// `ctrl+alt+shift+` order, as a prefix: `"ctrl+"`, `""`.
    public var description: String {
        (contains(.control) ? "ctrl+" : "") + (contains(.alt) ? "alt+" : "") + (contains(.shift) ? "shift+" : "")
    }
}

extension Key: CustomStringConvertible {
    /// The key's name: the character itself (`space` for a space), or `enter`, `up`,
    /// `pagedown`, `f5`.
    public var description: String {
        switch self {
        case .character(" "): "space"
        case .character(let character): String(character)
        case .enter: "enter"
        case .tab: "tab"
        case .backspace: "backspace"
        case .escape: "escape"
        case .up: "up"
        case .down: "down"
        case .left: "left"
        case .right: "right"
        case .home: "home"
        case .end: "end"
        case .pageUp: "pageup"
        case .pageDown: "pagedown"
        case .insert: "insert"
        case .delete: "delete"
        case .function(let number): "f\(number)"
        }
    }
}

extension KeyEvent: CustomStringConvertible {
    /// The modifiers and the key: `ctrl+c`, `shift+tab`, `alt+x`, `down`.
    public var description: String { modifiers.description + key.description }
}

extension MouseEvent: CustomStringConvertible {
    /// What happened and where (zero-based column, row): `press left at 4,6`,
    /// `ctrl+scroll down at 0,0`.
    public var description: String {
        let what: String
        switch action {
        case .press(let button): what = "press \(Self.name(button))"
        case .release(let button): what = button.map { "release \(Self.name($0))" } ?? "release"
        case .drag(let button): what = "drag \(Self.name(button))"
        case .move: what = "move"
        case .scroll(let direction): what = "scroll \(direction)"
        }
        return "\(modifiers)\(what) at \(column),\(row)"
    }

    private static func name(_ button: MouseButton) -> String {
        switch button {
        case .left: "left"
        case .middle: "middle"
        case .right: "right"
        case .other(let number): "button\(number)"
        }
    }
}
