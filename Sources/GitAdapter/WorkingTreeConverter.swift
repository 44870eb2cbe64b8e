internal import CLibGit2
import Glibc
import GitRules

/// Converts working-tree files to the form git stores and compares (`convert_to_git`): the
/// clean filter, then the `working-tree-encoding`, then line endings, then `$Id$`, each as
/// ``ConversionRules`` says for the path. Attributes are looked up as git looks them up for
/// a working-tree file (its `.gitattributes` files, else the index's), configuration is
/// read from the repository's handle once. Confined to the thread of its repository.
final class WorkingTreeConverter {
    private let repository: Repository
    /// `core.autocrlf`: `nil` for false, `true` for true, `false` for input.
    private let autocrlf: Bool?
    /// Drivers by name, as configured (`nil`: no such driver), looked up once each.
    private var drivers: [String: CleanFilter?] = [:]
    private var config: OpaquePointer?

    init(_ repository: Repository) {
        self.repository = repository
        var snapshot: OpaquePointer?
        if git_repository_config_snapshot(&snapshot, repository.handle) == 0 { config = snapshot }
        autocrlf = Self.autocrlf(Self.lookup(config, "core.autocrlf"))
    }

    deinit { git_config_free(config) }

    /// Whether any path of `repository` may be converted: `core.autocrlf` is not false, or
    /// an attributes file exists (`attributes`).
    static func convertsAnything(in repository: Repository, attributes: () -> Bool) -> Bool {
        var snapshot: OpaquePointer?
        guard git_repository_config_snapshot(&snapshot, repository.handle) == 0 else { return true }
        defer { git_config_free(snapshot) }
        return autocrlf(lookup(snapshot, "core.autocrlf")) != nil || attributes()
    }

    /// The rules for `path`.
    func rules(for path: [UInt8]) -> ConversionRules {
        var values = [UnsafePointer<CChar>?](repeating: nil, count: ConversionRules.attributeNames.count)
        let names = ConversionRules.attributeNames.map { strdup($0) }
        defer { names.forEach { free($0) } }
        var pointers = names.map { UnsafePointer<CChar>($0) }
        let code = path.withCString { git_attr_get_many(&values, repository.handle, 0, $0, values.count, &pointers) }
        let states = code == 0 ? values.map(ConversionRules.Value.init) : values.map { _ in .unspecified }
        return ConversionRules(states, autocrlf: autocrlf) { [unowned self] name in driver(name) != nil }
    }

    /// The file at `full` (`path` in the repository) as git stores it; `raw` reads it as it is.
    func converted(_ path: [UInt8], full: [UInt8], raw: () throws -> [UInt8]) throws -> [UInt8] {
        let rules = rules(for: path)
        if rules.isIdentity { return try raw() }
        var content: [UInt8]
        if let name = rules.filter, let filter = driver(name), let cleaned = try filter.run(
            on: full, path: path, workdir: repository.workdir ?? "/", environment: repository.environment) {
            content = cleaned
        } else {
            content = try raw()
        }
        if let encoding = rules.encoding,
           let encoded = content.withUnsafeBytes({ WorkingTreeEncoding.toUTF8($0, from: encoding) }) {
            content = encoded
        }
        if let stripped = content.withUnsafeBytes({ bytes in
            ContentConversion.lineEndingsToGit(bytes, rules.lineEndings) { [unowned self] in indexHasCRLF(path) }
        }) {
            content = stripped
        }
        if rules.ident, let collapsed = content.withUnsafeBytes(ContentConversion.identToGit) {
            content = collapsed
        }
        return content
    }

    /// The clean command of the driver `name`; `nil` when no `filter.<name>` key is set.
    /// A driver with no clean command keeps the content, or fails when required; a
    /// `process` driver (git's long-running filter protocol, which this does not speak)
    /// keeps the content.
    private func driver(_ name: String) -> CleanFilter? {
        if let known = drivers[name] { return known }
        let section = "filter." + name + "."
        let keys = ["clean", "required", "smudge", "process"].map { Self.lookup(config, section + $0) }
        let process = keys[3].found && !(keys[3].value ?? "").isEmpty
        let required = keys[1].found && !process && GitConfigValue.bool(keys[1].value) == true
        let clean = process ? "" : keys[0].value ?? ""
        let found = keys.contains { $0.found } ? CleanFilter(driver: name, command: clean, required: required) : nil
        drivers[name] = found
        return found
    }

    /// git's `has_crlf_in_index`: the stage-0 entry's blob (else stage 2's) has CRLF.
    private func indexHasCRLF(_ path: [UInt8]) -> Bool {
        var index: OpaquePointer?
        guard git_repository_index(&index, repository.handle) == 0, let index else { return false }
        defer { git_index_free(index) }
        let entry = path.withCString { git_index_get_bypath(index, $0, 0) ?? git_index_get_bypath(index, $0, 2) }
        guard let entry, let bytes = try? repository.blobBytes(ObjectID(entry.pointee.id)) else { return false }
        return bytes.withUnsafeBytes(ContentConversion.hasCRLF)
    }

    /// Whether the key `name` is set, and its value (`nil` for a key with no `=`).
    private static func lookup(_ config: OpaquePointer?, _ name: String) -> (found: Bool, value: String?) {
        guard let config else { return (false, nil) }
        var entry: UnsafeMutablePointer<git_config_entry>?
        guard git_config_get_entry(&entry, config, name) == 0, let entry else { return (false, nil) }
        defer { git_config_entry_free(entry) }
        return (true, entry.pointee.value.map { String(cString: $0) })
    }

    private static func autocrlf(_ setting: (found: Bool, value: String?)) -> Bool? {
        guard setting.found else { return nil }
        let value = setting.value
        if value?.lowercased() == "input" { return false }
        return GitConfigValue.bool(value) == true ? true : nil
    }
}
