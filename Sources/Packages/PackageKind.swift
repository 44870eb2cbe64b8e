/// The ecosystems whose manifests make a package root.
public enum PackageKind: String, Sendable, CaseIterable, Comparable {
    /// SwiftPM: `Package.swift`.
    case swiftpm
    /// npm, pnpm and yarn: `package.json` (and `pnpm-workspace.yaml` for a pnpm workspace).
    case npm
    /// Cargo: `Cargo.toml` with a `[package]` table.
    case cargo
    /// Go modules: `go.mod`.
    case go
    /// Python: `pyproject.toml`.
    case python

    /// The manifest file name of the kind.
    public var manifestName: String {
        switch self {
        case .swiftpm: "Package.swift"
        case .npm: "package.json"
        case .cargo: "Cargo.toml"
        case .go: "go.mod"
        case .python: "pyproject.toml"
        }
    }

    /// The kind whose manifest, or companion file, is named `name`.
    public init?(fileName name: some Sequence<UInt8>) {
        let bytes = Array(name)
        if bytes == Self.pnpmWorkspaceName {
            self = .npm
            return
        }
        guard let kind = Self.allCases.first(where: { Array($0.manifestName.utf8) == bytes }) else { return nil }
        self = kind
    }

    /// `pnpm-workspace.yaml`: a pnpm workspace's member globs, beside its root `package.json`.
    public static let pnpmWorkspaceName = Array("pnpm-workspace.yaml".utf8)

    /// Every file name the manifest readers read, as bytes.
    public static let fileNames: [[UInt8]] = allCases.map { Array($0.manifestName.utf8) } + [pnpmWorkspaceName]

    /// The order of kinds when a directory holds several manifests: the first names the package.
    public static func < (left: PackageKind, right: PackageKind) -> Bool {
        allCases.firstIndex(of: left)! < allCases.firstIndex(of: right)!
    }
}
