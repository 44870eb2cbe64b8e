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
