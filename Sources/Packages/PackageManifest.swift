/// What a manifest reader found in one manifest file.
public struct PackageManifest: Sendable {
    /// Its ecosystem.
    public var kind: PackageKind
    /// The manifest's path.
    public var file: String
    /// The directory holding it (empty for the top).
    public var directory: [UInt8]
    /// Whether it makes its directory a package root (a Cargo.toml with only `[workspace]`
    /// and `pnpm-workspace.yaml` do not).
    public var isPackage: Bool
    /// The package's name, when the manifest gives it as a literal.
    public var name: String?
    /// Its dependencies that may be packages of the repository.
    public var dependencies: [DeclaredDependency] = []
    /// Workspace member globs, relative to the manifest's directory (`packages/*`); a
    /// leading `!` excludes.
    public var workspaceMembers: [String] = []
    /// Whether it declares a workspace (npm `workspaces`, pnpm, Cargo `[workspace]`).
    public var isWorkspace = false
    /// Cargo `[workspace.dependencies]` with a path: name → path relative to the manifest.
    public var workspaceDependencies: [String: String] = [:]
    /// What was not understood.
    public var notes: [ManifestNote] = []

    public init(kind: PackageKind, file: String, directory: [UInt8], isPackage: Bool = true, name: String? = nil) {
        self.kind = kind
        self.file = file
        self.directory = directory
        self.isPackage = isPackage
        self.name = name
    }

    /// Reads `file` with the reader of its kind; a file too large, not UTF-8 or malformed
    /// gives a manifest with a note (and, where its kind makes a root anyway, still a root).
    public static func read(_ file: ManifestFile) -> PackageManifest? {
        guard let kind = PackageKind(fileName: file.name) else { return nil }
        let path = String(decoding: file.path, as: UTF8.self)
        var manifest = PackageManifest(kind: kind, file: path, directory: file.directory)
        let bytes: [UInt8]
        switch file.contents {
        case .tooLarge(let size):
            manifest.notes.append(ManifestNote(file: path, message: "not read: \(size) bytes, more than \(ManifestFile.largestSize)"))
            manifest.isPackage = kind != .cargo && !file.name.elementsEqual(PackageKind.pnpmWorkspaceName)
            return manifest
        case .bytes(let contents):
            bytes = contents
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            manifest.notes.append(ManifestNote(file: path, message: "not read: not UTF-8 text"))
            manifest.isPackage = kind != .cargo && !file.name.elementsEqual(PackageKind.pnpmWorkspaceName)
            return manifest
        }
        if file.name.elementsEqual(PackageKind.pnpmWorkspaceName) {
            PnpmWorkspaceReader.read(text, into: &manifest)
            return manifest
        }
        switch kind {
        case .swiftpm: SwiftManifestReader.read(text, into: &manifest)
        case .npm: NPMManifestReader.read(bytes, into: &manifest)
        case .cargo: CargoManifestReader.read(text, into: &manifest)
        case .go: GoModReader.read(text, into: &manifest)
        case .python: PythonManifestReader.read(text, into: &manifest)
        }
        return manifest
    }
}
