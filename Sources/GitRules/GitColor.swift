/// git's color values (`color.diff.meta = bold red`), turned into the SGR sequence git writes
/// for them, byte for byte (git's `color_parse_mem`).
///
/// A value is words separated by blanks: `reset`; up to two colors, foreground then
/// background (`normal`, `default`, `black` … `white`, `brightred` …, `0`–`255`, `-1`,
/// `#rrggbb`); attributes (`bold`, `dim`, `italic`, `ul`, `blink`, `reverse`, `strike`, each
/// also as `no<attr>` or `no-<attr>`). Color names are matched in any case, attributes exactly.
public enum GitColor {
    /// The SGR sequence for `value` (empty when it sets nothing, as `normal` or an empty value);
    /// `nil` when git refuses the value ("invalid color value").
    public static func sequence(_ value: String) -> [UInt8]? {
        var words = value.utf8.split(whereSeparator: isSpace).map(Array.init)
        if words.isEmpty { return [] }
        var hasReset = false
        var attributes: UInt32 = 0
        var foreground: Color?
        var background: Color?
        while !words.isEmpty {
            let word = words.removeFirst()
            if matches(word, "reset") {
                hasReset = true
            } else if let color = color(word) {
                if foreground == nil {
                    foreground = color
                } else if background == nil {
                    background = color
                } else {
                    return nil
                }
            } else if let attribute = attribute(word) {
                attributes |= 1 << attribute
            } else {
                return nil
            }
        }
        let colored = [foreground, background].map { $0.map { !$0.isEmpty } ?? false }
        guard hasReset || attributes != 0 || colored.contains(true) else { return [] }
        var parameters: [String] = hasReset ? [""] : []
        for bit in 0..<32 where attributes & (1 << bit) != 0 { parameters.append(String(bit)) }
        if let foreground, !foreground.isEmpty { parameters.append(foreground.parameters(background: false)) }
        if let background, !background.isEmpty { parameters.append(background.parameters(background: true)) }
        return Array("\u{1B}[\(parameters.joined(separator: ";"))m".utf8)
    }

    /// One foreground or background color.
    private enum Color {
        case normal
        /// A basic or bright color: the foreground parameter (30–37, 39, 90–97).
        case ansi(Int)
        case palette(Int)
        case rgb(UInt8, UInt8, UInt8)

        var isEmpty: Bool {
            if case .normal = self { return true }
            return false
        }

        func parameters(background: Bool) -> String {
            let offset = background ? 10 : 0
            switch self {
            case .normal: return ""
            case .ansi(let value): return String(value + offset)
            case .palette(let value): return "\(38 + offset);5;\(value)"
            case .rgb(let red, let green, let blue): return "\(38 + offset);2;\(red);\(green);\(blue)"
            }
        }
    }

    private static let names = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

    private static func color(_ word: [UInt8]) -> Color? {
        if matches(word, "normal") { return .normal }
        if word.count == 7, word[0] == UInt8(ascii: "#"),
           let red = Hex.byte(word[1], word[2]), let green = Hex.byte(word[3], word[4]), let blue = Hex.byte(word[5], word[6]) {
            return .rgb(red, green, blue)
        }
        if matches(word, "default") { return .ansi(39) }
        var name = word[...]
        var base = 30
        if word.count >= 6 && matches(Array(word.prefix(6)), "bright") {
            name = word.dropFirst(6)
            base = 90
        }
        if let index = names.firstIndex(where: { matches(Array(name), $0) }) { return .ansi(base + index) }
        guard let number = decimal(word) else { return nil }
        switch number {
        case -1: return .normal
        case 0..<8: return .ansi(30 + number)
        case 8..<16: return .ansi(90 + number - 8)
        case 16..<256: return .palette(number)
        default: return nil
        }
    }

    /// An attribute's SGR parameter, `no…` forms giving the one that switches it off.
    private static func attribute(_ word: [UInt8]) -> Int? {
        let attributes: [(String, Int, Int)] = [
            ("bold", 1, 22), ("dim", 2, 22), ("italic", 3, 23), ("ul", 4, 24), ("blink", 5, 25),
            ("reverse", 7, 27), ("strike", 9, 29),
        ]
        var name = word[...]
        var negated = false
        if name.starts(with: Array("no".utf8)) {
            name = name.dropFirst(2)
            if name.first == UInt8(ascii: "-") { name = name.dropFirst() }
            negated = true
        }
        guard let match = attributes.first(where: { Array($0.0.utf8) == Array(name) }) else { return nil }
        return negated ? match.2 : match.1
    }

    /// Whether `word` is `name` in any case.
    private static func matches(_ word: [UInt8], _ name: String) -> Bool {
        let lowered = word.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        return lowered == Array(name.utf8)
    }

    /// A whole word as C's `strtol` reads a base-10 number (an optional sign, then digits).
    private static func decimal(_ word: [UInt8]) -> Int? {
        var digits = word[...]
        var negative = false
        if let sign = digits.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.count < 10, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        let value = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        return negative ? -value : value
    }

    /// git's `isspace`: space, tab, LF, CR.
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
