import TreeModel

/// `git diff --raw` output: `:100644 100755 <old id> <new id> M\tpath`, `R096\told\tnew` for
/// a rename; with `-z`, the part before the paths and each path end in a NUL. Object ids may
/// be abbreviated (`--abbrev`) or full. `git diff-tree`'s first line, the commit id, is skipped.
extension ChangeListReader {
    static func readRawLines(_ input: [UInt8]) throws -> ChangeList {
        var list = ChangeList(changes: reservedChanges(for: input), isBarePaths: false, objectIDs: ObjectIDList(source: input))
        var isFirstLine = true
        try forEachLine(input) { buffer, range, number in
            defer { isFirstLine = false }
            guard let header = RawHeader(UnsafeBufferPointer(rebasing: buffer[range])) else {
                if isFirstLine && ChangeListLine.isObjectID(input[range]) { return }
                throw ChangeListLine.error(input[range], at: .line(number), in: .raw)
            }
            let paths = min(range.lowerBound + header.length + 1, range.upperBound)..<range.upperBound
            let change = try lineChange(header.code, paths: paths, of: buffer, input: input, line: number)
            try list.append(change, header, at: range.lowerBound, place: .line(number))
        }
        return list
    }

    static func readRawRecords(_ input: [UInt8]) throws -> ChangeList {
        var records = ChangeListRecords(input)
        records.skipObjectID()
        var list = ChangeList(changes: reservedChanges(for: input), isBarePaths: false, objectIDs: ObjectIDList(source: input))
        var number = 0
        while let field = records.next() {
            number += 1
            guard let header = RawHeader(field), header.length == field.count else {
                throw ChangeListLine.error(field, at: .record(number), in: .raw)
            }
            let first = try records.path(after: field, record: number)
            let change = header.code.isPaired
                ? header.code.change(path: try records.path(after: field, record: number), oldPath: first)
                : header.code.change(path: first)
            try list.append(change, header, at: field.startIndex, place: .record(number))
        }
        return list
    }
}

extension ChangeListReader.ChangeList {
    /// Adds `change` with the modes (000000: that side does not exist) and object ids of
    /// `header`, read at `offset` of the input.
    fileprivate mutating func append(_ change: FileChange, _ header: ChangeListReader.RawHeader, at offset: Int,
                                     place: ChangeListReader.Place) throws {
        let isDirectory = { (mode: UInt32) in mode & 0o170000 == 0o040000 }
        if isDirectory(header.oldMode) || isDirectory(header.newMode) {
            let mode = isDirectory(header.oldMode) ? header.oldMode : header.newMode
            throw ChangeListReader.InputError(place, "'\(change.path.lossyString)' is a directory (mode \(FileMode(rawValue: mode))): list files, as git diff-tree -r does")
        }
        var change = change
        change.oldMode = header.oldMode == 0 ? nil : FileMode(rawValue: header.oldMode)
        change.newMode = header.newMode == 0 ? nil : FileMode(rawValue: header.newMode)
        changes.append(change)
        objectIDs?.ranges.append((old: header.oldID.shifted(by: offset), new: header.newID.shifted(by: offset)))
    }
}

extension Range<Int> {
    fileprivate func shifted(by offset: Int) -> Range<Int> {
        (lowerBound + offset)..<(upperBound + offset)
    }
}
