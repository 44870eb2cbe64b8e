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
