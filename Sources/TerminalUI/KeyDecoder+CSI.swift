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
