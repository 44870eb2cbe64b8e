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
public struct KeyDecoder: Sendable {
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
    public var hasPending: Bool { !pending.isEmpty }

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
