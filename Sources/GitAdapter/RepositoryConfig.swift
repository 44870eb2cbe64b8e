internal import CLibGit2
import Foundation

/// The configuration one run reads from a repository, from one snapshot: `diff.renames`,
/// `diff.renameLimit`, `core.attributesFile`, `core.pager` and one whole section for the caller
/// (`treereview`), each key with all its values in the order git reads them (system, global,
/// local).
public struct RepositoryConfig: Sendable, Equatable {
    /// The section's keys, lowercased as git normalizes them (`treereview.format`), each with
    /// all its values in order. A key set without a value (`[treereview] flatten`) reads `"true"`.
    public var section: [String: [String]]
    /// Every value of `diff.renames`, in order; `nil` for the key without a value.
    var renames: [String?]
    /// Every value of `diff.renameLimit`, in order; `nil` for the key without a value.
    var renameLimits: [String?]
    /// Whether `core.attributesFile` is set.
    var setsAttributesFile = false
    /// `core.pager`, its last value; `nil` when unset.
    public var corePager: String?
    /// Every value of the other keys the comparison reads (``KindKeys/names``), by lowercased name.
    var kindValues: [String: [String?]] = [:]

    /// A configuration with only a section (no `diff.*` keys).
    public init(section: [String: [String]] = [:]) {
        self.section = section
        renames = []
        renameLimits = []
    }

    /// What `diff.renames` asks for, `nil` when unset. Like git, every value is checked, even
    /// one a later file overrides, and the first git refuses is the error.
    func renameSetting() throws -> RenameSetting? {
        var setting: RenameSetting?
        for value in renames {
            if let value, ["copies", "copy"].contains(value.lowercased()) {
                setting = .copies(threshold: nil, harder: false)
                continue
            }
            guard let on = ConfigValue.bool(value) else {
                throw AdapterError.badConfigValue(key: "diff.renames", value: value ?? "", problem: .notABoolean)
            }
            setting = on ? .renames(threshold: nil) : .off
        }
        return setting
    }

    /// `diff.renameLimit`, `nil` when unset; every value is checked as git checks an `int`.
    func renameLimit() throws -> Int? {
        var limit: Int?
        for value in renameLimits {
            switch ConfigValue.int(value) {
            case .success(let number): limit = number
            case .failure(let problem):
                throw AdapterError.badConfigValue(key: "diff.renamelimit", value: value ?? "", problem: problem)
            }
        }
        return limit
    }
}

extension Repository {
    /// Reads `diff.renames`, `diff.renameLimit`, `core.attributesFile`, `core.pager` and the section
    /// `section` (`treereview`), if any, from one snapshot of the repository's configuration. Values are checked where they
    /// are used (``changes(for:config:)``), as git checks them.
    public func readConfig(section: String? = nil) throws -> RepositoryConfig {
        var snapshot: OpaquePointer?
        try LibGit2.check(git_repository_config_snapshot(&snapshot, handle))
        defer { git_config_free(snapshot) }
        var iterator: OpaquePointer?
        let sectionPattern = section.map { "|" + $0.lowercased().replacingOccurrences(of: ".", with: "\\.") + "\\..*" } ?? ""
        let kindPattern = RepositoryConfig.KindKeys.names.map { "|" + $0.replacingOccurrences(of: ".", with: "\\.") }.joined()
            + "|" + RepositoryConfig.KindKeys.promisorPattern
        let pattern = "^(diff\\.renames|diff\\.renamelimit|core\\.attributesfile|core\\.pager\(kindPattern)\(sectionPattern))$"
        try LibGit2.check(git_config_iterator_glob_new(&iterator, snapshot, pattern))
        defer { git_config_iterator_free(iterator) }
        var config = RepositoryConfig()
        var entry: UnsafeMutablePointer<git_config_entry>?
        while git_config_next(&entry, iterator) == 0, let current = entry?.pointee {
            let name = String(cString: current.name).lowercased()
            let value = current.value.map { String(cString: $0) }
            switch name {
            case "diff.renames": config.renames.append(value)
            case "diff.renamelimit": config.renameLimits.append(value)
            case "core.attributesfile": config.setsAttributesFile = true
            case "core.pager": config.corePager = value ?? "true"
            case _ where RepositoryConfig.KindKeys.isKindKey(name): config.kindValues[name, default: []].append(value)
            default: config.section[name, default: []].append(value ?? "true")
            }
        }
        return config
    }
}
