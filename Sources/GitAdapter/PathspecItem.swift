/// One pathspec element, parsed as git parses it: its magic, and its pattern from the top of
/// the work tree.
public struct PathspecItem: Sendable, Hashable {
    /// The element as given.
    public let original: String
    /// The pattern, from the top of the work tree (the current directory's path joined in).
    public let match: [UInt8]
    /// The element's magic, with the magic the environment adds.
    public let magic: PathspecMagic
    /// How many leading bytes of ``match`` name the current directory: under `icase` they
    /// still match exactly (git's `prefix`).
    public let prefixLength: Int
    /// How many leading bytes of ``match`` hold no wildcard (all of it under `literal`).
    public let literalLength: Int
    /// What `attr:` requires of a path's attributes (none without it).
    public let attributes: [PathspecAttributeRequirement]

    init(original: String, match: [UInt8], magic: PathspecMagic, prefixLength: Int,
         literalLength: Int, attributes: [PathspecAttributeRequirement]) {
        self.original = original
        self.match = match
        self.magic = magic
        self.prefixLength = prefixLength
        self.literalLength = literalLength
        self.attributes = attributes
    }

    /// Whether paths matching it are left out.
    public var isExclude: Bool { magic.contains(.exclude) }

    /// git's `simple_length`: the bytes before the first `*`, `?`, `[` or `\`.
    static func simpleLength(_ bytes: [UInt8]) -> Int {
        bytes.firstIndex(where: PathspecBytes.isGlobSpecial) ?? bytes.count
    }
}
