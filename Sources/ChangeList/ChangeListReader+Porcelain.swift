import TreeModel

/// `git status --porcelain` (version 1) output: `XY path`, `R  old -> new`; with `-z`,
/// `XY new\0old\0` for a rename or copy. `X` is the index against HEAD, `Y` the working tree
/// against the index; each line becomes the status HEAD against the working tree has, as a
/// repository comparison shows it. A `## branch` line is skipped, and so are ignored files (`!!`).
extension ChangeListReader {
    static func readPorcelainLines(_ input: [UInt8]) throws -> ChangeList {
        var changes: [FileChange] = []
        try forEachLine(input) { _, range, number in
            let line = input[range]
            if line.starts(with: "## ".utf8) { return }
            guard let status = PorcelainStatus(line) else {
                throw ChangeListLine.error(line, at: .line(number), in: .porcelain)
            }
            let rest = line.dropFirst(3)
            if status.isPaired {
                guard let (old, new) = splitRename(rest) else {
                    throw InputError(.line(number), "\(quoted(line)) lacks its ' -> ' between two paths")
                }
                status.change(old: try linePath(old, line: number), new: try linePath(new, line: number)).map { changes.append($0) }
            } else {
                status.change(old: nil, new: try linePath(rest, line: number)).map { changes.append($0) }
            }
        }
        return ChangeList(changes: changes, isBarePaths: false)
    }

    static func readPorcelainRecords(_ input: [UInt8]) throws -> ChangeList {
        var records = ChangeListRecords(input)
        var changes: [FileChange] = []
        var number = 0
        while let field = records.next() {
            number += 1
            if field.starts(with: "## ".utf8) { continue }
            guard let status = PorcelainStatus(field) else {
                throw ChangeListLine.error(field, at: .record(number), in: .porcelain)
            }
            let new = try recordPath(field.dropFirst(3), record: number)
            var old: RawPath?
            if status.isPaired {
                guard let source = records.next() else {
                    throw InputError(.record(number), "\(quoted(field)) is missing the path it was renamed or copied from")
                }
                old = try recordPath(source, record: number)
            }
            status.change(old: old, new: new).map { changes.append($0) }
        }
        return ChangeList(changes: changes, isBarePaths: false)
    }

    /// `old -> new`, each path maybe quoted (then the arrow is the first one after the quotes).
    private static func splitRename(_ text: ArraySlice<UInt8>) -> (ArraySlice<UInt8>, ArraySlice<UInt8>)? {
        let arrow = Array(" -> ".utf8)
        var searchStart = text.startIndex
        if text.first == UInt8(ascii: "\"") {
            var index = text.index(after: text.startIndex)
            while index < text.endIndex && text[index] != UInt8(ascii: "\"") {
                index += text[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            searchStart = min(index + 1, text.endIndex)
        }
        var index = searchStart
        while index + arrow.count <= text.endIndex {
            if text[index..<(index + arrow.count)].elementsEqual(arrow) {
                return (text[..<index], text[(index + arrow.count)...])
            }
            index += 1
        }
        return nil
    }
}

extension ChangeListReader {
    /// The two letters of a porcelain line and the status they amount to.
    struct PorcelainStatus {
        let index: UInt8
        let worktree: UInt8

        /// Reads `XY ` at the start of `line`; `nil` if it is not a porcelain status.
        init?(_ line: ArraySlice<UInt8>) {
            guard line.count >= 4, line[line.startIndex + 2] == UInt8(ascii: " ") else { return nil }
            let index = line[line.startIndex], worktree = line[line.startIndex + 1]
            let letters = " MTADRCU".utf8
            let isPair = (index == worktree && (index == UInt8(ascii: "?") || index == UInt8(ascii: "!")))
            guard isPair || (letters.contains(index) && letters.contains(worktree) && !(index == Self.blank && worktree == Self.blank)) else {
                return nil
            }
            self.index = index
            self.worktree = worktree
        }

        private static let blank = UInt8(ascii: " ")

        /// Whether the line names two paths: a rename or copy in the index.
        var isPaired: Bool { index == UInt8(ascii: "R") || index == UInt8(ascii: "C") }

        /// The change from HEAD to the working tree; `nil` when there is none (an ignored file, a
        /// file added or copied and then deleted from the working tree).
        func change(old: RawPath?, new: RawPath) -> FileChange? {
            switch (Character(Unicode.Scalar(index)), Character(Unicode.Scalar(worktree))) {
            case ("!", _): return nil
            case ("?", _): return FileChange(status: .untracked, path: new)
            case ("U", _), (_, "U"), ("D", "D"), ("A", "A"): return FileChange(status: .unmerged, path: new)
            case ("A", "D"), ("C", "D"): return nil
            case ("R", "D"): return FileChange(status: .deleted, path: old ?? new)
            case ("R", _): return FileChange(status: .renamed, path: new, oldPath: old)
            case ("C", _): return FileChange(status: .copied, path: new, oldPath: old)
            case ("A", _): return FileChange(status: .added, path: new)
            case ("D", _), (_, "D"): return FileChange(status: .deleted, path: new)
            case ("T", _), (_, "T"): return FileChange(status: .typeChanged, path: new)
            default: return FileChange(status: .modified, path: new)
            }
        }
    }
}
