import TreeModel

extension RenderedTree {
    /// What to compare besides paths and statuses.
    public struct Checks: OptionSet, Sendable {
        /// The checks, one bit each.
        public let rawValue: Int
        /// The checks whose bits `rawValue` sets.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Each file row's `+I −D` or `binary`, and each open directory row's totals.
        public static let lines = Checks(rawValue: 1)
        /// The origin and similarity of renamed and copied files.
        public static let origins = Checks(rawValue: 2)
        /// Every check.
        public static let all: Checks = [.lines, .origins]
    }

    /// Every way the tree differs from `changes` (git's answer, or a report's input): the
    /// files listed (all of them, unless a directory is collapsed: then its roll-up must
    /// count exactly the changes under it), their statuses, and what `checks` names.
    /// Empty when they agree.
    public func differences(from changes: [FileChange], checks: Checks = .all) -> [String] {
        var problems: [String] = []
        let byPath = Dictionary(changes.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let collapsed = rows.filter { $0.rollUp != nil }
        let hidden = changes.filter { change in collapsed.contains { Self.isUnder(change.path, $0.path) } }
        let listed = files.map(\.path)
        let expected = changes.map(\.path).filter { path in !hidden.contains { $0.path == path } }
        if listed.sorted() != expected.sorted() {
            problems.append("files listed: \(Set(listed).symmetricDifference(expected).map(\.description).sorted()) differ")
        }
        if Set(listed).count != listed.count { problems.append("a file is listed twice") }
        for row in files {
            guard let change = byPath[row.path] else { continue }
            if row.status != change.status?.letter {
                problems.append("\(row.path): status \(row.status.map(String.init) ?? "none"), git says \(change.status.map { String($0.letter) } ?? "none")")
            }
            if checks.contains(.origins) {
                if let oldPath = change.oldPath {
                    if !row.originMatches(oldPath) || row.similarity != change.similarity {
                        problems.append("\(row.path): origin \(row.origin?.description ?? "none") (\(row.similarity ?? -1)%), expected \(oldPath) (\(change.similarity ?? -1)%)")
                    }
                } else if row.origin != nil {
                    problems.append("\(row.path): an origin for a file that has none")
                }
            }
            if checks.contains(.lines) && change.status != .untracked {
                problems += lineProblems(row, insertions: change.insertions ?? 0, deletions: change.deletions ?? 0, binary: change.binary == true)
            }
        }
        for row in rows where row.isDirectory {
            let under = changes.filter { Self.isUnder($0.path, row.path) }
            if under.isEmpty { problems.append("\(row.path)/: a directory with no changed file") }
            if let rollUp = row.rollUp {
                var statuses: [Character: Int] = [:]
                for change in under { if let letter = change.status?.letter { statuses[letter, default: 0] += 1 } }
                if rollUp.files != under.count || rollUp.statuses != statuses {
                    problems.append("\(row.path)/: roll-up \(rollUp.files) \(rollUp.statuses), git has \(under.count) \(statuses)")
                }
            }
            if checks.contains(.lines) && !under.contains(where: { $0.status == .untracked }) {
                problems += lineProblems(row, insertions: under.reduce(0) { $0 + ($1.insertions ?? 0) },
                                         deletions: under.reduce(0) { $0 + ($1.deletions ?? 0) }, binary: false)
            }
        }
        return problems
    }

    /// Every way the header differs from the one `changes` call for.
    public func headerDifferences(from changes: [FileChange], lines: Bool = true) -> [String] {
        var expected = RenderedHeader.expected(for: changes, title: header.title, lines: lines)
        // Notes that do not follow from the changes are checked where they are made.
        expected.comparisonFiles = header.comparisonFiles
        expected.filters = header.filters
        expected.notCounted = header.notCounted
        expected.viewed = header.viewed
        expected.untrackedNotStaged = header.untrackedNotStaged
        return header == expected ? [] : ["header \(header), expected \(expected)"]
    }

    private func lineProblems(_ row: Row, insertions: Int, deletions: Int, binary: Bool) -> [String] {
        let shown = (row.insertions ?? 0, row.deletions ?? 0, row.binary)
        guard shown != (insertions, deletions, binary) else { return [] }
        return ["\(row.path): shows +\(shown.0) −\(shown.1)\(shown.2 ? " binary" : ""), expected +\(insertions) −\(deletions)\(binary ? " binary" : "")"]
    }

    /// Whether `path` lies inside the directory `directory`.
    static func isUnder(_ path: RawPath, _ directory: RawPath) -> Bool {
        path.bytes.count > directory.bytes.count && path.bytes.starts(with: directory.bytes)
            && path.bytes[directory.bytes.count] == UInt8(ascii: "/")
    }
}
