import Annotations
import Foundation
import TreeModel

/// What ``Repository/annotations(of:kinds:owners:ownersFrom:config:cache:)`` found for a change set.
public struct ChangeAnnotations: Sendable {
    /// Each change's annotations, indexed like the change set's `changes`.
    public var files: FileAnnotations
    /// The CODEOWNERS file looked for (`nil` when owners were not asked for).
    public var codeOwners: CodeOwnersLookup?
    /// The side it was looked for on, and the file found there (`nil` when owners were not
    /// asked for).
    public var codeOwnersSource: CodeOwnersSource? = nil
    /// How long each step took, after the comparison's own phases.
    public var trace: [TraceMark]
}

extension Repository {
    /// Reads, as of the change set's new side (the new tree of a commit comparison, the
    /// index under `--staged`, else the working tree), whether each changed file is
    /// generated or vendored (`kinds`: gitattributes `linguist-generated` and
    /// `linguist-vendored`, else linguist's defaults), and who owns it (`owners`: the
    /// CODEOWNERS file GitHub would use, of the side `ownersFrom` names; by default the
    /// base revision's for a comparison of revisions, the compared side's own for the index
    /// and the working tree). See `Docs/Annotations.md`. With `cache`, which directories of
    /// a commit's tree hold a `.gitattributes` is kept in the result cache.
    public func annotations(of changeSet: ChangeSet, kinds: Bool, owners: Bool, ownersFrom: CodeOwnersSide? = nil,
                            config: RepositoryConfig? = nil, cache: Bool = true) throws -> ChangeAnnotations {
        var trace = Trace()
        let changes = changeSet.changes
        var flags: [FileAnnotations.Kinds] = []
        if kinds {
            var lookup = AttributeLookup(repository: self, side: changeSet.newSide, config: try config ?? readConfig())
            lookup.usesCache = cache
            lookup.composedFrom = changeSet.newTreeStep
            lookup.walkNotes = changeSet.newTreeNotes
            let (states, source) = try lookup.statesAndSource(of: changes.map(\.path.bytes), names: Self.linguistAttributes)
            trace.mark("attributes \(states.lazy.filter { $0 != nil }.count)\(source.note)")
            var classifier = LinguistClassifier()
            flags = changes.indices.map { index in
                let overrides = states[index].map { LinguistOverrides(generated: $0[0], vendored: $0[1]) } ?? LinguistOverrides()
                let classification = classifier.resolve(attributes: overrides, path: changes[index].path)
                var kinds: FileAnnotations.Kinds = []
                if classification.isGenerated { kinds.insert(.generated) }
                if classification.isVendored { kinds.insert(.vendored) }
                return kinds
            }
            trace.mark("classified \(changes.count)")
        }
        var lookup: CodeOwnersLookup?
        var source: CodeOwnersSource?
        var ownerLists: [[String]]?
        if owners {
            let (found, side) = try codeOwners(of: changeSet, side: ownersFrom)
            (lookup, source) = (found, side)
            if let codeOwners = found.codeOwners {
                ownerLists = try Parallel.map(count: changes.count, chunk: 256, workers: workers) { index in
                    codeOwners.owners(of: changes[index].path)
                }
            }
            trace.mark("owners of \(side.sideDescription)")
        }
        var path: String?
        if case .loaded(let found, _) = lookup { path = found }
        let files = FileAnnotations(count: changes.count, kinds: flags, owners: ownerLists, codeOwnersPath: path)
        return ChangeAnnotations(files: files, codeOwners: lookup, codeOwnersSource: source, trace: trace.marks)
    }

    /// The attributes that classify a file, in the order the overrides read them.
    static let linguistAttributes = ["linguist-generated", "linguist-vendored"]
}

/// Whether paths exist in the working tree, as git checks files outside a sparse checkout's
/// patterns: one `lstat` per path, skipping the paths of a directory already found missing.
struct PresenceProbe {
    let workdir: [UInt8]
    private var missingDirectory: [UInt8]?

    init(workdir: [UInt8]) { self.workdir = workdir }

    mutating func exists(_ path: [UInt8]) -> Bool {
        if let missingDirectory, path.starts(with: missingDirectory) { return false }
        if Self.lstatSucceeds(workdir + path) { return true }
        guard let slash = path.lastIndex(of: UInt8(ascii: "/")) else { return false }
        let directory = Array(path[...slash])
        if !Self.lstatSucceeds(workdir + directory) { missingDirectory = directory }
        return false
    }

    private static func lstatSucceeds(_ path: [UInt8]) -> Bool {
        var status = stat()
        return path.withCString { lstat($0, &status) } == 0
    }
}
