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
