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
