import TreeModel

extension Repository {
    /// The new side's object id of each change `wanted` names, from `sides` (the new side of
    /// each change, in the same order): the id the comparison holds, else a working-tree
    /// file's id computed as `git hash-object` would, on every worker.
    func newObjectIDs(of changes: [FileChange], sides: [FileSide?], wanted: NewObjectRequest) throws -> [ObjectHash?] {
        var ids = [ObjectHash?](repeating: nil, count: changes.count)
        var missing: [Int] = []
        for (index, change) in changes.enumerated() where wanted.includes(change.path) {
            guard let side = sides[index] else { continue }
            if !side.id.isZero {
                ids[index] = side.id.hash
            } else if side.inWorkingTree && !side.isSubmodule {
                missing.append(index)
            }
        }
        if missing.isEmpty { return ids }
        let location = location
        let computed = try Parallel.map(count: missing.count, workers: workers, context: { try BlobReader(location) }) { reader, k in
            try reader.workingTreeID(of: sides[missing[k]]!)
        }
        for (k, index) in missing.enumerated() { ids[index] = computed[k].hash }
        return ids
    }

    /// Sorts `changes` by path in byte order, and `newObjects` (when not empty) with them.
    static func sortByPath(_ changes: inout [FileChange], with newObjects: inout [ObjectHash?]) {
        guard !newObjects.isEmpty else {
            changes.sort { $0.path < $1.path }
            return
        }
        let order = changes.indices.sorted { changes[$0].path < changes[$1].path }
        changes = order.map { changes[$0] }
        newObjects = order.map { newObjects[$0] }
    }
}
