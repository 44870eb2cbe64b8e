import Foundation

/// git's readings of configuration values (its `git_parse_maybe_bool` and `git_parse_int`).
enum ConfigValue {
    /// A boolean as git reads one: no value is true; `true`/`yes`/`on` and `false`/`no`/`off`
    /// in any case; an empty value is false; otherwise a number, true when not zero.
    /// `nil` when the value is none of these.
    static func bool(_ value: String?) -> Bool? {
        guard let value else { return true }
        switch value.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off", "": return false
        default: return try? int(value).get() != 0
        }
    }

    /// An `int` as git reads one: C's `strtoimax` in base 0 (leading blanks, a sign, `0x`,
    /// a leading `0` for octal), then an optional unit `k`, `m` or `g` (×1024, ×1024², ×1024³),
    /// the result within an `int`.
    static func int(_ value: String?) -> Result<Int, ConfigValueProblem> {
        guard let value, !value.isEmpty else { return .failure(.invalidUnit) }
        return value.withCString { start in
            var end: UnsafeMutablePointer<CChar>?
            errno = 0
            let number = strtoimax(start, &end, 0)
            if errno == ERANGE { return .failure(.outOfRange) }
            guard let end, end != UnsafeMutablePointer(mutating: start) else { return .failure(.invalidUnit) }
            let factor: Int
            switch String(cString: end).lowercased() {
            case "": factor = 1
            case "k": factor = 1 << 10
            case "m": factor = 1 << 20
            case "g": factor = 1 << 30
            default: return .failure(.invalidUnit)
            }
            let maximum = Int(Int32.max)
            if (number < 0 && -maximum / factor > number) || (number > 0 && maximum / factor < number) {
                return .failure(.outOfRange)
            }
            return .success(number * factor)
        }
    }
}
