import Annotations
import GitRules

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
    let prefixLength: Int
    /// How many leading bytes of ``match`` hold no wildcard (all of it under `literal`).
    let literalLength: Int
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
    var isExclude: Bool { magic.contains(.exclude) }

    /// git's `simple_length`: the bytes before the first `*`, `?`, `[` or `\`.
    static func simpleLength(_ bytes: [UInt8]) -> Int {
        bytes.firstIndex(where: PathspecBytes.isGlobSpecial) ?? bytes.count
    }
}

extension PathspecItem {
    /// git's `match_pathspec_item` on a whole path: the path equals the pattern, lies below it
    /// (a directory prefix), or matches it as a wildcard pattern; `directory` lets `d/` match
    /// `d` itself; `leading` also accepts a directory on the way to a match.
    func matches(_ name: [UInt8], directory: Bool, leading: Bool, attributes: PathspecAttributeLookup?) rethrows -> Bool {
        guard prefixAgrees(name, count: prefixLength), pathMatches(name, directory: directory, leading: leading) else {
            return false
        }
        if !self.attributes.isEmpty {
            let names = self.attributes.map(\.name)
            let states = try attributes?(name, names) ?? names.map { _ in .unspecified }
            return zip(states, self.attributes).allSatisfy { $0 == $1.state }
        }
        return true
    }

    private func pathMatches(_ name: [UInt8], directory: Bool, leading: Bool) -> Bool {
        let slash = UInt8(ascii: "/")
        let length = match.count
        if length == 0 { return true }
        if length <= name.count && same(name, count: length) {
            if length == name.count || match[length - 1] == slash || name[length] == slash { return true }
        } else if directory && match[length - 1] == slash && name.count == length - 1 && same(name, count: name.count) {
            return true
        }
        if literalLength < length && wildcardMatches(name) { return true }
        guard leading, let last = name.last else { return false }
        let offset = last == slash ? 1 : 0
        if name.count < length && match[name.count - offset] == slash && same(name, count: name.count) { return true }
        if literalLength < length && !(name.count >= literalLength && same(name, count: literalLength)) { return false }
        return literalLength < length
    }

    /// git's `git_fnmatch`: the literal part compared, the rest by `wildmatch`.
    private func wildcardMatches(_ name: [UInt8]) -> Bool {
        guard name.count >= literalLength && same(name, count: literalLength) else { return false }
        let wildmatch = PathspecWildmatch(pathname: magic.contains(.glob), caseFold: magic.contains(.icase))
        return wildmatch.matches(match[literalLength...], name[literalLength...])
    }

    /// Whether the first `count` bytes of `name` and the pattern are the same (ASCII case
    /// folded under `icase`).
    func same(_ name: [UInt8], count: Int) -> Bool {
        if !magic.contains(.icase) { return match.prefix(count).elementsEqual(name.prefix(count)) }
        for index in 0..<count where PathspecBytes.lower(match[index]) != PathspecBytes.lower(name[index]) { return false }
        return true
    }

    /// Under `icase`, whether `name` starts exactly with the first `count` bytes of the
    /// current directory's part of the pattern (always true without `icase`).
    func prefixAgrees(_ name: [UInt8], count: Int) -> Bool {
        guard magic.contains(.icase) && count > 0 else { return true }
        return name.count >= count && match.prefix(count).elementsEqual(name.prefix(count))
    }
}

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
    static let icase = PathspecMagic(rawValue: 1 << 3)
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

/// The state of one attribute of a path, as `:(attr:…)` requires it and as gitattributes give
/// it (the same states `git check-attr` reports): a requirement is met when the path's state
/// is the same.
public typealias PathspecAttributeState = AttributeState

/// One requirement of `:(attr:…)`: an attribute name and the state it must have.
public struct PathspecAttributeRequirement: Sendable, Hashable {
    /// The attribute's name (`[-._0-9A-Za-z]`, not starting with `-`).
    public var name: String
    /// The state the path's attribute must have.
    public var state: PathspecAttributeState

    /// A requirement that attribute `name` be in `state`.
    public init(name: String, state: PathspecAttributeState) {
        self.name = name
        self.state = state
    }

    /// Whether `name` is an attribute name git accepts.
    static func isValidName(_ name: [UInt8]) -> Bool {
        guard let first = name.first, first != UInt8(ascii: "-") else { return false }
        return name.allSatisfy { byte in
            PathspecBytes.isAlpha(byte) || PathspecBytes.isDigit(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
        }
    }
}

/// The magic `GIT_LITERAL_PATHSPECS`, `GIT_GLOB_PATHSPECS`, `GIT_NOGLOB_PATHSPECS` and
/// `GIT_ICASE_PATHSPECS` give every pathspec element, read from the environment passed in
/// with git's rules (booleans as git reads them; glob with noglob, or literal with any other,
/// is an error).
struct PathspecGlobalMagic: Sendable {
    /// `GIT_LITERAL_PATHSPECS`: no magic is parsed, every element is a literal path.
    let literal: Bool
    let glob: Bool
    let noglob: Bool
    let icase: Bool

    init(environment: [String: String]) throws {
        func flag(_ name: String) throws -> Bool {
            guard let text = environment[name] else { return false }
            guard let value = GitConfigValue.bool(text) else {
                throw AdapterError.badConfigValue(key: name, value: text, problem: .notABoolean)
            }
            return value
        }
        literal = try flag("GIT_LITERAL_PATHSPECS")
        glob = try flag("GIT_GLOB_PATHSPECS")
        if glob, try flag("GIT_NOGLOB_PATHSPECS") { throw PathspecError.globalGlobAndNoglob }
        icase = try flag("GIT_ICASE_PATHSPECS")
        if literal && (glob || icase) { throw PathspecError.globalLiteralWithOthers }
        noglob = try flag("GIT_NOGLOB_PATHSPECS")
    }

    /// The magic added to an element that has `element` of its own: `:(literal)` wins over
    /// the global glob, `:(glob)` over the global noglob.
    func magic(adding element: PathspecMagic) -> PathspecMagic {
        var magic: PathspecMagic = []
        if literal { magic.insert(.literal) }
        if glob && !element.contains(.literal) { magic.insert(.glob) }
        if icase { magic.insert(.icase) }
        if noglob && !element.contains(.glob) { magic.insert(.literal) }
        return magic
    }
}
