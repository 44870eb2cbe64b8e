import TreeModel

/// `git diff --name-status` output: `M\tpath`, `R096\told\tnew`; with `-z`, each field ends
/// in a NUL. `git diff-tree`'s first line, the commit id, is skipped.
extension ChangeListReader {
    static func readNameStatusLines(_ input: [UInt8]) throws -> ChangeList {
        var changes = reservedChanges(for: input)
        var isFirstLine = true
        try forEachLine(input) { buffer, range, number in
            defer { isFirstLine = false }
            let line = UnsafeBufferPointer(rebasing: buffer[range])
            let tabIndex = ByteScan.firstIndex(of: tab, in: line, from: 0)
            guard tabIndex < line.count, let code = StatusCode(line[..<tabIndex]) else {
                if isFirstLine && ChangeListLine.isObjectID(input[range]) { return }
                throw ChangeListLine.error(input[range], at: .line(number), in: .nameStatus)
            }
            let paths = (range.lowerBound + tabIndex + 1)..<range.upperBound
            changes.append(try lineChange(code, paths: paths, of: buffer, input: input, line: number))
        }
        return ChangeList(changes: changes, isBarePaths: false)
    }

    static func readNameStatusRecords(_ input: [UInt8]) throws -> ChangeList {
        var records = ChangeListRecords(input)
        records.skipObjectID()
        var changes = reservedChanges(for: input)
        var number = 0
        while let field = records.next() {
            number += 1
            guard let code = StatusCode(field) else {
                throw ChangeListLine.error(field, at: .record(number), in: .nameStatus)
            }
            let first = try records.path(after: field, record: number)
            changes.append(code.isPaired
                ? code.change(path: try records.path(after: field, record: number), oldPath: first)
                : code.change(path: first))
        }
        return ChangeList(changes: changes, isBarePaths: false)
    }

    /// The change `code` says for the tab-separated paths in `paths` of a line: one path, or
    /// for a rename or copy two, the old one first.
    static func lineChange(_ code: StatusCode, paths: Range<Int>, of buffer: UnsafeBufferPointer<UInt8>,
                           input: [UInt8], line number: Int) throws -> FileChange {
        let fields = UnsafeBufferPointer(rebasing: buffer[paths])
        let tabIndex = ByteScan.firstIndex(of: tab, in: fields, from: 0)
        let first = paths.lowerBound..<(paths.lowerBound + tabIndex)
        if !code.isPaired && tabIndex == fields.count {
            return code.change(path: try linePath(buffer, first, input: input, line: number))
        }
        if code.isPaired && tabIndex < fields.count && ByteScan.firstIndex(of: tab, in: fields, from: tabIndex + 1) == fields.count {
            let second = (paths.lowerBound + tabIndex + 1)..<paths.upperBound
            return code.change(path: try linePath(buffer, second, input: input, line: number),
                               oldPath: try linePath(buffer, first, input: input, line: number))
        }
        throw code.pathCountError(found: fields.isEmpty ? 0 : 1 + fields.lazy.filter { $0 == tab }.count, at: .line(number))
    }
}
