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

extension ChangeListReader {
    /// What a `--raw` line says before its paths: `:<old mode> <new mode> <old id> <new id> <status>`.
    struct RawHeader {
        let oldMode: UInt32
        let newMode: UInt32
        /// Where the object ids lie, from the start of the line.
        let oldID: Range<Int>
        let newID: Range<Int>
        let code: StatusCode
        /// Its length: the index of the tab after it, or the end of the bytes.
        let length: Int

        /// Reads the header at the start of `bytes`, which ends at a tab or with `bytes`;
        /// `nil` if there is none.
        init?(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard bytes.count >= 27, bytes[0] == UInt8(ascii: ":"),
                  let oldMode = Self.mode(bytes, at: 1), bytes[7] == space,
                  let newMode = Self.mode(bytes, at: 8), bytes[14] == space else { return nil }
            var index = 15
            guard let oldID = Self.objectID(bytes, from: &index), let newID = Self.objectID(bytes, from: &index) else { return nil }
            let end = ByteScan.firstIndex(of: tab, in: bytes, from: index)
            guard let code = StatusCode(bytes[index..<end]) else { return nil }
            (self.oldMode, self.newMode, self.oldID, self.newID, self.code, self.length) = (oldMode, newMode, oldID, newID, code, end)
        }

        /// Reads the header at the start of `bytes`.
        init?(_ bytes: ArraySlice<UInt8>) {
            guard let header = bytes.withUnsafeBufferPointer({ RawHeader($0) }) else { return nil }
            self = header
        }

        /// Six octal digits at `index`.
        private static func mode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32? {
            var value: UInt32 = 0
            for byte in bytes[index..<(index + 6)] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(byte) else { return nil }
                value = value * 8 + UInt32(byte - UInt8(ascii: "0"))
            }
            return value
        }

        /// 4 to 64 hexadecimal digits at `index`, as `--abbrev` and `--no-abbrev` write them
        /// (the `...` older git put after abbreviated ids is left out), then a space; moves
        /// `index` past the space.
        private static func objectID(_ bytes: UnsafeBufferPointer<UInt8>, from index: inout Int) -> Range<Int>? {
            let start = index
            var end = start
            while end < bytes.count && ChangeListLine.isHexDigit(bytes[end]) { end += 1 }
            guard (4...64).contains(end - start) else { return nil }
            var next = end
            if next + 3 <= bytes.count && bytes[next] == UInt8(ascii: ".") && bytes[next + 1] == UInt8(ascii: ".") && bytes[next + 2] == UInt8(ascii: ".") {
                next += 3
            }
            guard next < bytes.count, bytes[next] == space else { return nil }
            index = next + 1
            return start..<end
        }
    }
}

extension ChangeListReader {
    /// A status code: `M`, `A`, `R096`, `C100`, `T`, `U`, `D`, `?`, `X` (git's "unknown").
    struct StatusCode {
        let letter: UInt8
        let score: Int?

        /// Whether the status names two paths, the old one first.
        var isPaired: Bool { letter == UInt8(ascii: "R") || letter == UInt8(ascii: "C") }

        init?<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
            guard let first = bytes.first, bytes.count <= 4 else { return nil }
            switch first {
            case UInt8(ascii: "A"), UInt8(ascii: "M"), UInt8(ascii: "D"), UInt8(ascii: "R"), UInt8(ascii: "C"),
                 UInt8(ascii: "T"), UInt8(ascii: "U"), UInt8(ascii: "X"), UInt8(ascii: "?"): break
            default: return nil
            }
            var score: Int?
            for byte in bytes.dropFirst() {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                score = (score ?? 0) * 10 + Int(byte - UInt8(ascii: "0"))
            }
            self.letter = first
            self.score = score
        }

        /// The status its letter stands for; `nil` for `X`.
        var status: ChangeStatus? {
            switch letter {
            case UInt8(ascii: "A"): .added
            case UInt8(ascii: "M"): .modified
            case UInt8(ascii: "D"): .deleted
            case UInt8(ascii: "R"): .renamed
            case UInt8(ascii: "C"): .copied
            case UInt8(ascii: "T"): .typeChanged
            case UInt8(ascii: "U"): .unmerged
            case UInt8(ascii: "?"): .untracked
            default: nil
            }
        }

        /// The change it says for `path` (and, for a rename or copy, `oldPath`).
        func change(path: RawPath, oldPath: RawPath? = nil) -> FileChange {
            FileChange(status: status, path: path, oldPath: oldPath, similarity: isPaired ? (score ?? 100) : nil)
        }

        /// The error for a line with `found` paths, when the status needs another number.
        func pathCountError(found: Int, at place: Place) -> InputError {
            InputError(place, "status \(Character(Unicode.Scalar(letter))) needs \(isPaired ? "two paths" : "one path"), found \(found)")
        }
    }
}

extension ChangeListReader {
    /// The object ids of `--raw` input, kept where they lie in it.
    public struct ObjectIDList {
        let source: [UInt8]
        /// Where each change's old and new ids lie in the input.
        public internal(set) var ranges: [(old: Range<Int>, new: Range<Int>)] = []

        /// The ids of the change at `index`, as written (all zeros for a side that does not
        /// exist or, for the working tree, is not in the object database).
        public subscript(index: Int) -> (old: String, new: String) {
            (String(decoding: source[ranges[index].old], as: UTF8.self), String(decoding: source[ranges[index].new], as: UTF8.self))
        }
    }
}
