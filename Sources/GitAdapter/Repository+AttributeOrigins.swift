import Annotations
import Foundation
import TreeModel

extension Repository {
    /// For each of the attributes `names`, the state `path` has as of `changeSet`'s new
    /// side (as ``annotations(of:kinds:owners:ownersFrom:config:cache:)`` reads it, and `git
    /// check-attr` with that side) and the line that gave it; `nil` for an attribute that is
    /// unspecified. Files are searched as git's `attr.c` fills attributes: `info/attributes`,
    /// then the `.gitattributes` of the path's directory and of each one above it, then the
    /// user's file; in each, the last matching line first, a macro (`[attr]` in a top file,
    /// or `binary`) counting for the attributes it gives.
    public func attributeOrigins(of path: RawPath, in changeSet: ChangeSet, names: [String],
                                 config: RepositoryConfig? = nil) throws -> [AttributeOrigin?] {
        let side = changeSet.newSide
        let lookup = AttributeLookup(repository: self, side: side, config: try config ?? readConfig())
        guard let states = try lookup.states(of: [path.bytes], names: names).first ?? nil else { return names.map { _ in nil } }
        let files = try attributesFilesInOrder(along: path.bytes, lookup: lookup)
        let macros = Self.macros(in: files.filter(\.isTop))
        return zip(names, states).map { name, state in
            guard state != .unspecified else { return nil }
            for file in files {
                for line in file.lines.reversed() where line.matches(file: path.bytes, in: file.directory, caseFold: false) {
                    for given in line.attributes.reversed() {
                        if given.name == name {
                            return AttributeOrigin(attribute: name, state: state, file: file.name, line: line.number,
                                                   pattern: String(decoding: line.pattern, as: UTF8.self))
                        }
                        if given.state == .set, macros[given.name]?.contains(where: { $0.name == name }) == true {
                            return AttributeOrigin(attribute: name, state: state, file: file.name, line: line.number,
                                                   pattern: String(decoding: line.pattern, as: UTF8.self), macro: given.name)
                        }
                    }
                }
            }
            return AttributeOrigin(attribute: name, state: state, file: nil)
        }
    }

    /// An attributes file read for an origin: its name as a report gives it, its directory
    /// (patterns are anchored there), whether its macros count, and its lines.
    private struct OriginFile {
        var name: String
        var directory: [UInt8]
        var isTop: Bool
        var lines: [AttributesFileLine]
    }

    /// The files that can give `path` attributes, highest precedence first.
    private func attributesFilesInOrder(along path: [UInt8], lookup: AttributeLookup) throws -> [OriginFile] {
        var files: [OriginFile] = []
        let manager = FileManager.default
        var infoFiles = [gitDirectory + "info/attributes"]
        if commonGitDirectory != gitDirectory { infoFiles.append(commonGitDirectory + "info/attributes") }
        for file in infoFiles {
            guard let bytes = manager.contents(atPath: file) else { continue }
            files.append(OriginFile(name: "$GIT_DIR/info/attributes", directory: [], isTop: true,
                                    lines: AttributesFileLine.lines(of: Array(bytes))))
            break
        }
        let found = try lookup.attributeFiles(along: [path]).unique.files.sorted { $0.directory.count > $1.directory.count }
        let reader = try SideReader(repository: self, side: lookup.side)
        for file in found {
            let name = AttributeFiles.path(in: file.directory)
            guard let bytes = try contents(ofAttributesFile: name, blob: file.blob, reader: reader) else { continue }
            files.append(OriginFile(name: String(decoding: name, as: UTF8.self), directory: file.directory,
                                    isTop: file.directory.isEmpty, lines: AttributesFileLine.lines(of: bytes)))
        }
        if let xdg = configFiles.xdgGitDirectory, let bytes = manager.contents(atPath: xdg + "/attributes") {
            files.append(OriginFile(name: xdg + "/attributes", directory: [], isTop: true, lines: AttributesFileLine.lines(of: Array(bytes))))
        }
        return files
    }

    /// The attributes file `name` as the side holds it: a tree's or the index's blob, the
    /// working tree's own file (else the index's).
    private func contents(ofAttributesFile name: [UInt8], blob: SideReader.Blob?, reader: SideReader) throws -> [UInt8]? {
        switch reader.side {
        case .tree: return try blob.map { try blobBytes($0.id) }
        case .index: return try reader.blob(at: name).map { try blobBytes($0.id) }
        case .workingTree:
            if let workdir, reader.workingTreeFileExists(name) {
                return FileManager.default.contents(atPath: workdir + String(decoding: name, as: UTF8.self)).map(Array.init)
            }
            return try reader.blob(at: name).map { try blobBytes($0.id) }
        }
    }

    /// The macros the top files define, by name, and git's own `binary`.
    private static func macros(in files: [OriginFile]) -> [String: [(name: String, state: AttributeState)]] {
        var macros: [String: [(name: String, state: AttributeState)]] = ["binary": [("diff", .unset), ("merge", .unset), ("text", .unset)]]
        for file in files.reversed() {
            for line in file.lines {
                if let name = line.macroName { macros[name] = line.attributes }
            }
        }
        return macros
    }
}
