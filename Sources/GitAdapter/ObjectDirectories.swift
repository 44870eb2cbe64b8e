import Foundation
import GitRules
internal import CLibGit2

/// The object directories the environment names, as git reads them (libgit2 1.5 reads
/// neither unless asked to take the whole process environment): `GIT_OBJECT_DIRECTORY`
/// replaces the repository's `objects` (its own `info/alternates` still read), and
/// `GIT_ALTERNATE_OBJECT_DIRECTORIES` adds directories to search (separated by `:`, an entry
/// that starts with `"` C-quoted). Relative paths are from the current directory.
struct ObjectDirectories: Sendable, Equatable {
    /// The object directory in place of the repository's, ending in `/`.
    var primary: String?
    /// More directories to read objects from.
    var alternates: [String] = []

    /// Nothing from the environment: the repository's own object directory.
    var isEmpty: Bool { primary == nil && alternates.isEmpty }

    init(environment: [String: String], currentDirectory: String) {
        func resolve(_ path: String) -> String {
            path.hasPrefix("/") ? path : URL(fileURLWithPath: currentDirectory).appendingPathComponent(path).standardizedFileURL.path
        }
        if let primary = environment["GIT_OBJECT_DIRECTORY"], !primary.isEmpty {
            let path = resolve(primary)
            self.primary = path.hasSuffix("/") ? path : path + "/"
        }
        if let list = environment["GIT_ALTERNATE_OBJECT_DIRECTORIES"] {
            alternates = Self.entries(Array(list.utf8)).map(resolve)
        }
    }

    /// git's `parse_alt_odb_entry` over the whole list.
    static func entries(_ bytes: [UInt8]) -> [String] {
        var result: [String] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\"") {
                var end = index + 1
                while end < bytes.count && bytes[end] != UInt8(ascii: "\"") {
                    end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
                }
                if end < bytes.count, let path = CUnquoting.unquoted(bytes[index...end]) {
                    if !path.isEmpty { result.append(String(decoding: path, as: UTF8.self)) }
                    index = end + 1
                    while index < bytes.count && bytes[index] != UInt8(ascii: ":") { index += 1 }
                    index += 1
                    continue
                }
            }
            var end = index
            while end < bytes.count && bytes[end] != UInt8(ascii: ":") { end += 1 }
            if end > index { result.append(String(decoding: bytes[index..<end], as: UTF8.self)) }
            index = end + 1
        }
        return result
    }

    /// Gives `handle` these directories: a new object database on ``primary`` (and its
    /// alternates), or the repository's own, with ``alternates`` added.
    func install(in handle: OpaquePointer) throws {
        guard !isEmpty else { return }
        var database: OpaquePointer?
        if let primary {
            guard FileManager.default.fileExists(atPath: primary) else {
                throw AdapterError.repository("object directory \(primary.dropLast()) does not exist")
            }
            try LibGit2.check(git_odb_open(&database, primary))
        } else {
            try LibGit2.check(git_repository_odb(&database, handle))
        }
        defer { git_odb_free(database) }
        for alternate in alternates where FileManager.default.fileExists(atPath: alternate) {
            try LibGit2.check(git_odb_add_disk_alternate(database, alternate))
        }
        if primary != nil { try LibGit2.check(git_repository_set_odb(handle, database)) }
    }
}
