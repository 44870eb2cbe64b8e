extension TreeWalk {
    /// The comparison of trees A and C from that of A and B (`base`) and that of B and C
    /// (`step`), both as ``TreeWalk`` lists them (in path order, without unmodified files),
    /// with no tree read: where `step` has no entry, C is B and `base` holds; where `base` has
    /// none, A is B and `step` holds; where both have one, A's side comes from `base` and C's
    /// from `step`, and the kind is decided again as the walk decides it.
    static func composed(base: [ChangeEntry], step: [ChangeEntry]) -> [ChangeEntry] {
        var result: [ChangeEntry] = []
        result.reserveCapacity(base.count + step.count)
        var i = 0, j = 0
        while i < base.count || j < step.count {
            let order: Int
            if i == base.count { order = 1 } else if j == step.count { order = -1 } else {
                let a = base[i].path, b = step[j].path
                order = a == b ? 0 : (a.lexicographicallyPrecedes(b) ? -1 : 1)
            }
            if order < 0 {
                result.append(base[i])
                i += 1
            } else if order > 0 {
                result.append(step[j])
                j += 1
            } else {
                if let entry = entry(old: base[i].old, new: step[j].new) { result.append(entry) }
                i += 1
                j += 1
            }
        }
        return result
    }

    /// The entry for one path with these sides, as ``TreeWalk`` makes it; `nil` when unchanged.
    private static func entry(old: FileSide?, new: FileSide?) -> ChangeEntry? {
        switch (old, new) {
        case (nil, nil): return nil
        case (nil, let new?): return ChangeEntry(kind: .added, old: nil, new: new)
        case (let old?, nil): return ChangeEntry(kind: .deleted, old: old, new: nil)
        case (let old?, let new?):
            if old.id == new.id && old.mode == new.mode { return nil }
            let kind: ChangeEntry.Kind = old.mode & 0o170000 != new.mode & 0o170000 ? .typeChanged : .modified
            return ChangeEntry(kind: kind, old: old, new: new)
        }
    }
}
