import Glibc

/// git's readings of configuration values: booleans (`git_parse_maybe_bool`, as
/// `git config --type=bool` reads them), numbers (`git_parse_signed`, as `--type=int` reads
/// them) and color switches (`git_config_colorbool`). A missing value (`[section] key` with
/// no `=`) is `nil`.
public enum GitConfigValue {
    /// Why git refuses a number.
    public enum NumberProblem: Error, Sendable, Equatable {
        /// Not a number with an optional `k`, `m` or `g` unit.
        case invalidUnit
        /// A number beyond what the key holds.
        case outOfRange
    }

    /// A `color.*`-like switch's reading.
    public enum ColorSwitch: Sendable, Equatable {
        /// `never`, or a false boolean.
        case never
        /// `always`.
        case always
        /// `auto`, or a true boolean.
        case auto
    }

    /// The largest `int` git reads (`git_config_int`, `git_parse_int`).
    public static let intMaximum = Int(Int32.max)

    /// A boolean's words alone (`git_parse_maybe_bool_text`): no value is true; `true`, `yes`,
    /// `on` and `false`, `no`, `off` in any case; an empty value is false; `nil` otherwise.
    public static func boolWord(_ value: String?) -> Bool? {
        guard let value else { return true }
        if value.isEmpty { return false }
        if ["true", "yes", "on"].contains(where: { equalsIgnoringASCIICase(value, $0) }) { return true }
        if ["false", "no", "off"].contains(where: { equalsIgnoringASCIICase(value, $0) }) { return false }
        return nil
    }

    /// A boolean as git reads one (`git_parse_maybe_bool`): ``boolWord(_:)``, else an `int`
    /// (``int(_:maximum:)``), true when not zero; `nil` when it is neither.
    public static func bool(_ value: String?) -> Bool? {
        if let word = boolWord(value) { return word }
        guard case .success(let number) = int(value) else { return nil }
        return number != 0
    }

    /// A number as git reads one (`git_parse_signed`): C's `strtoimax` in base 0 (leading
    /// blanks, a sign, `0x` for hex, a leading `0` for octal), then nothing or a unit `k`, `m`
    /// or `g` in either case (×1024, ×1024², ×1024³), the result within ±`maximum`. `maximum`
    /// is an `int`'s (``intMaximum``) for most keys; `Int.max` is `git config --type=int`'s.
    public static func int(_ value: String?, maximum: Int = intMaximum) -> Result<Int, NumberProblem> {
        guard let value, !value.isEmpty else { return .failure(.invalidUnit) }
        return value.withCString { start -> Result<Int, NumberProblem> in
            var end: UnsafeMutablePointer<CChar>?
            errno = 0
            let number = Int(strtoimax(start, &end, 0))
            if errno == ERANGE { return .failure(.outOfRange) }
            guard let end, end != UnsafeMutablePointer(mutating: start) else { return .failure(.invalidUnit) }
            guard let factor = unitFactor(String(cString: end)) else { return .failure(.invalidUnit) }
            if (number < 0 && -maximum / factor > number) || (number > 0 && maximum / factor < number) {
                return .failure(.outOfRange)
            }
            return .success(number * factor)
        }
    }

    /// A color switch as git reads one (`git_config_colorbool`): `never`, `always`, `auto` in
    /// any case, else a boolean (``bool(_:)``: true is `auto`); `nil` when it is none of these.
    public static func colorSwitch(_ value: String?) -> ColorSwitch? {
        if let value {
            if equalsIgnoringASCIICase(value, "never") { return .never }
            if equalsIgnoringASCIICase(value, "always") { return .always }
            if equalsIgnoringASCIICase(value, "auto") { return .auto }
        }
        return bool(value).map { $0 ? .auto : .never }
    }

    /// Whether `text` is `word` (lowercase ASCII) with its ASCII letters in any case, as C's
    /// `strcasecmp` compares in the C locale.
    public static func equalsIgnoringASCIICase(_ text: String, _ word: String) -> Bool {
        text.utf8.elementsEqual(word.utf8) { byte, expected in
            (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte) == expected
        }
    }

    private static func unitFactor(_ unit: String) -> Int? {
        if unit.isEmpty { return 1 }
        if equalsIgnoringASCIICase(unit, "k") { return 1 << 10 }
        if equalsIgnoringASCIICase(unit, "m") { return 1 << 20 }
        if equalsIgnoringASCIICase(unit, "g") { return 1 << 30 }
        return nil
    }
}
