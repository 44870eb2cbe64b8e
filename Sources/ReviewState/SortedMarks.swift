import GitRules
import TreeModel

/// Marks as the file lists them: one (path, mark) pair per path, in byte order of the paths.
/// The writer's working form: edits in byte order are merged in one pass, and the file is
/// written straight from it, with nothing hashed and nothing sorted again.
struct SortedMarks: Equatable, Sendable {
    /// One mark.
    struct Entry: Equatable, Sendable, PathKeyed {
        var path: RawPath
        var mark: ViewedMark
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
        entries = marks.marks.map { Entry(path: $0.key, mark: $0.value) }
        entries.sort { Self.compare($0.path, $1.path) < 0 }
    }

    /// The marks as a table by path.
    var marks: ViewedMarks {
        var byPath: [RawPath: ViewedMark] = [:]
        byPath.reserveCapacity(entries.count)
        for entry in entries { byPath[entry.path] = entry.mark }
        return ViewedMarks(marks: byPath)
    }

    /// These marks with `edits` applied in their order (a later edit of a path wins); the
    /// marks they set get the next sequence number (one more than the largest here).
    func applying(_ edits: [ViewedMarkEdit]) -> SortedMarks {
        let edits = Self.latestByPath(edits)
        let sequence = (entries.lazy.map(\.mark.sequence).max() ?? 0) + 1
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
                if var mark = edit.mark {
                    mark.sequence = sequence
                    merged.append(Entry(path: edit.path, mark: mark))
                }
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
                count += Self.fieldsCount(entry.mark) + 2 + entry.path.bytes.withUnsafeBufferPointer(PathQuoting.quoting.quotedCount)
            }
        }
        return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var end = buffer.baseAddress!
            header.withUnsafeBufferPointer { end.initialize(from: $0.baseAddress!, count: $0.count) }
            end += header.count
            entries.withUnsafeBufferPointer { entries in
                for entry in entries {
                    end = Self.writeFields(entry.mark, to: end)
                    end.initialize(to: UInt8(ascii: "\t"))
                    end = entry.path.bytes.withUnsafeBufferPointer { PathQuoting.quoting.writeQuoted($0, to: end + 1) }
                    end.initialize(to: UInt8(ascii: "\n"))
                    end += 1
                }
            }
            precondition(end == buffer.baseAddress! + count, "the marks file's bytes were counted wrongly")
            initialized = count
        }
    }

    /// The bytes of a mark's fields before the tab: four ids (or `-`) and the sequence.
    private static func fieldsCount(_ mark: ViewedMark) -> Int {
        let ids = mark.comparison.map { 120 + ($0.base == nil ? 1 : 40) } ?? 43
        return ids + 4 + decimalCount(mark.sequence)
    }

    private static func writeFields(_ mark: ViewedMark, to start: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        var end = start
        func write(_ id: ObjectHash?) {
            if let id {
                id.writeHex(to: end)
                end += 40
            } else {
                end.initialize(to: UInt8(ascii: "-"))
                end += 1
            }
            end.initialize(to: UInt8(ascii: " "))
            end += 1
        }
        write(mark.newObject)
        write(mark.comparison == nil ? nil : mark.oldObject ?? ViewedMarks.deletion)
        write(mark.comparison?.head)
        write(mark.comparison?.base)
        let digits = decimalCount(mark.sequence)
        var value = mark.sequence
        for index in stride(from: digits - 1, through: 0, by: -1) {
            end[index] = UInt8(ascii: "0") + UInt8(value % 10)
            value /= 10
        }
        return end + digits
    }

    private static func decimalCount(_ value: Int) -> Int {
        var count = 1
        var rest = value / 10
        while rest > 0 {
            count += 1
            rest /= 10
        }
        return count
    }

    /// The marks `bytes` hold, one entry per line in the file's order (a path may repeat):
    /// a version 2 file, or a version 1 file (new ids only).
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
        let versionText = String(decoding: header.dropFirst(headerPrefix.count), as: UTF8.self)
        guard let version = Int(versionText), versionText == "\(version)", version >= 1 else {
            throw .damaged(line: 1, reason: "an unknown version")
        }
        if version > ViewedMarks.formatVersion { throw .newerVersion(version) }
        var entries: [Entry] = []
        var start = headerEnd + 1
        var line = 2
        while start < bytes.count {
            var end = start
            while bytes[end] != UInt8(ascii: "\n") { end += 1 }
            let tab = bytes[start..<end].firstIndex(of: UInt8(ascii: "\t")) ?? end
            let mark = version == 1 ? Self.versionOneMark(bytes[start..<tab]) : Self.mark(bytes[start..<tab])
            guard let mark, end - tab > 1 else {
                throw .damaged(line: line, reason: version == 1 ? "not '<object id> TAB <path>'"
                    : "not '<new id> <old id> <head> <base> <sequence> TAB <path>'")
            }
            guard let path = Self.path(bytes[(tab + 1)..<end]) else { throw .damaged(line: line, reason: "a path quoted wrongly") }
            entries.append(Entry(path: RawPath(bytes: path), mark: mark))
            start = end + 1
            line += 1
        }
        return entries
    }

    /// A version 1 line's mark: the new id alone.
    private static func versionOneMark(_ fields: ArraySlice<UInt8>) -> ViewedMark? {
        guard fields.count == 40, let id = ObjectHash(hexDigits: fields) else { return nil }
        return ViewedMark(newObject: id)
    }

    /// A version 2 line's mark; `nil` when its fields are wrong.
    private static func mark(_ fields: ArraySlice<UInt8>) -> ViewedMark? {
        let parts = fields.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 5, parts[4].count <= 18, !parts[4].isEmpty,
              parts[4].allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              parts[0].count == 40, let new = ObjectHash(hexDigits: parts[0]) else { return nil }
        let sequence = parts[4].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        func id(_ field: ArraySlice<UInt8>) -> ObjectHash?? {
            if field.count == 1 && field.first == UInt8(ascii: "-") { return .some(nil) }
            guard field.count == 40, let id = ObjectHash(hexDigits: field) else { return nil }
            return id
        }
        guard let old = id(parts[1]), let head = id(parts[2]), let base = id(parts[3]) else { return nil }
        guard let head else {
            guard old == nil, base == nil else { return nil }
            return ViewedMark(newObject: new, sequence: sequence)
        }
        guard let old else { return nil }
        return ViewedMark(newObject: new, oldObject: old, comparison: ReviewedComparison(head: head, base: base), sequence: sequence)
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
