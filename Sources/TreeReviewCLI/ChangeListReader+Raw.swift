import TreeModel

/// `git diff --raw` output: `:100644 100755 <old id> <new id> M\tpath`, `R096\told\tnew` for
/// a rename; with `-z`, the part before the paths and each path end in a NUL. Object ids may
/// be abbreviated (`--abbrev`) or full. `git diff-tree`'s first line, the commit id, is skipped.
extension ChangeListReader {
    static func readRawLines(_ input: [UInt8]) throws -> ChangeList {
        var list = ChangeList(changes: [], isBarePaths: false)
        var isFirstLine = true
        try forEachLine(input) { range, number in
            let line = input[range]
            defer { isFirstLine = false }
            if isFirstLine && ChangeListLine.isObjectID(line) { return }
            let tabIndex = line.firstIndex(of: tab) ?? line.endIndex
            guard let header = RawHeader(line[..<tabIndex]) else {
                throw ChangeListLine.error(line, at: .line(number), in: .raw)
            }
            let fields = tabIndex == line.endIndex ? [] : line[(tabIndex + 1)...].split(separator: tab, omittingEmptySubsequences: false)
            let paths = try fields.map { try linePath($0, line: number) }
            try list.append(header, paths: paths, at: .line(number))
        }
        return list
    }

    static func readRawRecords(_ input: [UInt8]) throws -> ChangeList {
        var records = ChangeListRecords(input)
        records.skipObjectID()
        var list = ChangeList(changes: [], isBarePaths: false)
        var number = 0
        while let field = records.next() {
            number += 1
            guard let header = RawHeader(field) else {
                throw ChangeListLine.error(field, at: .record(number), in: .raw)
            }
            let paths = try (0..<(header.code.isPaired ? 2 : 1)).map { _ in
                guard let path = records.next() else {
                    throw InputError(.record(number), "\(quoted(field)) is missing its path")
                }
                return try recordPath(path, record: number)
            }
            try list.append(header, paths: paths, at: .record(number))
        }
        return list
    }

    /// What a `--raw` line says before its paths.
    struct RawHeader {
        let oldMode: UInt32
        let newMode: UInt32
        let objectIDs: ObjectIDs
        let code: StatusCode

        /// Reads `:<old mode> <new mode> <old id> <new id> <status>`; `nil` if it is not that.
        init?(_ bytes: ArraySlice<UInt8>) {
            guard bytes.first == UInt8(ascii: ":") else { return nil }
            let fields = bytes.dropFirst().split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
            guard fields.count == 5,
                  let oldMode = Self.mode(fields[0]), let newMode = Self.mode(fields[1]),
                  let oldID = Self.objectID(fields[2]), let newID = Self.objectID(fields[3]),
                  let code = StatusCode(fields[4]) else { return nil }
            self.oldMode = oldMode
            self.newMode = newMode
            self.objectIDs = ObjectIDs(old: oldID, new: newID)
            self.code = code
        }

        /// Six octal digits.
        private static func mode(_ field: ArraySlice<UInt8>) -> UInt32? {
            guard field.count == 6 else { return nil }
            var value: UInt32 = 0
            for byte in field {
                guard (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(byte) else { return nil }
                value = value * 8 + UInt32(byte - UInt8(ascii: "0"))
            }
            return value
        }

        /// 4 to 64 hexadecimal digits, as `--abbrev` and `--no-abbrev` write them (the `...`
        /// older git added to abbreviated ids is dropped).
        private static func objectID(_ field: ArraySlice<UInt8>) -> String? {
            let digits = field.count > 3 && field.suffix(3).elementsEqual("...".utf8) ? field.dropLast(3) : field
            guard (4...64).contains(digits.count), digits.allSatisfy(ChangeListLine.isHexDigit) else { return nil }
            return String(decoding: digits, as: UTF8.self)
        }
    }
}

extension ChangeListReader.ChangeList {
    /// Adds the change a `--raw` line says: its status, paths, modes (a side that does not
    /// exist has mode 000000) and object ids.
    fileprivate mutating func append(_ header: ChangeListReader.RawHeader, paths: [RawPath], at place: ChangeListReader.Place) throws {
        for mode in [header.oldMode, header.newMode] where mode & 0o170000 == 0o040000 {
            let path = paths.last.map { "'\($0.lossyString)' " } ?? ""
            throw ChangeListReader.InputError(place, "\(path)is a directory (mode \(FileMode(rawValue: mode))): list files, as git diff-tree -r does")
        }
        var change = try ChangeListReader.makeChange(header.code, paths: paths, at: place)
        change.oldMode = header.oldMode == 0 ? nil : FileMode(rawValue: header.oldMode)
        change.newMode = header.newMode == 0 ? nil : FileMode(rawValue: header.newMode)
        changes.append(change)
        objectIDs.append(header.objectIDs)
    }
}
