/// A dependency a manifest declares on something that may be a package of the repository.
public struct DeclaredDependency: Sendable, Hashable {
    /// What the dependency names.
    public enum Target: Sendable, Hashable {
        /// A directory, relative to the manifest's directory (`../core`).
        case path(String)
        /// A package name, found among the workspace's packages (npm); `range` as written.
        case name(String, range: String)
        /// A Cargo dependency with `workspace = true`: the workspace's own declaration of `name`.
        case workspace(String)
    }

    /// What it names.
    public var target: Target
    /// Where it is declared, in words: `[dev-dependencies]`, `.package(path:)`, `replace`.
    public var section: String
    /// The manifest line (1-based), when known.
    public var line: Int?

    public init(target: Target, section: String, line: Int? = nil) {
        self.target = target
        self.section = section
        self.line = line
    }
}
