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
    /// The id of the new side's content the patch was made from (a working-tree file as git
    /// hashes it after conversion, the index's or the tree's blob, a submodule's commit);
    /// `nil` when there is no new side or it was not read.
    public var newObject: ObjectHash?

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

extension PatchText {
    /// git's whitespace rule for one file (`core.whitespace`, the `whitespace` attribute) and
    /// the kinds of lines whose errors are highlighted (`diff.wsErrorHighlight`).
    public struct WhitespaceRule: Hashable, Sendable {
        /// The errors git looks for.
        public struct Errors: OptionSet, Hashable, Sendable {
            /// The bits of the set.
            public let rawValue: UInt8
            /// The set whose bits are `rawValue`.
            public init(rawValue: UInt8) { self.rawValue = rawValue }

            /// Whitespace at the end of a line (`blank-at-eol`).
            public static let blankAtEndOfLine = Errors(rawValue: 1 << 0)
            /// A space before a tab in the indent (`space-before-tab`).
            public static let spaceBeforeTab = Errors(rawValue: 1 << 1)
            /// An indent of at least a tab's width in spaces (`indent-with-non-tab`).
            public static let indentWithNonTab = Errors(rawValue: 1 << 2)
            /// A tab in the indent (`tab-in-indent`).
            public static let tabInIndent = Errors(rawValue: 1 << 3)
            /// A carriage return at the end of a line is not an error (`cr-at-eol`).
            public static let carriageReturnAtEndOfLine = Errors(rawValue: 1 << 4)
            /// Blank lines added at the end of the file (`blank-at-eof`).
            public static let blankAtEndOfFile = Errors(rawValue: 1 << 5)
        }

        /// The kinds of lines whose errors are shown.
        public struct Highlighted: OptionSet, Hashable, Sendable {
            /// The bits of the set.
            public let rawValue: UInt8
            /// The set whose bits are `rawValue`.
            public init(rawValue: UInt8) { self.rawValue = rawValue }

            /// Removed lines.
            public static let old = Highlighted(rawValue: 1 << 0)
            /// Added lines (git's default).
            public static let new = Highlighted(rawValue: 1 << 1)
            /// Unchanged lines.
            public static let context = Highlighted(rawValue: 1 << 2)
        }

        /// The errors looked for.
        public var errors: Errors
        /// The width of a tab, for `indent-with-non-tab` (`tabwidth=`, 8 by default).
        public var tabWidth: Int
        /// Where errors are highlighted.
        public var highlighted: Highlighted

        /// A rule looking for `errors`, highlighted in `highlighted` lines.
        public init(errors: Errors, tabWidth: Int = 8, highlighted: Highlighted = .new) {
            self.errors = errors
            self.tabWidth = tabWidth
            self.highlighted = highlighted
        }

        /// git's default: `blank-at-eol`, `space-before-tab`, `blank-at-eof`, tab width 8,
        /// highlighted in added lines.
        public static let gitDefault = WhitespaceRule(errors: [.blankAtEndOfLine, .spaceBeforeTab, .blankAtEndOfFile])
    }
}
