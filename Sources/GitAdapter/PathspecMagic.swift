/// The magic of one pathspec element, as git names it: `:(top,icase)…` in the long form,
/// `:/…` or `:!…` in the short one.
public struct PathspecMagic: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8

    /// The magic whose bits are `rawValue`.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `top` (`:/`): from the top of the work tree, not the current directory.
    public static let top = PathspecMagic(rawValue: 1 << 0)
    /// `literal`: `*`, `?`, `[` and `\` are plain characters.
    public static let literal = PathspecMagic(rawValue: 1 << 1)
    /// `glob`: wildcards do not match `/`; `**` matches across directories.
    public static let glob = PathspecMagic(rawValue: 1 << 2)
    /// `icase`: ASCII letters match either case.
    public static let icase = PathspecMagic(rawValue: 1 << 3)
    /// `exclude` (`:!`, `:^`): paths matching it are left out.
    public static let exclude = PathspecMagic(rawValue: 1 << 4)
    /// `attr:…`: the path's attributes must be as required too.
    public static let attr = PathspecMagic(rawValue: 1 << 5)

    /// git's table of magic words, in its order, with the short form's symbol where there is one.
    static let words: [(magic: PathspecMagic, name: String, mnemonic: UInt8?)] = [
        (.top, "top", UInt8(ascii: "/")),
        (.literal, "literal", nil),
        (.glob, "glob", nil),
        (.icase, "icase", nil),
        (.exclude, "exclude", UInt8(ascii: "!")),
        (.attr, "attr", nil),
    ]
}
