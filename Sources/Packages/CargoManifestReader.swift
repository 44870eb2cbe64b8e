/// Reads a `Cargo.toml`: `[package] name`, `[workspace] members` and `exclude`,
/// `[workspace.dependencies]` with a path, and the `path =` and `workspace = true`
/// dependencies of `[dependencies]`, `[dev-dependencies]`, `[build-dependencies]` and their
/// `[target.<cfg>.…]` forms, as inline tables, dotted keys or tables of their own.
enum CargoManifestReader {
    static let sections: Set<String> = ["dependencies", "dev-dependencies", "build-dependencies"]

    static func read(_ text: String, into manifest: inout PackageManifest) {
        let document = TOMLSubset(text)
        for problem in document.problems {
            manifest.notes.append(ManifestNote(file: manifest.file, line: problem.line, message: "not understood: \(problem.message)"))
        }
        manifest.isPackage = document.hasTable("package")
        manifest.name = document.value(["name"], in: ["package"])?.string
        if document.hasTable("workspace") {
            manifest.isWorkspace = true
            let members = document.value(["members"], in: ["workspace"])
            let excluded = document.value(["exclude"], in: ["workspace"])
            manifest.workspaceMembers = strings(members) + strings(excluded).map { "!" + $0 }
        }
        for entry in document.entries {
            let path = entry.table + entry.key
            if path.count >= 3, path[0] == "workspace", path[1] == "dependencies" {
                if let dependency = pathOf(path.dropFirst(3), entry.value) { manifest.workspaceDependencies[path[2]] = dependency }
                continue
            }
            guard let found = dependencySection(path), let name = found.rest.first else { continue }
            let rest = found.rest
            let label = "[" + found.section.joined(separator: ".") + "]"
            if let relative = pathOf(rest.dropFirst(), entry.value) {
                manifest.dependencies.append(DeclaredDependency(target: .path(relative), section: label, line: entry.line))
            } else if isWorkspaceInherited(rest.dropFirst(), entry.value) {
                manifest.dependencies.append(DeclaredDependency(target: .workspace(name), section: label, line: entry.line))
            }
        }
    }

    /// The dependency table a key path starts with, and the rest (the dependency's name, then
    /// any field).
    static func dependencySection(_ path: [String]) -> (section: [String], rest: ArraySlice<String>)? {
        if let first = path.first, sections.contains(first) { return (Array(path.prefix(1)), path.dropFirst()) }
        if path.count > 2, path[0] == "target", sections.contains(path[2]) { return (Array(path.prefix(3)), path.dropFirst(3)) }
        return nil
    }

    /// The `path` a dependency's fields give: `{ path = "…" }`, or the key `path` itself.
    static func pathOf(_ fields: ArraySlice<String>, _ value: TOMLValue) -> String? {
        if fields == ["path"] { return value.string }
        if fields.isEmpty, case .table(let table) = value { return table["path"]?.string }
        return nil
    }

    static func isWorkspaceInherited(_ fields: ArraySlice<String>, _ value: TOMLValue) -> Bool {
        if fields == ["workspace"] { return value.isTrue }
        if fields.isEmpty, case .table(let table) = value { return table["workspace"]?.isTrue == true }
        return false
    }

    static func strings(_ value: TOMLValue?) -> [String] {
        guard case .array(let items)? = value else { return [] }
        return items.compactMap(\.string)
    }
}
