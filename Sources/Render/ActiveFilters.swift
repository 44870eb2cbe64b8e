import TreeModel

/// The filters that chose a report's files from its comparison's, and how many files the
/// comparison has before them: what every header says after its count
/// (`3 of 588 files changed · status C · owner @x`), and what JSON's `comparison.filters`
/// lists. A pathspec is not a filter: it is part of the comparison.
///
/// A new filter is one more ``Filter`` case: its words (``Filter/pieces``) and its JSON
/// object (``JSONWriter/writeFilter(_:)``).
public struct ActiveFilters: Hashable, Sendable {
    /// One filter, as the user gave it.
    public enum Filter: Hashable, Sendable {
        /// `--status`: the statuses kept (none: every status not dropped) and those dropped.
        case status(kept: Set<ChangeStatus>, dropped: Set<ChangeStatus>)
        /// `--owner`: the owners as given; a file is kept when any of them owns it.
        case owner([String])
        /// `--search` in `hide` mode: the query as typed.
        case search(String)
        /// `--unviewed`: the files marked viewed are hidden.
        case unviewed
        /// `--group`: the groups of the filters file named; a file is kept when any holds it.
        case group([String])
        /// `--since-review` or `--since <rev>`: only the files whose change differs from the
        /// one at that review.
        case sinceReview(SinceReviewNote)
    }

    /// A piece of a filter's description: treereview's own words, or text the user gave (an
    /// owner, a query), which each format writes as it writes names.
    public enum Piece: Hashable, Sendable {
        /// Words of treereview's own (plain ASCII, no markup).
        case words(String)
        /// A name, as given (an owner).
        case name(String)
        /// A query, as typed: the tree writes it between single quotes.
        case quoted(String)
    }

    /// The filters, in the order they apply.
    public var filters: [Filter]
    /// The files of the comparison before any filter, counted as the totals count them
    /// (generated and vendored files left out, unless `--include-generated`).
    public var comparisonFiles: Int

    /// Filters as given.
    public init(_ filters: [Filter] = [], comparisonFiles: Int = 0) {
        self.filters = filters
        self.comparisonFiles = comparisonFiles
    }

    /// Whether no filter is active: then headers say only what the comparison has.
    public var isEmpty: Bool { filters.isEmpty }

    /// The description of every filter for a terminal, each after `separator`
    /// (` · status C · owner @x`), names escaped as ``TerminalText`` escapes them.
    public func note(separator: String) -> String {
        filters.map { filter in
            separator + filter.pieces.map { piece in
                switch piece {
                case .words(let text): text
                case .name(let text): TerminalText.escaped(text)
                case .quoted(let text): "'" + TerminalText.escaped(text) + "'"
                }
            }.joined()
        }.joined()
    }
}

extension ActiveFilters.Filter {
    /// The filter in words: `status C`, `status not D`, `owners @a, @b`, `matching 'q'`,
    /// `viewed hidden`, `since your review at 1a2b3c4`, `since v1 at 1a2b3c4`.
    public var pieces: [ActiveFilters.Piece] {
        switch self {
        case let .status(kept, dropped):
            let shown = kept.isEmpty ? dropped : kept.subtracting(dropped)
            let letters = String(ChangeStatus.allCases.filter(shown.contains).map(\.letter))
            if kept.isEmpty { return [.words("status not " + letters)] }
            return [.words(letters.isEmpty ? "status none" : "status " + letters)]
        case .owner(let owners):
            var pieces: [ActiveFilters.Piece] = [.words(owners.count == 1 ? "owner " : "owners ")]
            for (index, owner) in owners.enumerated() {
                if index > 0 { pieces.append(.words(", ")) }
                pieces.append(.name(owner))
            }
            return pieces
        case .search(let query):
            return [.words("matching "), .quoted(query)]
        case .unviewed:
            return [.words("viewed hidden")]
        case .group(let names):
            var pieces: [ActiveFilters.Piece] = [.words(names.count == 1 ? "group " : "groups ")]
            for (index, name) in names.enumerated() {
                if index > 0 { pieces.append(.words(", ")) }
                pieces.append(.name(name))
            }
            return pieces
        case .sinceReview(let note):
            guard let revision = note.revision else { return [.words("since your review at " + note.abbreviatedHead)] }
            return [.words("since "), .name(revision), .words(" at " + note.abbreviatedHead)]
        }
    }
}
