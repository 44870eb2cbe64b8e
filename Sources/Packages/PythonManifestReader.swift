/// Reads a `pyproject.toml`: the name from `[project]` or `[tool.poetry]`; path dependencies
/// of Poetry (`[tool.poetry.dependencies]`, `…dev-dependencies`, `[tool.poetry.group.<g>.dependencies]`)
/// and uv (`[tool.uv.sources]`), given as `{ path = "…" }`; uv's `[tool.uv.workspace] members`.
/// PEP 508 `name @ file:…` strings are not read.
enum PythonManifestReader {
    static func read(_ text: String, into manifest: inout PackageManifest) {
        let document = TOMLSubset(text)
        for problem in document.problems {
            manifest.notes.append(ManifestNote(file: manifest.file, line: problem.line, message: "not understood: \(problem.message)"))
        }
        manifest.name = document.value(["name"], in: ["project"])?.string
            ?? document.value(["name"], in: ["tool", "poetry"])?.string
        if let members = document.value(["members"], in: ["tool", "uv", "workspace"]) {
            manifest.isWorkspace = true
            manifest.workspaceMembers = CargoManifestReader.strings(members)
        }
        for entry in document.entries {
            let path = entry.table + entry.key
            guard let found = section(path), !found.rest.isEmpty else { continue }
            if let relative = CargoManifestReader.pathOf(found.rest.dropFirst(), entry.value) {
                manifest.dependencies.append(DeclaredDependency(target: .path(relative), section: found.label, line: entry.line))
            }
        }
    }

    static func section(_ path: [String]) -> (label: String, rest: ArraySlice<String>)? {
        guard path.count > 2, path[0] == "tool" else { return nil }
        if path[1] == "poetry", path[2] == "dependencies" || path[2] == "dev-dependencies" {
            return ("[tool.poetry.\(path[2])]", path.dropFirst(3))
        }
        if path[1] == "poetry", path.count > 4, path[2] == "group", path[4] == "dependencies" {
            return ("[tool.poetry.group.\(path[3]).dependencies]", path.dropFirst(5))
        }
        if path[1] == "uv", path[2] == "sources" { return ("[tool.uv.sources]", path.dropFirst(3)) }
        return nil
    }
}
