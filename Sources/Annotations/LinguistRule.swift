/// One of linguist's path rules, restated as a pattern (see
/// `Docs/Annotations.md#linguists-defaults`): a trailing `/` names a directory and
/// everything below it; any other pattern names files only.
struct LinguistRule: Sendable {
    /// The pattern as listed in the documentation.
    let pattern: String
    /// Whether letters compare without regard to ASCII case, as some of linguist's rules do.
    let ignoringCase: Bool
    let compiled: PathPattern

    /// Compiles the table's patterns; they are constants, so a bad one is a programming error.
    static func table(_ patterns: [String], ignoringCase: Bool = false) -> [LinguistRule] {
        patterns.map { pattern in
            do {
                let compiled = try PathPattern(compiling: Array(pattern.utf8), flavor: .linguistFile, ignoringCase: ignoringCase)
                return LinguistRule(pattern: pattern, ignoringCase: ignoringCase, compiled: compiled)
            } catch {
                preconditionFailure("linguist rule \(pattern) does not compile: \(error)")
            }
        }
    }
}
