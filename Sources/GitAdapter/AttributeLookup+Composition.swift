/// A tree one step from a tree whose `.gitattributes` files were found before (a branch
/// that grew by a commit) has the same files in the directories found then, except where
/// the step adds, deletes or changes one; only directories not found then are read.
extension AttributeLookup {
    /// The `.gitattributes` files of `tree` in the directories of `paths` (`needed`, as
    /// ``AttributeCoverage/directories(of:)`` gives them) and above them,
    /// composed from the files of `step`'s previous tree kept in `results` (its
    /// ``AttributeCoverage``) and `step`'s `.gitattributes` entries; the paths whose
    /// directory that coverage lacks are walked in `tree`. The top's first, then in byte
    /// order of their directories followed by `/` (the order a walk of paths in byte order
    /// finds them);
    /// with the number of paths walked. `nil` when no usable coverage is kept.
    func composedAttributeFiles(_ tree: ObjectID, along paths: [[UInt8]], in needed: [[UInt8]], from step: TreeStep,
                                results: ResultCache) throws -> (files: AttributeFiles, walkedPaths: Int)? {
        let key = CacheKey(.attributeCoverage, step.previous)
        let stored = withExtendedLifetime(results) { results.store.value(for: key).flatMap(AttributeCoverage.init(encoded:)) }
        guard let base = stored, base.coversItsFiles(), base.files.files.allSatisfy({ $0.blob != nil }) else { return nil }
        let uncoveredDirectories = Set(needed.filter { !AttributeCoverage.covers($0, in: base.directories) })
        let uncovered = uncoveredDirectories.isEmpty ? [] : paths.filter { uncoveredDirectories.contains(Array(RawPathParent.of($0))) }
        var files: [[UInt8]: SideReader.Blob] = [:]
        if !uncovered.isEmpty {
            for file in try walkTrees(tree, along: uncovered).files where !AttributeCoverage.covers(file.directory, in: base.directories) {
                files[file.directory] = file.blob
            }
        }
        let changes = step.attributeFileChanges
        for file in base.files.files where changes[file.directory] == nil {
            files[file.directory] = file.blob
        }
        for (directory, blob) in changes where AttributeCoverage.covers(directory, in: base.directories) {
            files[directory] = blob
        }
        let found = files.filter { AttributeCoverage.covers($0.key, in: needed) }
            .map { AttributeFiles.File(directory: $0.key, blob: $0.value) }
            .sorted { a, b in
                a.directory.isEmpty || b.directory.isEmpty ? a.directory.isEmpty && !b.directory.isEmpty
                    : AttributeCoverage.precedes(a.directory + [UInt8(ascii: "/")], b.directory + [UInt8(ascii: "/")])
            }
        return (AttributeFiles(files: found), uncovered.count)
    }
}
