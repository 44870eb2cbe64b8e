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
    public var usesAttributes: Bool { items.contains { !$0.attributes.isEmpty } }

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
