import GitRules

/// Paths in the marks file, quoted as git quotes them with `core.quotePath` false: a path
/// holding a control character, DEL, `"` or `\` is written in double quotes with C escapes
/// (`\t`, `\n`, `\"`, `\\`, `\ooo`); any other path, including non-ASCII bytes, as it is.
enum PathQuoting {
    /// The quoting (``CQuoting``, high bytes kept).
    static var quoting: CQuoting { CQuoting(quotePath: false) }

    /// `bytes` quoted when they need to be.
    static func quoted(_ bytes: [UInt8]) -> [UInt8] {
        quoting.quoted(bytes)
    }

    /// The path `field` stands for: unquoted when it starts with `"`; `nil` when the quoting
    /// is broken.
    static func unquoted(_ field: ArraySlice<UInt8>) -> [UInt8]? {
        field.first == UInt8(ascii: "\"") ? CUnquoting.unquoted(field) : Array(field)
    }
}
