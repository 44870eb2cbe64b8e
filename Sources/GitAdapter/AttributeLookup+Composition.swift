import Annotations

/// A tree one step from a tree whose `.gitattributes` files were found before (a branch
/// that grew by a commit) has the same files in the directories found then, except where
/// the step adds, deletes or changes one; only directories not found then are read.
extension AttributeLookup {
    /// The `.gitattributes` files of `tree` in the directories of `paths` and above them,
    /// composed from the files of `step`'s previous tree kept in `results` (its
    /// ``AttributeCoverage``) and `step`'s `.gitattributes` entries; the paths whose
    /// directory that coverage lacks are walked in `tree`. In the order a walk finds them,
    /// each once; with the number of paths walked. `nil` when no usable coverage is kept.
    func composedAttributeFiles(_ tree: ObjectID, along paths: [[UInt8]], from step: TreeStep,
                                results: ResultCache) throws -> (files: AttributeFiles, walkedPaths: Int)? {
        let key = CacheKey(.attributeCoverage, step.previous)
        let stored = withExtendedLifetime(results) { results.store.value(for: key).flatMap(AttributeCoverage.init(encoded:)) }
        guard let base = stored else { return nil }
        let covered = base.covered
        guard base.files.files.allSatisfy({ covered.contains($0.directory) && $0.blob != nil }) else { return nil }
        var baseFiles: [[UInt8]: SideReader.Blob] = [:]
        for file in base.files.files { baseFiles[file.directory] = file.blob }
        let changes = step.attributeFileChanges
        var uncovered: [[UInt8]] = []
        var previous: (directory: ArraySlice<UInt8>, covered: Bool)?
        for path in paths {
            let directory = RawPathParent.of(path)
            if previous == nil || !previous!.directory.elementsEqual(directory) {
                previous = (directory, covered.contains(Array(directory)))
            }
            if !previous!.covered { uncovered.append(path) }
        }
        var walked: [[UInt8]: SideReader.Blob] = [:]
        if !uncovered.isEmpty {
            for file in try walkTrees(tree, along: uncovered).files { walked[file.directory] = file.blob }
        }
        func file(in directory: [UInt8]) -> SideReader.Blob? {
            guard covered.contains(directory) else { return walked[directory] }
            if let changed = changes[directory] { return changed }
            return baseFiles[directory]
        }
        var found = AttributeFiles()
        if let top = file(in: []) { found.files.append(.init(directory: [], blob: top)) }
        var walk = DirectoryWalk(root: ())
        for path in paths {
            walk.value(of: path, upTo: RawPathParent.of(path).endIndex) { _, path, piece in
                let directory = Array(path[..<piece.upperBound])
                if let blob = file(in: directory) { found.files.append(.init(directory: directory, blob: blob)) }
            }
        }
        return (found.unique, uncovered.count)
    }
}
