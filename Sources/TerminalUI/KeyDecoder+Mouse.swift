extension KeyDecoder {
    /// An SGR mouse report, `ESC [ < b ; x ; y M` (press, drag, wheel) or `m` (release).
    static func sgrMouse(_ sequence: ControlSequence) -> InputEvent? {
        let isPress = sequence.final == UInt8(ascii: "M")
        guard isPress || sequence.final == UInt8(ascii: "m") else { return nil }
        let fields = ControlSequence(
            parameters: sequence.parameters.dropFirst(), hasIntermediates: false, final: sequence.final)
        guard let numbers = fields.numbers, numbers.count == 3,
              let code = numbers[0], let column = numbers[1], let row = numbers[2]
        else { return nil }
        return mouseEvent(code: code, column: column - 1, row: row - 1, released: !isPress)
            .map(InputEvent.mouse)
    }

    /// A legacy (X10) mouse report, `ESC [ M` and three bytes offset by 32, for terminals
    /// without SGR reports.
    static func legacyMouse(_ input: [UInt8], at index: Int, final: Bool) -> Step {
        let end = index + 6
        guard end <= input.count else {
            return final ? .decoded(nil, consumed: input.count - index) : .needsMore
        }
        let code = Int(input[index + 3]) - 32
        let column = Int(input[index + 4]) - 33
        let row = Int(input[index + 5]) - 33
        let released = code >= 0 && code & 0b1110_0011 == 3
        let event = mouseEvent(code: code, column: column, row: row, released: released)
        return .decoded(event.map(InputEvent.mouse), consumed: 6)
    }

    /// The event of an xterm button code: low bits the button, 4 shift, 8 alt, 16 control,
    /// 32 motion, 64 wheel, 128 extra buttons.
    static func mouseEvent(code: Int, column: Int, row: Int, released: Bool) -> MouseEvent? {
        guard code >= 0 && code < 256 else { return nil }
        var modifiers: Modifiers = []
        if code & 4 != 0 { modifiers.insert(.shift) }
        if code & 8 != 0 { modifiers.insert(.alt) }
        if code & 16 != 0 { modifiers.insert(.control) }
        let low = code & 3
        let button: MouseButton?
        switch code & 0b1100_0000 {
        case 0: button = [MouseButton.left, .middle, .right][safe: low]
        case 0b1000_0000: button = .other(8 + low)
        default: button = nil
        }
        let action: MouseAction
        if code & 64 != 0 && code & 128 == 0 {
            action = .scroll([ScrollDirection.up, .down, .left, .right][low])
        } else if released {
            action = .release(button)
        } else if code & 32 != 0 {
            action = button.map(MouseAction.drag) ?? .move
        } else if let button {
            action = .press(button)
        } else {
            return nil
        }
        return MouseEvent(action, column: max(column, 0), row: max(row, 0), modifiers: modifiers)
    }
}

extension Array {
    /// The element at `index`, or `nil` when out of bounds.
    subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
