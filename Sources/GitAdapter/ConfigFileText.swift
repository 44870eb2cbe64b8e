import Foundation
import GitRules
import Locking
internal import CLibGit2

/// Configuration files as text: one read and checked as git reads it (``GitConfigSyntax``),
/// and the environment's settings written as a file for libgit2, which reads no environment
/// and no settings but files.
enum ConfigFileText {
    /// The level of the environment's settings: above the worktree's file (libgit2's `APP`).
    static let parametersLevel = git_config_level_t(rawValue: GIT_CONFIG_LEVEL_APP.rawValue + 1)

    /// The variables of the file at `path`; git's error for its first bad line, naming the file `shown`.
    static func read(_ path: String, shownAs shown: String) throws -> [GitConfigSyntax.Entry] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        switch GitConfigSyntax.parse([UInt8](data)) {
        case .success(let entries): return entries
        case .failure(let bad): throw AdapterError.repository("bad config line \(bad.line) in file \(shown)")
        }
    }

    /// `entries` as configuration file text that reads back the same names and values.
    static func text(of entries: [GitConfigParameters.Entry]) -> String {
        var text = ""
        for entry in entries {
            let name = Array(entry.name.utf8)
            let first = name.firstIndex(of: 0x2E)!, last = name.lastIndex(of: 0x2E)!
            let section = String(decoding: name[..<first], as: UTF8.self)
            let key = String(decoding: name[(last + 1)...], as: UTF8.self)
            if first == last {
                text += "[\(section)]\n"
            } else {
                let subsection = String(decoding: name[(first + 1)..<last], as: UTF8.self)
                text += "[\(section) \"\(escaped(subsection, lineBreaks: false))\"]\n"
            }
            text += entry.value.map { "\t\(key) = \"\(escaped($0, lineBreaks: true))\"\n" } ?? "\t\(key)\n"
        }
        return text
    }

    private static func escaped(_ text: String, lineBreaks: Bool) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n" where lineBreaks: result += "\\n"
            case "\t" where lineBreaks: result += "\\t"
            case "\u{08}" where lineBreaks: result += "\\b"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The path of an in-memory file holding ``text(of:)``, made once per text for the
    /// process (each repository handle reads it).
    static func memoryFile(for entries: [GitConfigParameters.Entry]) throws -> String {
        let text = text(of: entries)
        return try files.withLock { files in
            if let path = files[text] { return path }
            let descriptor = treereview_memory_file("treereview-config")
            guard descriptor >= 0 else { throw AdapterError.repository("cannot hold the environment's configuration: \(String(cString: strerror(errno)))") }
            let bytes = Array(text.utf8)
            guard bytes.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) == bytes.count else {
                close(descriptor)
                throw AdapterError.repository("cannot hold the environment's configuration")
            }
            let path = "/proc/self/fd/\(descriptor)"
            files[text] = path
            return path
        }
    }

    private static let files = Locked<[String: String]>([:])
}
