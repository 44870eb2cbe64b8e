/// Reads a `pnpm-workspace.yaml`'s `packages:` list when it is simple: a block list of
/// plain or quoted globs (`- 'packages/*'`), or a flow list (`packages: [a, b]`). Anything
/// else under `packages:` is a note. Other keys (`catalog:`, …) are left alone.
enum PnpmWorkspaceReader {
    static func read(_ text: String, into manifest: inout PackageManifest) {
        manifest.isPackage = false
        manifest.isWorkspace = true
        var inPackages = false
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(raw).trimmingSpacesRight
            let trimmed = line.trimmingSpaces
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let indented = line.first == " " || line.first == "\t"
            if !indented && !trimmed.hasPrefix("-") {
                inPackages = false
                guard trimmed.hasPrefix("packages:") else { continue }
                let rest = String(trimmed.dropFirst("packages:".count)).trimmingSpaces
                if rest.isEmpty { inPackages = true; continue }
                if rest.hasPrefix("["), rest.hasSuffix("]") {
                    let items = rest.dropFirst().dropLast().split(separator: ",").map { unquoted(String($0).trimmingSpaces) }
                    if items.allSatisfy({ $0 != nil }) { manifest.workspaceMembers += items.compactMap { $0 }; continue }
                }
                manifest.notes.append(ManifestNote(file: manifest.file, line: offset + 1, message: "packages not understood"))
                continue
            }
            guard inPackages else { continue }
            if trimmed.hasPrefix("- "), let glob = unquoted(String(trimmed.dropFirst(2)).trimmingSpaces) {
                manifest.workspaceMembers.append(glob)
            } else {
                manifest.notes.append(ManifestNote(file: manifest.file, line: offset + 1, message: "packages entry not understood"))
            }
        }
    }

    /// A plain or quoted scalar's text, without a trailing comment; `nil` for anything fancier.
    static func unquoted(_ value: String) -> String? {
        if let quote = value.first, quote == "'" || quote == "\"" {
            guard let end = value.dropFirst().firstIndex(of: quote) else { return nil }
            let rest = String(value[value.index(after: end)...]).trimmingSpaces
            guard rest.isEmpty || rest.hasPrefix("#") else { return nil }
            return String(value[value.index(after: value.startIndex)..<end])
        }
        var plain = value
        if let comment = plain.range(of: " #") { plain = String(plain[..<comment.lowerBound]).trimmingSpaces }
        if plain.isEmpty || "[]{}&*|>!%@`".contains(plain.first!) { return nil }
        return plain
    }
}

extension String {
    var trimmingSpacesRight: String {
        var scalars = Array(unicodeScalars)
        while let last = scalars.last, last == " " || last == "\t" || last == "\r" { scalars.removeLast() }
        return String(String.UnicodeScalarView(scalars))
    }
}
