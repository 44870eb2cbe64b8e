/// The packages of the compared side and the dependencies between them, from their
/// manifests (see Docs/Packages.md): which package holds a path, and what depends on what.
public struct PackageGraph: Sendable {
    /// Every package root, sorted by path bytes; the top is always the first (with no kinds
    /// when it holds no manifest).
    public private(set) var packages: [PackageRoot]
    /// Every dependency found between them.
    public private(set) var edges: [PackageEdge] = []
    /// What the manifests' readers and the graph did not understand.
    public private(set) var notes: [ManifestNote] = []

    private var indexByPath: [DirectoryKey: Int] = [:]
    private var dependentsByPackage: [[Int]]

    /// Builds the graph from the manifests of one side.
    public init(manifests: [PackageManifest]) {
        var byDirectory: [DirectoryKey: [PackageManifest]] = [:]
        for manifest in manifests { byDirectory[DirectoryKey(manifest.directory), default: []].append(manifest) }
        var roots: [PackageRoot] = []
        for (key, found) in byDirectory {
            let packageManifests = found.filter(\.isPackage).sorted { $0.kind < $1.kind }
            guard !packageManifests.isEmpty else { continue }
            roots.append(PackageRoot(path: key.bytes, name: packageManifests.lazy.compactMap(\.name).first,
                                 kinds: packageManifests.map(\.kind), manifests: packageManifests.map(\.file)))
        }
        if !roots.contains(where: { $0.path.isEmpty }) { roots.append(PackageRoot(path: [])) }
        roots.sort { $0.path.lexicographicallyPrecedes($1.path) }
        packages = roots
        dependentsByPackage = Array(repeating: [], count: roots.count)
        for (index, package) in roots.enumerated() { indexByPath[DirectoryKey(package.path)] = index }
        notes = manifests.flatMap(\.notes)
        let resolver = DependencyResolver(manifests: manifests, graph: self)
        for manifest in manifests where manifest.isPackage {
            guard let dependent = indexByPath[DirectoryKey(manifest.directory)] else { continue }
            for dependency in manifest.dependencies {
                switch resolver.resolve(dependency, of: manifest) {
                case .package(let target, let declaration):
                    guard target != dependent else { continue }
                    let edge = PackageEdge(dependent: dependent, dependency: target, manifest: manifest.file,
                                           line: dependency.line, declaration: declaration)
                    if !edges.contains(edge) { edges.append(edge) }
                case .note(let message):
                    notes.append(ManifestNote(file: manifest.file, line: dependency.line, message: message))
                case .external:
                    break
                }
            }
        }
        for (number, edge) in edges.enumerated() { dependentsByPackage[edge.dependency].append(number) }
    }

    /// The package at exactly `directory`, when it is a root.
    public func package(at directory: [UInt8]) -> Int? { indexByPath[DirectoryKey(directory)] }

    /// The edges whose dependency is `package`: its direct dependents.
    public func dependentEdges(of package: Int) -> [PackageEdge] { dependentsByPackage[package].map { edges[$0] } }

    /// The nearest package root enclosing `path` (a file's path): the top when no other does.
    public func package(containing path: some Collection<UInt8>) -> Int {
        var memo = ContainingPackages()
        return memo.package(containing: Array(path), in: self)
    }
}

/// A directory's path as a dictionary key, hashed as a whole.
struct DirectoryKey: Hashable, Sendable {
    let bytes: [UInt8]

    init(_ bytes: some Collection<UInt8>) { self.bytes = Array(bytes) }

    func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}

/// Finds the package of many files, remembering each directory's.
public struct ContainingPackages: Sendable {
    private var byDirectory: [DirectoryKey: Int] = [:]
    /// The last directory asked for and its package: files of one directory come together.
    private var last: (directory: [UInt8], package: Int)?

    public init() {}

    /// The nearest package root enclosing the file `path`, the top when no other does.
    public mutating func package(containing path: [UInt8], in graph: PackageGraph) -> Int {
        guard let slash = path.lastIndex(of: UInt8(ascii: "/")) else { return 0 }
        if let last, last.directory.count == slash, last.directory.elementsEqual(path[..<slash]) { return last.package }
        let found = package(ofDirectory: path[..<slash], in: graph)
        last = (Array(path[..<slash]), found)
        return found
    }

    private mutating func package(ofDirectory directory: ArraySlice<UInt8>, in graph: PackageGraph) -> Int {
        let key = DirectoryKey(directory)
        if let known = byDirectory[key] { return known }
        let found: Int
        if let root = graph.package(at: key.bytes) {
            found = root
        } else if let slash = directory.lastIndex(of: UInt8(ascii: "/")) {
            found = package(ofDirectory: directory[..<slash], in: graph)
        } else {
            found = 0
        }
        byDirectory[key] = found
        return found
    }
}
