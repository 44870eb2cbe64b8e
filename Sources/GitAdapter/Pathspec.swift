import Foundation
internal import CLibGit2

/// Looks up the states of attributes (`names`) of a path, for `:(attr:…)`.
public typealias PathspecAttributeLookup = (_ path: [UInt8], _ names: [String]) throws -> [PathspecAttributeState]

/// The pathspecs of a command line, parsed and matched as `git diff` (git 2.39) parses and
/// matches them: relative to the current directory, with every magic (`top`, `exclude`,
/// `icase`, `glob`, `literal`, `attr`) and the `GIT_*_PATHSPECS` variables.
///
/// A value, pure: matching reads nothing but the attribute lookup it is given.
public struct Pathspec: Sendable, Hashable {
    /// The elements, in order; when all exclude, git's `.` (everything) comes last.
    public let items: [PathspecItem]

    /// No pathspec: everything matches.
    public init() { items = [] }

    /// Parses `elements` as git does when run in the directory `prefix` names (`sub/dir/`,
    /// empty for the top). `workTree` (its real path) places absolute paths; `root` is what a
    /// path climbing out is said to be outside of; `environment` gives the `GIT_*_PATHSPECS`
    /// variables. Throws ``PathspecError`` (or ``AdapterError/badConfigValue(key:value:problem:)``
    /// for a variable that is no boolean) with git's words.
    public init(_ elements: [String], prefix: String = "", workTree: String? = nil, root: String? = nil,
                environment: [String: String] = [:]) throws {
        guard !elements.isEmpty else {
            items = []
            return
        }
        if elements.contains("") { throw PathspecError.empty }
        var context = PathspecItem.Context(prefix: Array(prefix.utf8), workTree: workTree, root: root,
                                           global: try PathspecGlobalMagic(environment: environment))
        var items = try elements.map { try PathspecItem(parsing: $0, context: context) }
        if items.allSatisfy(\.isExclude) {
            context.prefix = []
            items.append(try PathspecItem(parsing: ".", context: context))
        }
        self.items = items
    }

    /// Whether there is no pathspec.
    public var isEmpty: Bool { items.isEmpty }

    /// Whether matching needs attributes (an element has `attr:` requirements).
    var usesAttributes: Bool { items.contains { !$0.attributes.isEmpty } }

    /// Whether `path` (from the top of the work tree) matches: a non-exclude element matches
    /// it and no exclude element does. `isGitlink` lets `sub/` match the submodule `sub`.
    /// `attributes` is asked only for elements with `attr:`; without it, every attribute is
    /// unspecified.
    public func matches(_ path: [UInt8], isGitlink: Bool = false, attributes: PathspecAttributeLookup? = nil) rethrows -> Bool {
        try matches(path, directory: isGitlink, leading: false, attributes: attributes)
    }

    /// git's `match_pathspec_with_flags`.
    func matches(_ path: [UInt8], directory: Bool, leading: Bool, attributes: PathspecAttributeLookup?) rethrows -> Bool {
        if items.isEmpty { return true }
        var positive = false
        for item in items where !item.isExclude {
            if try item.matches(path, directory: directory, leading: leading, attributes: attributes) {
                positive = true
                break
            }
        }
        guard positive else { return false }
        for item in items where item.isExclude {
            if try item.matches(path, directory: directory, leading: false, attributes: attributes) { return false }
        }
        return true
    }
}

extension Pathspec {
    /// Whether a path below `directory` (from the top, ending in `/`) could match: `false`
    /// lets a tree walk skip the directory unread. Never `false` when a path below matches.
    func mayMatch(under directory: [UInt8]) -> Bool {
        if items.isEmpty { return true }
        if items.contains(where: { $0.isExclude && $0.attributes.isEmpty && $0.coversEverything(under: directory) }) {
            return false
        }
        return items.contains { !$0.isExclude && $0.mayMatchSomething(under: directory) }
    }

    /// Directories (from the top, without a trailing `/`) that hold every path that can
    /// match, for libgit2 to limit its own walk of the index and working tree to them; `nil`
    /// when a match may lie anywhere, or when a directory's name holds a byte libgit2's
    /// pathspecs read as a pattern (a wildcard, `\`, a leading `!` or `#`, a space).
    var enclosingDirectories: [[UInt8]]? {
        if items.isEmpty { return nil }
        var directories = Set<[UInt8]>()
        for item in items where !item.isExclude {
            let literal = item.magic.contains(.icase) ? item.prefixLength : item.literalLength
            guard let slash = item.match[..<literal].lastIndex(of: UInt8(ascii: "/")), slash > 0 else { return nil }
            let directory = Array(item.match[..<slash])
            guard !directory.contains(where: { Array("!#*?[]\\ \t\n".utf8).contains($0) }) else { return nil }
            directories.insert(directory)
        }
        return directories.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// Whether git lists untracked files inside the untracked directory `directory` (ending
    /// in `/`): it matches the directory itself, attributes and exclusions included, and
    /// only goes in when it may lead to a match (git's `treat_directory`).
    func admitsUntrackedDirectory(_ directory: [UInt8], attributes: PathspecAttributeLookup?) rethrows -> Bool {
        try matches(directory, directory: false, leading: true, attributes: attributes)
    }

    /// Whether some untracked directory could be refused that holds a matching file: only
    /// attributes and exclusions are checked on directories differently than on files.
    var checksUntrackedDirectories: Bool {
        items.contains { $0.isExclude || !$0.attributes.isEmpty }
    }
}

extension PathspecItem {
    /// Whether every path below `directory` matches the pattern (attributes aside).
    func coversEverything(under directory: [UInt8]) -> Bool {
        guard prefixAgrees(directory, count: prefixLength) else { return false }
        let length = match.count
        if length == 0 { return true }
        guard length <= directory.count && same(directory, count: length) else { return false }
        return match[length - 1] == UInt8(ascii: "/") || (length < directory.count && directory[length] == UInt8(ascii: "/"))
    }

    /// Whether some path below `directory` could match the pattern (attributes aside).
    func mayMatchSomething(under directory: [UInt8]) -> Bool {
        if magic.contains(.icase) {
            let count = min(prefixLength, directory.count)
            guard match.prefix(count).elementsEqual(directory.prefix(count)) else { return false }
        }
        if coversEverything(under: directory) { return true }
        guard same(directory, count: min(literalLength, directory.count)) else { return false }
        return literalLength < match.count || match.count > directory.count
    }
}

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

extension Repository {
    /// The path of `directory` from the top of the work tree, ending in `/`, as git's prefix
    /// for pathspecs run from there (real paths compared, as git compares them); empty at the
    /// top, outside the work tree, and in a bare repository.
    func pathspecPrefix(for directory: String) -> String {
        guard !isBare, let top = workTreeRealPath, let here = try? PathspecPath.realPath(Array(directory.utf8)[...]) else { return "" }
        guard here.hasPrefix(top), here != top else { return "" }
        let rest = here.dropFirst(top.count)
        if top == "/" { return String(rest) + "/" }
        guard rest.hasPrefix("/") else { return "" }
        return String(rest.dropFirst()) + "/"
    }

    /// `elements` parsed as `git diff` parses pathspecs when run in `directory` (`nil`: the top
    /// of the work tree), with the `GIT_*_PATHSPECS` variables of the environment the
    /// repository was opened with. Throws ``PathspecError`` with git's words.
    public func pathspec(_ elements: [String], from directory: String?) throws -> Pathspec {
        let workTree = isBare ? nil : workTreeRealPath
        let root = workTree ?? (try? PathspecPath.realPath(Array(gitDirectory.utf8).dropLast())) ?? gitDirectory
        return try Pathspec(elements, prefix: directory.map(pathspecPrefix(for:)) ?? "", workTree: workTree,
                            root: root, environment: environment)
    }

    /// The states of the attributes `names` of `path` (from the top of the work tree), read
    /// as git reads them for pathspecs: the working tree's gitattributes files, else the
    /// index's, with `$GIT_DIR/info/attributes`, the user's and the system's.
    public func pathspecAttributes(of path: [UInt8], names: [String]) throws -> [PathspecAttributeState] {
        if names.isEmpty { return [] }
        return try attributeStates(of: path, names: names, flags: 0)
    }

    /// The work tree's real path, without a trailing `/` (but `/` itself).
    private var workTreeRealPath: String? {
        guard let workdir else { return nil }
        var bytes = Array(workdir.utf8)
        while bytes.count > 1 && bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        return try? PathspecPath.realPath(bytes[...])
    }
}
