internal import CLibGit2
import Foundation

extension Repository {
    /// Every value of every key in a configuration section, in the order git reads them
    /// (system, global, local; later values override earlier ones). Keys are lowercased
    /// as git normalizes them: `treereview.format` → `["json"]`. A key set without a value
    /// (`[treereview] flatten`) has the value `"true"`.
    public func configSection(_ section: String) throws -> [String: [String]] {
        var snapshot: OpaquePointer?
        try LibGit2.check(git_repository_config_snapshot(&snapshot, handle), "git_repository_config_snapshot")
        defer { git_config_free(snapshot) }
        var iterator: OpaquePointer?
        // Every entry, filtered here: libgit2 1.5's glob iterator leaks a regex match block
        // for each name that does not match.
        try LibGit2.check(git_config_iterator_new(&iterator, snapshot), "git_config_iterator_new")
        defer { git_config_iterator_free(iterator) }
        let prefix = section.lowercased() + "."
        var values: [String: [String]] = [:]
        var entry: UnsafeMutablePointer<git_config_entry>?
        while git_config_next(&entry, iterator) == 0, let current = entry?.pointee {
            let name = String(decoding: UnsafeRawBufferPointer(start: current.name, count: strlen(current.name)), as: UTF8.self)
            guard name.lowercased().hasPrefix(prefix) else { continue }
            let value = current.value.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: strlen($0)), as: UTF8.self) } ?? "true"
            values[name.lowercased(), default: []].append(value)
        }
        return values
    }
}
