import TreeModel

/// Each changed file's new-side id, by path, for the browser's `v`: found by binary search
/// when the changes come in byte order of their paths (as git lists them), so that nothing
/// is built for the files before a mark is set; else by a table made at the first lookup.
/// Ids recorded later (live refresh) take precedence.
struct NewObjectsByPath {
    private let changes: [FileChange]
    private let objects: [ObjectHash?]
    private let isSorted: Bool
    private var table: [RawPath: ObjectHash?]?
    private var recorded: [RawPath: ObjectHash?] = [:]

    /// The ids `objects` of `changes`' new sides, in the same order.
    init(changes: [FileChange], objects: [ObjectHash?]) {
        self.changes = changes
        self.objects = objects
        isSorted = changes.count == objects.count && changes.indices.dropFirst().allSatisfy { changes[$0 - 1].path < changes[$0].path }
    }

    /// The new-side id of the file at `path`; `nil` when it has none or is unknown.
    mutating func object(at path: RawPath) -> ObjectHash? {
        if let object = recorded[path] { return object }
        if isSorted { return position(of: path).flatMap { objects[$0] } }
        if table == nil {
            var made: [RawPath: ObjectHash?] = [:]
            made.reserveCapacity(changes.count)
            for (change, object) in zip(changes, objects) { made[change.path] = object }
            table = made
        }
        return table?[path] ?? nil
    }

    /// The new-side id of the file at `path`, as ``object(at:)`` finds it, looking first at
    /// position `next` (a directory's files come one after the other); `next` becomes the
    /// position after the file's.
    mutating func object(at path: RawPath, next: inout Int) -> ObjectHash? {
        guard isSorted else { return object(at: path) }
        let found = next < changes.count && changes[next].path == path ? next : position(of: path)
        if let found { next = found + 1 }
        if !recorded.isEmpty, let object = recorded[path] { return object }
        return found.flatMap { objects[$0] }
    }

    /// Records `object` as the new-side id of the file at `path`.
    mutating func record(_ object: ObjectHash?, at path: RawPath) {
        recorded[path] = object
    }

    private func position(of path: RawPath) -> Int? {
        var low = 0, high = changes.count
        while low < high {
            let middle = (low + high) / 2
            if changes[middle].path == path { return middle }
            if changes[middle].path < path { low = middle + 1 } else { high = middle }
        }
        return nil
    }
}
