import TreeModel

/// How a file's patch is printed: git's diff options that configuration can change.
struct PatchOptions: Sendable {
    /// The diff algorithm (`diff.algorithm`).
    enum Algorithm: String, Sendable {
        case myers, `default`, minimal, patience, histogram
    }

    /// Which prefixes the two sides' names get (`diff.noprefix`, `diff.mnemonicPrefix`).
    enum Prefixes: Sendable {
        /// `a/` and `b/`.
        case standard
        /// None.
        case none
        /// What each side is: `c/` for a commit, `i/` the index, `w/` the working tree.
        case mnemonic
    }

    /// Lines of context around each change (`diff.context`, `GIT_DIFF_OPTS`).
    var context = 3
    /// Lines between hunks that still join them (`diff.interHunkContext`).
    var interhunkContext = 0
    /// `diff.indentHeuristic`, on by default.
    var indentHeuristic = true
    var algorithm = Algorithm.myers
    var prefixes = Prefixes.standard
    /// `diff.suppressBlankEmpty`: an empty context line is printed without its space.
    var suppressBlankEmpty = false
    /// `core.quotePath`: bytes above 0x7F in names are quoted too.
    var quotePath = true
    /// `core.abbrev`; `nil` for git's `auto`, which grows with the number of objects.
    var abbreviation: Int?
    /// `core.whitespace` and `diff.wsErrorHighlight`.
    var whitespace = PatchText.WhitespaceRule.gitDefault
}
