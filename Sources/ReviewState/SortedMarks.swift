import GitRules
import TreeModel

/// Marks as the file lists them: one (path, id) pair per path, in byte order of the paths.
/// The writer's working form: edits in byte order are merged in one pass, and the file is
/// written straight from it, with nothing hashed and nothing sorted again.
struct SortedMarks: Equatable, Sendable {
    /// One mark.
    struct Entry: Equatable, Sendable, PathKeyed {
        var path: RawPath
        var id: ObjectHash
    }

    /// The marks, in strictly increasing byte order of their paths.
    private(set) var entries: [Entry]

    /// No marks.
    init() { entries = [] }

    /// The marks of `entries`, in any order; a later entry for the same path replaces an earlier one.
    init(latestOf entries: [Entry]) {
        self.entries = Self.latestByPath(entries)
    }

    /// The marks of `marks`.
    init(_ marks: ViewedMarks) {
        entries = marks.byPath.map { Entry(path: $0.key, id: $0.value) }
        entries.sort { Self.compare($0.path, $1.path) < 0 }
    }

    /// The marks as a table by path.
    var marks: ViewedMarks {
        var byPath: [RawPath: ObjectHash] = [:]
        byPath.reserveCapacity(entries.count)
        for entry in entries { byPath[entry.path] = entry.id }
        return ViewedMarks(byPath)
    }

    /// These marks with `edits` applied in their order (a later edit of a path wins).
    func applying(_ edits: [ViewedMarkEdit]) -> SortedMarks {
        let edits = Self.latestByPath(edits)
        var merged: [Entry] = []
        merged.reserveCapacity(entries.count + edits.count)
        entries.withUnsafeBufferPointer { entries in
            var kept = 0
            for edit in edits {
                var order = -1
                while kept < entries.count {
                    order = Self.compare(entries[kept].path, edit.path)
                    guard order < 0 else { break }
                    merged.append(entries[kept])
                    kept += 1
                }
                if kept < entries.count, order == 0 { kept += 1 }
                if let id = edit.id { merged.append(Entry(path: edit.path, id: id)) }
            }
            merged.append(contentsOf: entries[kept...])
        }
        var result = SortedMarks()
        result.entries = merged
        return result
    }

    /// Negative when `a` sorts first in byte order, zero when equal, positive when `b` does.
    @inline(__always)
    static func compare(_ a: RawPath, _ b: RawPath) -> Int { ByteOrder.compare(a.bytes, b.bytes) }

    /// `items` in byte order of their paths, only the last of several for one path kept.
    private static func latestByPath<Item: PathKeyed>(_ items: [Item]) -> [Item] {
        let inOrder = items.withUnsafeBufferPointer { items in
            items.indices.dropFirst().allSatisfy { compare(items[$0 - 1].path, items[$0].path) < 0 }
        }
        if inOrder { return items }
        let order = items.indices.sorted { left, right in
            let order = compare(items[left].path, items[right].path)
            return order != 0 ? order < 0 : left < right
        }
        var latest: [Item] = []
        latest.reserveCapacity(items.count)
        for (rank, index) in order.enumerated() {
            if rank + 1 < order.count, items[order[rank + 1]].path == items[index].path { continue }
            latest.append(items[index])
        }
        return latest
    }
}

/// What has a path to be sorted by.
protocol PathKeyed {
    var path: RawPath { get }
}

extension ViewedMarkEdit: PathKeyed {}

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

/// Paths in the marks file, quoted as git quotes them with `core.quotePath` false: a path
/// holding a control character, DEL, `"` or `\` is written in double quotes with C escapes
/// (`\t`, `\n`, `\"`, `\\`, `\ooo`); any other path, including non-ASCII bytes, as it is.
enum PathQuoting {
    /// The quoting (``CQuoting``, high bytes kept).
    static var quoting: CQuoting { CQuoting(quotePath: false) }

    /// `bytes` quoted when they need to be.
    static func quoted(_ bytes: [UInt8]) -> [UInt8] {
        quoting.quoted(bytes)
    }

    /// The path `field` stands for: unquoted when it starts with `"`; `nil` when the quoting
    /// is broken.
    static func unquoted(_ field: ArraySlice<UInt8>) -> [UInt8]? {
        field.first == UInt8(ascii: "\"") ? CUnquoting.unquoted(field) : Array(field)
    }
}
