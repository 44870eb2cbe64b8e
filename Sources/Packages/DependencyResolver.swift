/// Decides which package of the repository a declared dependency names: a path's package,
/// a workspace package by name (npm), a Cargo workspace's own declaration.
struct DependencyResolver {
    enum Resolution {
        /// The package at this index, declared as described.
        case package(Int, declaration: String)
        /// Not followed, for this reason.
        case note(String)
        /// Not one of the repository's packages (a registry's).
        case external
    }

    /// An npm workspace: its root's directory, member globs, and members by name.
    private struct Workspace {
        var directory: [UInt8]
        var members: MemberGlobs
        var membersByName: [String: Int] = [:]
    }

    private let graph: PackageGraph
    private var npmWorkspaces: [Workspace] = []
    private var cargoWorkspaces: [DirectoryKey: PackageManifest] = [:]
    private var npmByDirectory: [DirectoryKey: PackageManifest] = [:]

    init(manifests: [PackageManifest], graph: PackageGraph) {
        self.graph = graph
        var globs: [DirectoryKey: [String]] = [:]
        for manifest in manifests {
            switch manifest.kind {
            case .npm:
                if manifest.isPackage { npmByDirectory[DirectoryKey(manifest.directory)] = manifest }
                if manifest.isWorkspace { globs[DirectoryKey(manifest.directory), default: []] += manifest.workspaceMembers }
            case .cargo where manifest.isWorkspace:
                cargoWorkspaces[DirectoryKey(manifest.directory)] = manifest
            default: break
            }
        }
        for (key, patterns) in globs.sorted(by: { $0.key.bytes.lexicographicallyPrecedes($1.key.bytes) }) {
            var workspace = Workspace(directory: key.bytes, members: MemberGlobs(patterns))
            for (directory, manifest) in npmByDirectory {
                guard let relative = RepositoryPath.relative(directory.bytes, to: key.bytes), !relative.isEmpty,
                      workspace.members.contains(relative), let name = manifest.name,
                      let index = graph.package(at: directory.bytes) else { continue }
                workspace.membersByName[name] = index
            }
            npmWorkspaces.append(workspace)
        }
    }

    func resolve(_ dependency: DeclaredDependency, of manifest: PackageManifest) -> Resolution {
        switch dependency.target {
        case .path(let relative):
            return resolvePath(relative, from: manifest.directory, declaration: "\(dependency.section) path \"\(relative)\"")
        case .workspace(let name):
            guard let workspace = cargoWorkspace(of: manifest.directory) else {
                return .note("\(name).workspace = true: no enclosing [workspace]")
            }
            guard let relative = workspace.workspaceDependencies[name] else { return .external }
            return resolvePath(relative, from: workspace.directory,
                               declaration: "\(dependency.section) \(name).workspace = true, \(workspace.file) path \"\(relative)\"")
        case .name(let name, let range):
            let declaration = "\(dependency.section) \"\(name)\": \"\(range)\""
            if let workspace = npmWorkspace(of: manifest.directory), let target = workspace.membersByName[name] {
                return .package(target, declaration: declaration)
            }
            return range.hasPrefix("workspace:") ? .note("\(declaration): no workspace package is named \(name)") : .external
        }
    }

    private func resolvePath(_ relative: String, from directory: [UInt8], declaration: String) -> Resolution {
        guard let target = RepositoryPath.resolve(relative, from: directory) else {
            return .note("\(declaration): not followed, it leaves the repository or is absolute")
        }
        guard let index = graph.package(at: target) else {
            return .note("\(declaration): no package root at \(RepositoryPath.display(target))")
        }
        return .package(index, declaration: declaration)
    }

    /// The nearest Cargo `[workspace]` at or above `directory`.
    private func cargoWorkspace(of directory: [UInt8]) -> PackageManifest? {
        var current = directory[...]
        while true {
            if let found = cargoWorkspaces[DirectoryKey(current)] { return found }
            guard !current.isEmpty else { return nil }
            current = current.lastIndex(of: UInt8(ascii: "/")).map { current[..<$0] } ?? current[current.startIndex..<current.startIndex]
        }
    }

    /// The nearest npm workspace whose root is `directory` or that has it as a member.
    private func npmWorkspace(of directory: [UInt8]) -> Workspace? {
        npmWorkspaces.filter { workspace in
            guard let relative = RepositoryPath.relative(directory, to: workspace.directory) else { return false }
            return relative.isEmpty || workspace.members.contains(relative)
        }.max { $0.directory.count < $1.directory.count }
    }
}
