/// Reads a `Package.swift` as text, running nothing: the `name:` of `Package(` when it is a
/// string literal, and every `.package(path: "…")` (also `.package(name: "…", path: "…")`)
/// whose path is a plain string literal. A `.package(path:)` whose path is anything else, a
/// `Package(name:)` that is not a literal, and `#if` blocks (read as if every condition held)
/// are notes. Comments are skipped; `.package(url:)` and `.package(id:)` are not the repository's.
enum SwiftManifestReader {
    static func read(_ text: String, into manifest: inout PackageManifest) {
        let code = SwiftSourceText(text)
        if let lines = code.lines(containing: "#if"), let first = lines.first {
            manifest.notes.append(ManifestNote(file: manifest.file, line: first,
                                               message: "#if read as if every condition held"))
        }
        for call in code.calls(named: "Package") {
            guard let name = call.argument(labeled: "name") else { continue }
            if let literal = SwiftSourceText.stringLiteral(name) {
                manifest.name = literal
            } else {
                manifest.notes.append(ManifestNote(file: manifest.file, line: call.line,
                                                   message: "Package name is not a string literal: \(SwiftSourceText.shortened(name))"))
            }
            break
        }
        for call in code.calls(named: ".package") {
            guard let path = call.argument(labeled: "path") else { continue }
            if let literal = SwiftSourceText.stringLiteral(path) {
                manifest.dependencies.append(DeclaredDependency(target: .path(literal), section: ".package(path:)", line: call.line))
            } else {
                manifest.notes.append(ManifestNote(file: manifest.file, line: call.line,
                                                   message: ".package(path:) not understood: \(SwiftSourceText.shortened(path)) is not a string literal"))
            }
        }
    }
}
