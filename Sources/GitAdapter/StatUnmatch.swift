extension Repository {
    /// git's `diffcore_skip_stat_unmatch` on libgit2's entries for a comparison with the
    /// working tree: libgit2 calls a file modified when its stat data (its size, above all)
    /// differs from the index entry's, but git then reads the file, converts it to the form
    /// it stores (``WorkingTreeConverter``: clean filter, encoding, line endings, `$Id$`) and
    /// drops the pair when that content is the old side's blob. So a file touched, or
    /// rewritten with CRLF endings that `text=auto` takes away, is not changed. The id of
    /// every modified file that stays is the converted content's. A file libgit2 gave an id
    /// is read again only when its conversion is one libgit2 does not make (a clean filter,
    /// an encoding).
    ///
    /// `includeUnmodified` keeps the dropped pairs as unmodified (copy sources). Where no
    /// attributes file exists and `core.autocrlf` is false, git converts nothing: a size
    /// that differs is a change, and libgit2 itself hashed the files whose size is the same.
    func droppingStatOnlyChanges(_ entries: [ChangeEntry], includeUnmodified: Bool,
                                 config: RepositoryConfig) throws -> [ChangeEntry] {
        guard entries.contains(where: { $0.kind == .modified && $0.new?.inWorkingTree == true }),
              WorkingTreeConverter.convertsAnything(in: self, attributes: { attributeFilesExist(config: config) }) else {
            return entries
        }
        var converter: WorkingTreeConverter?
        let checked = entries.indices.filter { index in
            let entry = entries[index]
            guard entry.kind == .modified, let old = entry.old, let new = entry.new, new.inWorkingTree else { return false }
            guard old.mode == new.mode && (new.isRegularFile || new.isSymlink) else { return false }
            if new.id.isZero || new.isSymlink { return true }
            // An id libgit2 gave: the index entry's (stat data clean, as git takes it too) or
            // one it hashed through its own filters, which know line endings and `$Id$` only.
            if converter == nil { converter = WorkingTreeConverter(self) }
            let rules = converter!.rules(for: new.path)
            return rules.filter != nil || rules.encoding != nil
        }
        if checked.isEmpty { return entries }
        let location = location
        let ids = try Parallel.map(count: checked.count, chunk: 32, workers: workers, context: { try BlobReader(location) }) { reader, k in
            try reader.workingTreeID(of: entries[checked[k]].new!)
        }
        var result = entries
        var dropped = Set<Int>()
        for (k, index) in checked.enumerated() {
            result[index].new!.id = ids[k]
            guard ids[k] == result[index].old!.id else { continue }
            if includeUnmodified {
                result[index] = ChangeEntry(kind: .unmodified, old: result[index].old, new: result[index].new)
            } else {
                dropped.insert(index)
            }
        }
        if dropped.isEmpty { return result }
        return result.indices.compactMap { dropped.contains($0) ? nil : result[$0] }
    }
}
