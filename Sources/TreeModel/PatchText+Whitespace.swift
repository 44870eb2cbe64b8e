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
