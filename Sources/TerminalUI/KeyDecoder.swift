/// Turns the bytes a terminal sends into key, mouse and focus events.
///
/// Feed it whatever `read()` returned: a sequence split across reads is kept until the rest
/// arrives. A lone Escape cannot be told from the start of an escape sequence by its bytes,
/// so when ``hasPending`` is true after a feed, the reader waits a short time (25 ms in
/// ``Terminal``) and then calls ``flush()``, which decides with the bytes it has.
///
/// Any byte sequence decodes without trapping; bytes that mean nothing (unknown or malformed
/// sequences, invalid UTF-8 is the exception: it becomes U+FFFD) are dropped. No control
/// character is ever reported as a ``Key/character(_:)``.
struct KeyDecoder: Sendable {
    /// The outcome of decoding at one position.
    enum Step {
        /// `consumed` bytes make `event`, or nothing when `event` is `nil`.
        case decoded(InputEvent?, consumed: Int)
        /// More bytes are needed to decide.
        case needsMore
    }

    /// The longest escape sequence kept while waiting for its end; longer ones are dropped.
    static let longestSequence = 64

    private var pending: [UInt8] = []

    /// A decoder with nothing pending.
    public init() {}

    /// Whether bytes are kept that could be the start of a longer sequence.
    var hasPending: Bool { !pending.isEmpty }

    /// Decodes `bytes` after whatever was pending; keeps an incomplete tail for the next feed.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [InputEvent] {
        pending.append(contentsOf: bytes)
        return decodePending(final: false)
    }

    /// Decodes what is pending as if no more bytes will follow (after the Escape delay).
    public mutating func flush() -> [InputEvent] {
        decodePending(final: true)
    }

    private mutating func decodePending(final: Bool) -> [InputEvent] {
        var events: [InputEvent] = []
        var index = 0
        let input = pending
        while index < input.count {
            let step = Self.step(input, at: index, final: final)
            guard case .decoded(let event, let consumed) = step else { break }
            if let event { events.append(event) }
            index += max(consumed, 1)
        }
        pending.removeFirst(min(index, pending.count))
        return events
    }

    /// Decodes the event that starts at `index`.
    static func step(_ input: [UInt8], at index: Int, final: Bool) -> Step {
        let byte = input[index]
        switch byte {
        case 0x1B:
            return escape(input, at: index, final: final)
        case 0x00...0x1F, 0x7F:
            return .decoded(.key(controlKey(byte)), consumed: 1)
        case 0x20...0x7E:
            return .decoded(.key(.character(Character(Unicode.Scalar(byte)))), consumed: 1)
        default:
            return utf8Character(input, at: index, final: final)
        }
    }

    /// The key of a C0 control byte or DEL.
    static func controlKey(_ byte: UInt8) -> KeyEvent {
        switch byte {
        case 0x0D: return KeyEvent(.enter)
        case 0x09: return KeyEvent(.tab)
        case 0x08, 0x7F: return KeyEvent(.backspace)
        case 0x1B: return KeyEvent(.escape)
        case 0x00: return .control(" ")
        case 0x01...0x1A: return .control(Character(Unicode.Scalar(byte + 0x60)))
        default: return .control(Character(Unicode.Scalar(byte + 0x40)))
        }
    }

    /// Escape, Alt with a key, or an escape sequence (CSI, SS3).
    private static func escape(_ input: [UInt8], at index: Int, final: Bool) -> Step {
        let next = index + 1
        guard next < input.count else {
            return final ? .decoded(.key(KeyEvent(.escape)), consumed: 1) : .needsMore
        }
        switch input[next] {
        case UInt8(ascii: "["):
            return controlSequence(input, at: index, final: final)
        case UInt8(ascii: "O"):
            return singleShift(input, at: index, final: final)
        case 0x1B:
            return .decoded(.key(KeyEvent(.escape)), consumed: 1)
        default:
            switch step(input, at: next, final: final) {
            case .needsMore:
                return .needsMore
            case .decoded(.key(var key), let consumed):
                key.modifiers.insert(.alt)
                return .decoded(.key(key), consumed: consumed + 1)
            case .decoded(_, let consumed):
                return .decoded(nil, consumed: consumed + 1)
            }
        }
    }

    /// `ESC O` and one byte: arrows, Home/End, F1–F4 and keypad keys in application mode.
    private static func singleShift(_ input: [UInt8], at index: Int, final: Bool) -> Step {
        let finalIndex = index + 2
        guard finalIndex < input.count else {
            if final { return .decoded(.key(KeyEvent(.character("O"), modifiers: .alt)), consumed: 2) }
            return .needsMore
        }
        let byte = input[finalIndex]
        guard (0x40...0x7E).contains(byte) else {
            return .decoded(.key(KeyEvent(.character("O"), modifiers: .alt)), consumed: 2)
        }
        let keypad = Array("*+,-./0123456789")
        let key: Key?
        switch byte {
        case 0x6A...0x79: key = .character(keypad[Int(byte - 0x6A)])
        case UInt8(ascii: "M"): key = .enter
        default: key = cursorKey(final: byte)
        }
        return .decoded(key.map { .key(KeyEvent($0)) }, consumed: 3)
    }

    /// The key of a cursor-style final byte (`A`–`D`, `H`, `F`, `P`–`S`), shared by CSI and SS3.
    static func cursorKey(final byte: UInt8) -> Key? {
        switch byte {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "P")...UInt8(ascii: "S"): return .function(Int(byte - UInt8(ascii: "P")) + 1)
        default: return nil
        }
    }
}

extension KeyDecoder {
    /// The parts of a control sequence: `ESC [` parameters, intermediates, final byte.
    struct ControlSequence {
        /// The parameter bytes (0x30–0x3F), `<` of a mouse report included.
        var parameters: ArraySlice<UInt8>
        /// Whether intermediate bytes (0x20–0x2F) came before the final byte.
        var hasIntermediates: Bool
        /// The final byte (0x40–0x7E).
        var final: UInt8

        /// The parameters as numbers; `nil` for an empty field, and `nil` for the whole list
        /// when a field is not decimal digits.
        var numbers: [Int?]? {
            var fields: [Int?] = []
            var current: Int?
            for byte in parameters {
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    current = min((current ?? 0) * 10 + Int(byte - UInt8(ascii: "0")), 1_000_000)
                case UInt8(ascii: ";"):
                    fields.append(current)
                    current = nil
                default:
                    return nil
                }
            }
            fields.append(current)
            return fields
        }
    }

    /// `ESC [` and what follows: a key, a mouse report or a focus report.
    static func controlSequence(_ input: [UInt8], at index: Int, final: Bool) -> Step {
        let start = index + 2
        guard start < input.count else {
            if final { return .decoded(.key(KeyEvent(.character("["), modifiers: .alt)), consumed: 2) }
            return .needsMore
        }
        if input[start] == UInt8(ascii: "M") { return legacyMouse(input, at: index, final: final) }
        if input[start] == UInt8(ascii: "[") { return linuxConsoleFunctionKey(input, at: index, final: final) }
        var position = start
        var intermediates = false
        while position < input.count {
            if position - index >= longestSequence { return .decoded(nil, consumed: position - index) }
            let byte = input[position]
            switch byte {
            case 0x30...0x3F where !intermediates:
                position += 1
            case 0x20...0x2F:
                intermediates = true
                position += 1
            case 0x40...0x7E:
                let sequence = ControlSequence(
                    parameters: input[start..<position], hasIntermediates: intermediates, final: byte)
                return .decoded(event(of: sequence), consumed: position + 1 - index)
            default:
                return .decoded(nil, consumed: position - index)
            }
        }
        return final ? .decoded(nil, consumed: position - index) : .needsMore
    }

    /// The event a complete control sequence stands for, if any.
    static func event(of sequence: ControlSequence) -> InputEvent? {
        guard !sequence.hasIntermediates else { return nil }
        if sequence.parameters.first == UInt8(ascii: "<") { return sgrMouse(sequence) }
        guard let numbers = sequence.numbers else { return nil }
        let modifiers = Modifiers(xtermParameter: (numbers.count > 1 ? numbers[1] : nil) ?? 1)
        switch sequence.final {
        case UInt8(ascii: "~"):
            return tildeKey(numbers.first ?? nil).map { .key(KeyEvent($0, modifiers: modifiers)) }
        case UInt8(ascii: "Z"):
            return .key(KeyEvent(.tab, modifiers: modifiers.union(.shift)))
        case UInt8(ascii: "I") where sequence.parameters.isEmpty:
            return .focus(true)
        case UInt8(ascii: "O") where sequence.parameters.isEmpty:
            return .focus(false)
        default:
            return cursorKey(final: sequence.final).map { .key(KeyEvent($0, modifiers: modifiers)) }
        }
    }

    /// The key of `ESC [ n ~` (VT220 style editing and function keys).
    static func tildeKey(_ code: Int?) -> Key? {
        guard let code else { return nil }
        switch code {
        case 1, 7: return .home
        case 2: return .insert
        case 3: return .delete
        case 4, 8: return .end
        case 5: return .pageUp
        case 6: return .pageDown
        case 11...15: return .function(code - 10)
        case 17...21: return .function(code - 11)
        case 23, 24: return .function(code - 12)
        default: return nil
        }
    }

    /// `ESC [ [ A` to `ESC [ [ E`: F1–F5 on the Linux console.
    private static func linuxConsoleFunctionKey(_ input: [UInt8], at index: Int, final: Bool) -> Step {
        let position = index + 3
        guard position < input.count else { return final ? .decoded(nil, consumed: 3) : .needsMore }
        let byte = input[position]
        guard (UInt8(ascii: "A")...UInt8(ascii: "E")).contains(byte) else {
            return .decoded(nil, consumed: 3)
        }
        return .decoded(.key(KeyEvent(.function(Int(byte - UInt8(ascii: "A")) + 1))), consumed: 4)
    }
}

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

extension KeyDecoder {
    /// A character encoded in UTF-8 starting at `index` (a byte of 0x80 or more).
    ///
    /// Invalid UTF-8 (a stray continuation byte, an overlong form, a surrogate, a value past
    /// U+10FFFF, a sequence cut short) becomes U+FFFD for its first byte; C1 controls
    /// (U+0080–U+009F) are dropped.
    static func utf8Character(_ input: [UInt8], at index: Int, final: Bool) -> Step {
        let lead = input[index]
        let length: Int
        let secondRange: ClosedRange<UInt8>
        switch lead {
        case 0xC2...0xDF: length = 2; secondRange = 0x80...0xBF
        case 0xE0: length = 3; secondRange = 0xA0...0xBF
        case 0xED: length = 3; secondRange = 0x80...0x9F
        case 0xE1...0xEF: length = 3; secondRange = 0x80...0xBF
        case 0xF0: length = 4; secondRange = 0x90...0xBF
        case 0xF4: length = 4; secondRange = 0x80...0x8F
        case 0xF1...0xF3: length = 4; secondRange = 0x80...0xBF
        default: return replacement
        }
        var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for offset in 1..<length {
            let position = index + offset
            guard position < input.count else { return final ? replacement : .needsMore }
            let byte = input[position]
            let allowed = offset == 1 ? secondRange : 0x80...0xBF
            guard allowed.contains(byte) else { return replacement }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard let scalar = Unicode.Scalar(value) else { return replacement }
        if (0x80...0x9F).contains(value) { return .decoded(nil, consumed: length) }
        return .decoded(.key(.character(Character(scalar))), consumed: length)
    }

    private static var replacement: Step {
        .decoded(.key(.character("\u{FFFD}")), consumed: 1)
    }
}
