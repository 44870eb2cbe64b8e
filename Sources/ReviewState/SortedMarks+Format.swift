import TreeModel

/// The marks file's bytes (format: ``ViewedMarks/encoded()``), written and read in one pass
/// over the bytes, with no text made per mark.
extension SortedMarks {
    static let headerPrefix = Array("treereview viewed ".utf8)

    /// The file's bytes.
    func encoded() -> [UInt8] {
        let header = Self.headerPrefix + Array("\(ViewedMarks.formatVersion)\n".utf8)
        var count = header.count
        entries.withUnsafeBufferPointer { entries in
            for entry in entries {
                count += 42 + entry.path.bytes.withUnsafeBufferPointer(PathQuoting.quoting.quotedCount)
            }
        }
        return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var end = buffer.baseAddress!
            header.withUnsafeBufferPointer { end.initialize(from: $0.baseAddress!, count: $0.count) }
            end += header.count
            entries.withUnsafeBufferPointer { entries in
                for entry in entries {
                    entry.id.writeHex(to: end)
                    end[40] = UInt8(ascii: "\t")
                    end = entry.path.bytes.withUnsafeBufferPointer { PathQuoting.quoting.writeQuoted($0, to: end + 41) }
                    end.initialize(to: UInt8(ascii: "\n"))
                    end += 1
                }
            }
            precondition(end == buffer.baseAddress! + count, "the marks file's bytes were counted wrongly")
            initialized = count
        }
    }

    /// The marks `bytes` hold, one entry per line in the file's order (a path may repeat).
    static func entries(decoding bytes: [UInt8]) throws(ViewedMarksFormatError) -> [Entry] {
        guard !bytes.isEmpty else { throw .damaged(line: 1, reason: "the file is empty") }
        guard bytes.last == UInt8(ascii: "\n") else {
            throw .damaged(line: bytes.count { $0 == UInt8(ascii: "\n") } + 1, reason: "the last line is cut off")
        }
        let headerEnd = bytes.firstIndex(of: UInt8(ascii: "\n"))!
        let header = bytes[..<headerEnd]
        guard header.starts(with: headerPrefix) else {
            throw .damaged(line: 1, reason: "no 'treereview viewed \(ViewedMarks.formatVersion)' line")
        }
        let version = String(decoding: header.dropFirst(headerPrefix.count), as: UTF8.self)
        guard version == "\(ViewedMarks.formatVersion)" else {
            if let number = Int(version), number > ViewedMarks.formatVersion { throw .newerVersion(number) }
            throw .damaged(line: 1, reason: "an unknown version")
        }
        var entries: [Entry] = []
        var start = headerEnd + 1
        var line = 2
        while start < bytes.count {
            var end = start
            while bytes[end] != UInt8(ascii: "\n") { end += 1 }
            guard end - start > 41, bytes[start + 40] == UInt8(ascii: "\t"),
                  let id = ObjectHash(hexDigits: bytes[start..<(start + 40)])
            else { throw .damaged(line: line, reason: "not '<object id> TAB <path>'") }
            guard let path = Self.path(bytes[(start + 41)..<end]) else { throw .damaged(line: line, reason: "a path quoted wrongly") }
            entries.append(Entry(path: RawPath(bytes: path), id: id))
            start = end + 1
            line += 1
        }
        return entries
    }

    /// The path a line's field stands for; `nil` when it is quoted wrongly, empty or holds a NUL.
    private static func path(_ field: ArraySlice<UInt8>) -> [UInt8]? {
        if field.first != UInt8(ascii: "\""), !field.contains(0) { return Array(field) }
        guard let path = PathQuoting.unquoted(field), !path.isEmpty, !path.contains(0) else { return nil }
        return path
    }
}
