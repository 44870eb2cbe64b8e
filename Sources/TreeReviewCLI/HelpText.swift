/// `--help`, generated from ``OptionTable``.
enum HelpText {
    static let usage = "usage: treereview [options] [<rev> | <a>..<b> | <a>...<b> | <a> <b>] [-- <pathspec>...]"

    static var text: String {
        var lines = [
            "treereview — what changed, where: changed files as an annotated tree.",
            "",
            usage,
            "",
            "COMPARISONS (as git diff)",
            "  (none)         HEAD against the index and working tree, with untracked files",
            "  <rev>          <rev> against the working tree",
            "  <a>..<b>       the tree of <a> against the tree of <b> (also: <a> <b>)",
            "  <a>...<b>      the merge base of <a> and <b> against <b>",
            "  --staged       HEAD (or <rev>) against the index",
            "  -- <path>...   only these paths",
            "",
            "OPTIONS",
        ]
        let synopses = OptionTable.all.map(\.synopsis)
        let width = (synopses.map(\.count).max() ?? 0) + 2
        for (spec, synopsis) in zip(OptionTable.all, synopses) {
            lines.append("  " + synopsis.padding(toLength: width, withPad: " ", startingAt: 0) + spec.help)
        }
        lines += [
            "",
            "EXIT STATUS",
            "  0 success; 1 changes found with --exit-code; 2 any error.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}
