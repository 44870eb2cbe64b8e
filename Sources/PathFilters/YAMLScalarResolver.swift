/// How a plain scalar resolves under YAML's core schema as js-yaml (the reader of
/// dorny/paths-filter) reads it: `null`, `~` and nothing are null, `true`/`False`… booleans,
/// decimal, `0x`, `0o` and `0b` integers (with `_`), floats, `.inf`, `.nan`, and dates are
/// timestamps; anything else is a string. Quoted and block scalars, and `!!str`, are strings.
enum YAMLScalarResolver {
    /// The kind of a scalar written `text`, plain or not, with `tag` if it had one.
    static func kind(of text: String, isPlain: Bool, tag: String?) -> YAMLScalar.Kind {
        if let tag {
            switch tag {
            case "tag:yaml.org,2002:null": return .null
            case "tag:yaml.org,2002:bool": return .boolean
            case "tag:yaml.org,2002:int", "tag:yaml.org,2002:float": return .number
            case "tag:yaml.org,2002:timestamp": return .timestamp
            default: return .string
            }
        }
        guard isPlain else { return .string }
        if ["", "~", "null", "Null", "NULL"].contains(text) { return .null }
        if ["true", "True", "TRUE", "false", "False", "FALSE"].contains(text) { return .boolean }
        if isNumber(Array(text.utf8)) { return .number }
        if isTimestamp(Array(text.utf8)) { return .timestamp }
        return .string
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// Integers and floats as js-yaml's core schema reads them.
    static func isNumber(_ bytes: [UInt8]) -> Bool {
        var text = bytes[...]
        let text0 = text
        if let sign = text.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { text = text.dropFirst() }
        let special = String(decoding: text, as: UTF8.self)
        if [".inf", ".Inf", ".INF"].contains(special) { return true }
        if text0.count == text.count, [".nan", ".NaN", ".NAN"].contains(special) { return true }
        if text.count > 2, text.first == UInt8(ascii: "0") {
            let digits = text.dropFirst(2)
            let allowed: (UInt8) -> Bool
            switch text[text.startIndex + 1] {
            case UInt8(ascii: "x"): allowed = { isDigit($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0 | 0x20) }
            case UInt8(ascii: "o"): allowed = { (UInt8(ascii: "0")...UInt8(ascii: "7")).contains($0) }
            case UInt8(ascii: "b"): allowed = { $0 == UInt8(ascii: "0") || $0 == UInt8(ascii: "1") }
            default: allowed = { _ in false }
            }
            if digits.allSatisfy({ allowed($0) || $0 == UInt8(ascii: "_") }), digits.contains(where: allowed) { return true }
        }
        var index = text.startIndex
        var sawDigit = false
        while index < text.endIndex, isDigit(text[index]) || (sawDigit && text[index] == UInt8(ascii: "_")) {
            sawDigit = true
            index += 1
        }
        if index < text.endIndex, text[index] == UInt8(ascii: ".") {
            index += 1
            while index < text.endIndex, isDigit(text[index]) || text[index] == UInt8(ascii: "_") {
                sawDigit = true
                index += 1
            }
        }
        guard sawDigit else { return false }
        if index < text.endIndex, text[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < text.endIndex, text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") { index += 1 }
            let exponent = index
            while index < text.endIndex, isDigit(text[index]) { index += 1 }
            if index == exponent { return false }
        }
        return index == text.endIndex
    }

    /// `2001-12-14`, or a date followed by a time (`2001-12-14t21:59:43.10-05:00`).
    static func isTimestamp(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 8 else { return false }
        let dash = bytes.firstIndex(of: UInt8(ascii: "-")) ?? 0
        guard dash == 4, bytes[..<4].allSatisfy(isDigit) else { return false }
        let rest = bytes[5...]
        guard let second = rest.firstIndex(of: UInt8(ascii: "-")), (1...2).contains(second - 5),
              bytes[5..<second].allSatisfy(isDigit) else { return false }
        let day = bytes[(second + 1)...].prefix(while: isDigit)
        guard (1...2).contains(day.count) else { return false }
        let after = bytes[(second + 1 + day.count)...]
        guard let next = after.first else { return true }
        return next == UInt8(ascii: "T") || next == UInt8(ascii: "t") || next == UInt8(ascii: " ") || next == UInt8(ascii: "\t")
    }
}
