/// `--help`, generated from ``OptionTable``: each option's names, then its help text,
/// wrapped to ``width`` columns under a column of its own.
enum HelpText {
    static let usage = """
        usage: treereview [options] [<rev> | <a>..<b> | <a>...<b> | <a> <b>]
                          [-- <pathspec>...]
        """

    /// The widest line, in columns.
    static let width = 80

    static var text: String {
        var lines = [
            "treereview — what changed, where: changed files as an annotated tree.",
            "",
            usage,
            "",
            "COMPARISONS (as git diff)",
            "  (none)         HEAD against the index and working tree, with untracked files",
            "  <rev>          <rev> against the working tree, with untracked files",
            "  <a>..<b>       the tree of <a> against the tree of <b> (also: <a> <b>)",
            "  <a>...<b>      the merge base of <a> and <b> against <b>",
            "  --staged       HEAD (or <rev>) against the index",
            "  --stdin        a change list read from standard input",
            "  -- <path>...   only these paths",
            "",
            "OPTIONS (a [key] is the git config key that sets the default)",
        ]
        let synopses = OptionTable.all.map(\.synopsis)
        let column = 2 + (synopses.map(\.count).max() ?? 0) + 2
        for (spec, synopsis) in zip(OptionTable.all, synopses) {
            let wrapped = wrap(spec.help, width: width - column)
            let indent = String(repeating: " ", count: column)
            lines.append("  " + synopsis.padding(toLength: column - 2, withPad: " ", startingAt: 0) + wrapped[0])
            lines += wrapped.dropFirst().map { indent + $0 }
        }
        lines += [
            "",
            "EXIT STATUS",
            "  0 success; 1 changes found with --exit-code; 2 any error.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` in lines of at most `width` characters, broken at spaces (a longer word gets a line of its own).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(line)
        return lines
    }
}
