import GitRules

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
