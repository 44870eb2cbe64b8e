/// A pathspec git would refuse, each with git's own words (without its `fatal: `), led by the
/// element when git's words do not name it, and the few limits of treereview's own.
public enum PathspecError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An empty pathspec.
    case empty
    /// An unknown word in the long form (`:(foo)x`).
    case invalidMagic(word: String, element: String)
    /// An unknown symbol in the short form (`:#x`).
    case unimplementedMagic(symbol: String, element: String)
    /// A long form without its `)`.
    case missingParenthesis(element: String)
    /// `literal` and `glob` on one element.
    case literalAndGlob(element: String)
    /// A path that climbs out of the work tree; `root` is what it is outside of, if anything.
    case outside(element: String, path: String, root: String?)
    /// An absolute path through a directory that does not exist (or is no directory).
    case invalidPath(element: String, path: String, reason: String)
    /// `GIT_GLOB_PATHSPECS` and `GIT_NOGLOB_PATHSPECS` both set.
    case globalGlobAndNoglob
    /// `GIT_LITERAL_PATHSPECS` with another `GIT_*_PATHSPECS`.
    case globalLiteralWithOthers
    /// Two `attr:` words on one element.
    case attrTwice(element: String)
    /// `attr:` with no requirement.
    case emptyAttr(element: String)
    /// A requirement naming no valid attribute.
    case invalidAttributeName(String, element: String)
    /// An attribute value ending in `\`.
    case attrValueEndsInEscape(element: String)
    /// A character an attribute value cannot require.
    case attrValueCharacter(String, element: String)
    /// `prefix:` with something that is not a number, or a number beyond the pattern.
    case invalidPrefix(element: String)
    /// `prefix:` away from the top of the work tree.
    case prefixBelowTop(element: String)
    /// Magic this run cannot apply (`attr` with no repository to read attributes from).
    case unsupported(element: String, magic: String, reason: String)

    public var description: String {
        switch self {
        case .empty:
            "empty string is not a valid pathspec. please use . instead if you meant to match all paths"
        case .invalidMagic(let word, let element):
            "Invalid pathspec magic '\(word)' in '\(element)'"
        case .unimplementedMagic(let symbol, let element):
            "Unimplemented pathspec magic '\(symbol)' in '\(element)'"
        case .missingParenthesis(let element):
            "Missing ')' at the end of pathspec magic in '\(element)'"
        case .literalAndGlob(let element):
            "\(element): 'literal' and 'glob' are incompatible"
        case .outside(let element, let path, let root?):
            "\(element): '\(path)' is outside repository at '\(root)'"
        case .outside(let element, let path, nil):
            "\(element): '\(path)' is outside the paths listed"
        case .invalidPath(let element, let path, let reason):
            "\(element): Invalid path '\(path)': \(reason)"
        case .globalGlobAndNoglob:
            "global 'glob' and 'noglob' pathspec settings are incompatible"
        case .globalLiteralWithOthers:
            "global 'literal' pathspec setting is incompatible with all other global pathspec settings"
        case .attrTwice(let element):
            "\(element): Only one 'attr:' specification is allowed."
        case .emptyAttr(let element):
            "\(element): attr spec must not be empty"
        case .invalidAttributeName(let name, let element):
            "\(element): invalid attribute name \(name)"
        case .attrValueEndsInEscape(let element):
            "\(element): Escape character '\\' not allowed as last character in attr value"
        case .attrValueCharacter(let character, let element):
            "\(element): cannot use '\(character)' for value matching"
        case .invalidPrefix(let element):
            "\(element): invalid parameter for pathspec magic 'prefix'"
        case .prefixBelowTop(let element):
            "\(element): 'prefix' magic is supposed to be used at worktree's root"
        case .unsupported(let element, let magic, let reason):
            "\(element): pathspec magic not supported \(reason): '\(magic)'"
        }
    }
}
