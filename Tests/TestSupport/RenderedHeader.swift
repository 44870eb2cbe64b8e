import TreeModel

/// The tree format's header line read back:
/// `<title> · N files changed, +I −D (4 added, 1 renamed, 1 binary)`, `<title> · no changes`,
/// or with filters `<title> · N of T files changed, … · status C · owner @x`; then
/// ` · 2 generated files not counted`, ` · x of y viewed`, ` · N untracked files not staged`
/// (ASCII: ` - ` and `-`).
public struct RenderedHeader: Sendable, Equatable {
    /// The comparison's title (`main...feature`, `HEAD → working tree`).
    public var title: String
    /// The number of files (0 for "no changes" and for a search that matched nothing).
    public var files: Int
    /// The `+I` total, when shown.
    public var insertions: Int?
    /// The `−D` total, when shown.
    public var deletions: Int?
    /// The counts in parentheses, by label (`added`, `type changed`, `binary`).
    public var counts: [String: Int]
    /// With filters, the comparison's files before them (the `T` of `N of T files changed`).
    public var comparisonFiles: Int?
    /// The filters' descriptions, in order (`status C`, `owner @x`, `matching 'q'`).
    public var filters: [String] = []
    /// ` · 2 generated files not counted`, without the separator, when shown.
    public var notCounted: String?
    /// `x of y viewed`, when shown.
    public var viewed: ViewedCount?
    /// `N untracked files not staged`, when shown.
    public var untrackedNotStaged: Int?

    /// The figures of `x of y viewed`.
    public struct ViewedCount: Sendable, Equatable {
        public var viewed: Int
        public var files: Int

        public init(viewed: Int, files: Int) {
            self.viewed = viewed
            self.files = files
        }
    }

    /// Reads the header line `line`.
    public init(parsing line: String) throws {
        var line = line
        if let note = line.firstMatch(of: /(?: ·| -) (?<count>\d+) untracked files? not staged$/) {
            untrackedNotStaged = Int(note.output.count)
            line.removeSubrange(note.range)
        }
        if let note = line.firstMatch(of: /(?: ·| -) (?<viewed>\d+) of (?<files>\d+) viewed$/) {
            viewed = ViewedCount(viewed: Int(note.output.viewed)!, files: Int(note.output.files)!)
            line.removeSubrange(note.range)
        }
        if let note = line.firstMatch(of: /(?: ·| -) (?<what>\d+ (?:generated|vendored)[a-z ]* files? not counted)$/) {
            notCounted = String(note.output.what)
            line.removeSubrange(note.range)
        }
        guard let match = line.wholeMatch(of: /(?<title>.*?) (?:·|-) (?<rest>\d+ (?:of \d+ )?files? changed.*|no changes(?: counted)?)/) else {
            throw RenderedTreeError(line: 1, text: line, reason: "unreadable header")
        }
        title = String(match.output.title)
        var rest = String(match.output.rest)
        files = 0
        counts = [:]
        if let filtersStart = rest.firstMatch(of: /(?: ·| -) (?:status|owners?|matching|viewed hidden)/) {
            let separator = rest[filtersStart.range].hasPrefix(" ·") ? " · " : " - "
            filters = rest[filtersStart.range.lowerBound...].dropFirst(separator.count)
                .split(separator: separator).map(String.init)
            rest.removeSubrange(filtersStart.range.lowerBound...)
        }
        guard let figures = rest.wholeMatch(of: /(?<files>\d+)(?: of (?<of>\d+))? files? changed(?:, \+(?<plus>\d+) [−-](?<minus>\d+))?(?: \((?<parts>.*)\))?/) else {
            return
        }
        files = Int(figures.output.files)!
        comparisonFiles = figures.output.of.flatMap { Int($0) }
        insertions = figures.output.plus.flatMap { Int($0) }
        deletions = figures.output.minus.flatMap { Int($0) }
        for part in (figures.output.parts ?? "").split(separator: ", ") {
            guard let space = part.firstIndex(of: " "), let count = Int(part[..<space]) else {
                throw RenderedTreeError(line: 1, text: line, reason: "bad count '\(part)'")
            }
            counts[String(part[part.index(after: space)...])] = count
        }
    }

    /// The header the changes `changes` call for, computed from them alone: their number,
    /// their line totals (when `lines`), their count per status and of binary files.
    public static func expected(for changes: [FileChange], title: String, lines: Bool = true) -> RenderedHeader {
        var header = RenderedHeader(title: title, files: changes.count, counts: [:])
        let labels: [Character: String] = [
            "A": "added", "M": "modified", "D": "deleted", "R": "renamed", "C": "copied",
            "T": "type changed", "?": "untracked", "U": "unmerged",
        ]
        for change in changes {
            if let letter = change.status?.letter, let label = labels[letter] { header.counts[label, default: 0] += 1 }
        }
        if lines && !changes.isEmpty {
            header.insertions = changes.reduce(0) { $0 + ($1.insertions ?? 0) }
            header.deletions = changes.reduce(0) { $0 + ($1.deletions ?? 0) }
            let binary = changes.filter { $0.binary == true }.count
            if binary > 0 { header.counts["binary"] = binary }
        }
        return header
    }

    private init(title: String, files: Int, counts: [String: Int]) {
        self.title = title
        self.files = files
        self.counts = counts
    }
}
