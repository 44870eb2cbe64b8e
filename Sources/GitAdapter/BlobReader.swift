internal import CLibGit2
import Foundation
import GitRules

/// Reads blob content for one worker thread, through its own repository handle.
///
/// Content comes from the object database when the side's id names a stored blob, else from
/// the working tree, converted the way `git add` would store it (clean filters, line endings).
final class BlobReader {
    let repository: Repository
    private let odb: OpaquePointer
    /// Contents already read (by rename scoring), by blob id, used instead of reading again.
    var cache: [ObjectID: [UInt8]] = [:]
    /// How working-tree files are converted, made when first needed.
    private var converter: WorkingTreeConverter?
    /// `diff.<driver>.binary` by driver (`nil` inside: not set).
    private var driverBinaries: [String: Bool?] = [:]
    /// The comparison's `diff` attributes decided without libgit2, when they could be.
    var diffRules: DiffAttributeRules?

    /// A reader on `repository`'s handle; with `readsIndex` false (a comparison of two
    /// trees), the handle is given an empty index, as git reads none there.
    init(_ repository: Repository, readsIndex: Bool = true) throws {
        self.repository = repository
        if readsIndex { try repository.adoptReadableIndex() } else { try repository.detachIndex() }
        var odb: OpaquePointer?
        try LibGit2.check(git_repository_odb(&odb, repository.handle))
        self.odb = odb!
    }

    deinit { git_odb_free(odb) }

    /// Opens a reader on a new handle of `location`'s repository.
    convenience init(_ location: RepositoryLocation, readsIndex: Bool = true) throws {
        try self.init(location.open(), readsIndex: readsIndex)
    }

    /// Whether the side's content is read from the object database.
    private func isStored(_ side: FileSide) -> Bool {
        guard !side.id.isZero else { return false }
        if !side.inWorkingTree { return true }
        var oid = side.id.oid
        return git_odb_exists(odb, &oid) == 1
    }

    /// The size of the side's content in bytes.
    func size(of side: FileSide) throws -> Int {
        if isStored(side) {
            var oid = side.id.oid
            var length = 0
            var type = GIT_OBJECT_ANY
            let code = git_odb_read_header(&length, &type, odb, &oid)
            guard code == 0 else { throw objectError(code, side) }
            return length
        }
        return try withContent(of: side) { $0.count }
    }

    /// Runs `body` with the side's content (valid only during the call).
    func withContent<T>(of side: FileSide, _ body: (UnsafeRawBufferPointer) throws -> T) throws -> T {
        if side.isSubmodule {
            let text = Array("Subproject commit \(side.id.hex)\n".utf8)
            return try text.withUnsafeBytes(body)
        }
        if !side.inWorkingTree, let bytes = cache[side.id] {
            return try bytes.withUnsafeBytes(body)
        }
        if isStored(side) {
            var oid = side.id.oid
            var blob: OpaquePointer?
            let code = git_blob_lookup(&blob, repository.handle, &oid)
            guard code == 0 else { throw objectError(code, side) }
            defer { git_blob_free(blob) }
            let size = Int(git_blob_rawsize(blob))
            return try body(UnsafeRawBufferPointer(start: git_blob_rawcontent(blob), count: size))
        }
        return try workingTreeContent(of: side).withUnsafeBytes(body)
    }

    /// Runs `body` with the side's blob object when its content is read from the object
    /// database and not already in ``cache``; `nil` (and `body` not run) otherwise.
    func withStoredBlob<T>(of side: FileSide, _ body: (OpaquePointer) throws -> T) throws -> T? {
        guard !side.isSubmodule, !side.inWorkingTree, !side.id.isZero, cache[side.id] == nil else { return nil }
        var oid = side.id.oid
        var blob: OpaquePointer?
        let code = git_blob_lookup(&blob, repository.handle, &oid)
        guard code == 0, let blob else { throw objectError(code, side) }
        defer { git_blob_free(blob) }
        return try body(blob)
    }

    /// The error for reading `side`'s object that failed with `code`.
    private func objectError(_ code: Int32, _ side: FileSide) -> AdapterError {
        LibGit2.objectError(code, id: side.id, isTree: false, path: side.path,
                            objectsDirectory: repository.objectsDirectory)
    }

    /// The working-tree file as git would store it (a symlink: its target), converted as
    /// ``WorkingTreeConverter`` converts it.
    func workingTreeContent(of side: FileSide) throws -> [UInt8] {
        guard let workdir = repository.workdir else { return [] }
        let full = Array(workdir.utf8) + side.path
        if side.isSymlink {
            return try WorkingTreeFile.target(of: full, shownAs: side.path)
        }
        if converter == nil { converter = WorkingTreeConverter(repository) }
        return try converter!.converted(side.path, full: full) {
            try WorkingTreeFile.content(of: full, shownAs: side.path)
        }
    }

    /// Whether the `diff` attribute of `path` decides binary or text, as git's
    /// `diff_filespec_is_binary` takes its driver: `true` for `-diff` (or `binary`), `false`
    /// for `diff`; for a named driver, its `diff.<driver>.binary` when set; `nil` otherwise
    /// (the content decides).
    func diffAttributeSaysBinary(_ path: [UInt8]) -> Bool? {
        if let diffRules { return diffRules.saysBinary(path) }
        var value: UnsafePointer<CChar>?
        let code = path.withCString { git_attr_get(&value, repository.handle, 0, $0, "diff") }
        guard code == 0 else { return nil }
        switch git_attr_value(value) {
        case GIT_ATTR_VALUE_FALSE: return true
        case GIT_ATTR_VALUE_TRUE: return false
        case GIT_ATTR_VALUE_STRING: return value.flatMap { driverBinary(String(cString: $0)) }
        default: return nil
        }
    }

    /// `diff.<driver>.binary`, when set, looked up once per driver.
    private func driverBinary(_ driver: String) -> Bool? {
        if let known = driverBinaries[driver] { return known }
        let key = "diff.\(driver).binary"
        let found = repository.configBools([key])[key]
        driverBinaries[driver] = .some(found)
        return found
    }

    /// The id git would give the working-tree file.
    func workingTreeID(of side: FileSide) throws -> ObjectID {
        let content = try workingTreeContent(of: side)
        var oid = git_oid()
        try content.withUnsafeBytes { bytes in
            try LibGit2.check(git_odb_hash(&oid, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, bytes.count, GIT_OBJECT_BLOB))
        }
        return ObjectID(oid)
    }
}

/// The repository as the rename detector's source of sizes and fingerprints, read in parallel.
final class RepositorySimilarityBackend: SimilarityBackend {
    let location: RepositoryLocation
    /// Whether any gitattributes file exists (see ``Repository/attributeFilesExist()``): then
    /// the `diff` attribute decides text or binary before the content does. Asked on the
    /// calling thread, only when content is about to be read.
    let attributes: () -> Bool
    /// Contents read for fingerprints that the caller asked to keep, by blob id.
    private(set) var kept: [ObjectID: [UInt8]] = [:]
    /// Whether contents may be kept at all (only when lines will be counted).
    let keepsContent: Bool

    /// Fingerprints made by earlier runs, by blob id; what this run makes is added to it.
    let results: ResultCache?
    /// Whether the workers' handles read the index (not for two trees: see ``BlobReader``).
    var readsIndex = true
    /// The `diff` attributes decided without libgit2 (``DiffAttributeRules``), made when first
    /// needed, after ``attributes``; `nil` inside when libgit2 is to be asked.
    var diffRules: () -> DiffAttributeRules? = { nil }

    init(location: RepositoryLocation, attributes: @escaping () -> Bool, keepsContent: Bool, results: ResultCache? = nil) {
        self.location = location
        self.attributes = attributes
        self.keepsContent = keepsContent
        self.results = results
    }

    func sizes(of sides: [FileSide]) throws -> [Int] {
        let readsIndex = readsIndex
        return try Parallel.map(count: sides.count, chunk: 64, workers: location.workers,
                                context: { try BlobReader(location, readsIndex: readsIndex) }) { reader, index in
            try reader.size(of: sides[index])
        }
    }

    func fingerprints(of sides: [FileSide], keepContent: Bool) throws -> [Fingerprint] {
        if sides.isEmpty { return [] }
        let attributes = self.attributes()
        let diffRules = attributes ? self.diffRules() : nil
        let location = location
        let keepContent = keepContent && keepsContent
        let cache = self.results
        let readsIndex = readsIndex
        let results = try Parallel.map(count: sides.count, chunk: 8, workers: location.workers, context: {
            let reader = try BlobReader(location, readsIndex: readsIndex)
            reader.diffRules = diffRules
            return reader
        }) { reader, index in
            let side = sides[index]
            let byAttribute = attributes ? reader.diffAttributeSaysBinary(side.path) : nil
            var key: CacheKey?
            if let cache, !side.inWorkingTree, !side.id.isZero {
                key = CacheKey.fingerprint(side.id, binaryByAttribute: byAttribute)
                if let print = cache.fingerprint(key!) { return Fingerprinted(print: print, key: key, found: true) }
            }
            return try reader.withContent(of: side) { bytes in
                let print = Fingerprint(bytes, binary: byAttribute ?? Similarity.isBinary(bytes))
                return Fingerprinted(print: print, content: keepContent && !side.inWorkingTree ? Array(bytes) : nil, key: key)
            }
        }
        for (side, result) in zip(sides, results) {
            if let bytes = result.content { kept[side.id] = bytes }
            if let key = result.key {
                if result.found { cache?.noteUsed(key) } else { cache?.add(result.print, for: key) }
            }
        }
        return results.map(\.print)
    }

    /// Keeps only the contents of `ids`.
    func keepOnly(_ ids: Set<ObjectID>) {
        kept = kept.filter { ids.contains($0.key) }
    }
}

/// A fingerprint as a worker made or found it.
private struct Fingerprinted {
    var print: Fingerprint
    /// The content read, when the caller keeps it.
    var content: [UInt8]?
    /// The cache key, when the side is a stored blob and there is a cache.
    var key: CacheKey?
    /// Whether it came from the cache.
    var found = false
}
