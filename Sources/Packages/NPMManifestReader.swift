import Foundation

/// Reads a `package.json`: `name`, `workspaces` (an array, or `{"packages": […]}` as yarn
/// writes it) and the names and ranges of `dependencies`, `devDependencies`,
/// `peerDependencies` and `optionalDependencies`. Which of them are the repository's own
/// packages is decided by ``PackageGraph`` (by name within a workspace, `workspace:` ranges,
/// `file:` and `link:` paths). A file that is not a JSON object is a note; it is still a root.
enum NPMManifestReader {
    static let sections = ["dependencies", "devDependencies", "peerDependencies", "optionalDependencies"]

    static func read(_ bytes: [UInt8], into manifest: inout PackageManifest) {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        } catch {
            manifest.notes.append(ManifestNote(file: manifest.file, message: "not read: not valid JSON"))
            return
        }
        guard let package = object as? [String: Any] else {
            manifest.notes.append(ManifestNote(file: manifest.file, message: "not read: not a JSON object"))
            return
        }
        let lines = LineFinder(bytes)
        manifest.name = package["name"] as? String
        if let workspaces = package["workspaces"] {
            let globs = (workspaces as? [Any]) ?? ((workspaces as? [String: Any])?["packages"] as? [Any])
            if let globs {
                manifest.isWorkspace = true
                manifest.workspaceMembers = globs.compactMap { $0 as? String }
            } else {
                manifest.notes.append(ManifestNote(file: manifest.file, line: lines.line(of: "workspaces"),
                                                   message: "workspaces not understood: neither an array nor {\"packages\": […]}"))
            }
        }
        for section in sections {
            guard let entries = package[section] else { continue }
            guard let table = entries as? [String: Any] else {
                manifest.notes.append(ManifestNote(file: manifest.file, line: lines.line(of: section),
                                                   message: "\(section) is not an object"))
                continue
            }
            for name in table.keys.sorted() {
                let range = table[name] as? String ?? ""
                let line = lines.line(of: name, after: section)
                if let path = localPath(range) {
                    manifest.dependencies.append(DeclaredDependency(target: .path(path), section: section, line: line))
                } else {
                    manifest.dependencies.append(DeclaredDependency(target: .name(name, range: range), section: section, line: line))
                }
            }
        }
    }

    /// The directory a `file:` or `link:` range names (not a tarball).
    static func localPath(_ range: String) -> String? {
        for prefix in ["file:", "link:"] where range.hasPrefix(prefix) {
            let path = String(range.dropFirst(prefix.count))
            return path.hasSuffix(".tgz") || path.hasSuffix(".tar.gz") ? nil : path
        }
        return nil
    }
}

/// Finds the line of a JSON key by its quoted text: good enough to point a person at it.
struct LineFinder {
    private let text: [UInt8]

    init(_ text: [UInt8]) { self.text = text }

    /// The line (1-based) of the first `"key"` after the first `"after"` (or from the start).
    func line(of key: String, after: String? = nil) -> Int? {
        var start = 0
        if let after, let found = offset(of: Array("\"\(after)\"".utf8), from: 0) { start = found }
        guard let found = offset(of: Array("\"\(key)\"".utf8), from: start) else { return nil }
        return text[..<found].reduce(1) { $0 + ($1 == 10 ? 1 : 0) }
    }

    private func offset(of needle: [UInt8], from start: Int) -> Int? {
        guard text.count >= needle.count, start <= text.count - needle.count else { return nil }
        for index in start...(text.count - needle.count) where text[index] == needle[0] {
            if text[index..<(index + needle.count)].elementsEqual(needle) { return index }
        }
        return nil
    }
}
