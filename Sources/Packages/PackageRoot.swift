/// A package root of the compared side: a directory holding one manifest or more.
public struct PackageRoot: Sendable, Equatable {
    /// Its directory from the top (empty for the top).
    public var path: [UInt8]
    /// Its name, from the first of its manifests (in ``PackageKind`` order) that gives one.
    public var name: String?
    /// The kinds of its manifests, in ``PackageKind`` order; empty for a top that is no
    /// package root but holds the files outside every package.
    public var kinds: [PackageKind]
    /// Its manifests' paths.
    public var manifests: [String]

    public init(path: [UInt8], name: String? = nil, kinds: [PackageKind] = [], manifests: [String] = []) {
        self.path = path
        self.name = name
        self.kinds = kinds
        self.manifests = manifests
    }

    /// The kind that names it: its first manifest's.
    public var kind: PackageKind? { kinds.first }

    /// Its path as shown: `.` for the top.
    public var displayPath: String { RepositoryPath.display(path) }
}

/// One dependency between two packages of the repository: `dependent` needs `dependency`.
public struct PackageEdge: Sendable, Hashable {
    /// The package whose manifest declares it (an index into ``PackageGraph/packages``).
    public var dependent: Int
    /// The package it names.
    public var dependency: Int
    /// The manifest declaring it.
    public var manifest: String
    /// Its line there, when known.
    public var line: Int?
    /// What declares it, in words: `[dependencies] path "../core"`, `devDependencies "@acme/ui": "workspace:*"`.
    public var declaration: String

    public init(dependent: Int, dependency: Int, manifest: String, line: Int?, declaration: String) {
        self.dependent = dependent
        self.dependency = dependency
        self.manifest = manifest
        self.line = line
        self.declaration = declaration
    }
}
