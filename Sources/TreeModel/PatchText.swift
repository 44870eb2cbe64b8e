/// The patch of one changed file as `git diff` prints it, and what each of its lines is.
///
/// The repository adapter makes it (the bytes git would print for that file, without color);
/// the renderer colors it as git does and lays it out for a terminal pane. It carries what
/// coloring needs and the bytes cannot tell: each line's kind, which added lines are blank
/// lines at the end of the file, and the whitespace rule that applies to the file.
public struct PatchText: Hashable, Sendable {
    /// The patch exactly as `git diff --no-color` prints it for the file; every line ends in LF.
    /// Empty when git prints nothing for the file.
    public var bytes: [UInt8]
    /// One entry for each line of ``bytes``, in order.
    public var lines: [Line]
    /// The whitespace errors git highlights in this file, and in which lines.
    public var whitespace: WhitespaceRule

    /// A patch of `bytes` whose lines are `lines`.
    public init(bytes: [UInt8] = [], lines: [Line] = [], whitespace: WhitespaceRule = .gitDefault) {
        self.bytes = bytes
        self.lines = lines
        self.whitespace = whitespace
    }

    /// The bytes of one line, without its LF.
    public func text(of line: Line) -> ArraySlice<UInt8> {
        bytes[line.range]
    }

    /// One line of a patch.
    public struct Line: Hashable, Sendable {
        /// What a line is, which decides its color.
        public enum Kind: UInt8, Hashable, Sendable {
            /// A header line (`diff --git`, modes, `similarity index`, `rename from`, `index`,
            /// `---`, `+++`): git's `meta` color.
            case header
            /// `@@ -1,3 +1,4 @@` and the function name after it: `frag` and `func`.
            case hunkHeader
            /// An unchanged line around the changes (starts with a space): `context`.
            case context
            /// A removed line (starts with `-`): `old`.
            case deletion
            /// An added line (starts with `+`): `new`, with whitespace errors highlighted.
            case insertion
            /// `\ No newline at end of file`: `context`.
            case noNewline
            /// A line git prints uncolored: `Binary files … differ`, `* Unmerged path …`.
            case plain
        }

        /// What the line is.
        public var kind: Kind
        /// Where the line's bytes are in ``PatchText/bytes``, without its LF.
        public var range: Range<Int>
        /// Whether the line is an added blank line at the end of the file, which git paints
        /// whole in the whitespace color (its `blank-at-eof` error).
        public var blankAtEndOfFile: Bool

        /// A line of `kind` at `range`.
        public init(kind: Kind, range: Range<Int>, blankAtEndOfFile: Bool = false) {
            self.kind = kind
            self.range = range
            self.blankAtEndOfFile = blankAtEndOfFile
        }
    }
}
