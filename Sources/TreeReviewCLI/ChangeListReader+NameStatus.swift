import TreeModel

/// `git diff --name-status` output: `M\tpath`, `R096\told\tnew`; with `-z`, each field ends
/// in a NUL. `git diff-tree`'s first line, the commit id, is skipped.
extension ChangeListReader {
    static func readNameStatusLines(_ input: [UInt8]) throws -> ChangeList {
        var changes: [FileChange] = []
        var isFirstLine = true
        try forEachLine(input) { range, number in
            let line = input[range]
            defer { isFirstLine = false }
            if isFirstLine && ChangeListLine.isObjectID(line) { return }
            guard let tabIndex = line.firstIndex(of: tab), let code = StatusCode(line[..<tabIndex]) else {
                throw ChangeListLine.error(line, at: .line(number), in: .nameStatus)
            }
            let fields = line[(tabIndex + 1)...].split(separator: tab, omittingEmptySubsequences: false)
            let paths = try fields.map { try linePath($0, line: number) }
            changes.append(try makeChange(code, paths: paths, at: .line(number)))
        }
        return ChangeList(changes: changes, isBarePaths: false)
    }

    static func readNameStatusRecords(_ input: [UInt8]) throws -> ChangeList {
        var records = ChangeListRecords(input)
        records.skipObjectID()
        var changes: [FileChange] = []
        var number = 0
        while let field = records.next() {
            number += 1
            guard let code = StatusCode(field) else {
                throw ChangeListLine.error(field, at: .record(number), in: .nameStatus)
            }
            let paths = try (0..<(code.isPaired ? 2 : 1)).map { _ in
                guard let path = records.next() else {
                    throw InputError(.record(number), "\(quoted(field)) is missing its path")
                }
                return try recordPath(path, record: number)
            }
            changes.append(try makeChange(code, paths: paths, at: .record(number)))
        }
        return ChangeList(changes: changes, isBarePaths: false)
    }
}
