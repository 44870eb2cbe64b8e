internal import CLibGit2
import Foundation
import GitRules

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
    /// Every value of the keys a file's patch reads (``PatchKeys/isPatchKey(_:)``), by lowercased name.
    var patchValues: [String: [String?]] = [:]
    /// The diff color slots set (`color.diff.<slot>` or `diff.color.<slot>`, the last of either), by lowercased slot.
    var diffColorValues: [String: String] = [:]
    /// `submodule.<name>.ignore` values, by submodule name (its case kept), the last one each.
    var submoduleIgnoreValues: [String: String] = [:]

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
            if let value, ["copies", "copy"].contains(where: { GitConfigValue.equalsIgnoringASCIICase(value, $0) }) {
                setting = .copies(threshold: nil, harder: false)
                continue
            }
            guard let on = GitConfigValue.bool(value) else {
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
            switch GitConfigValue.int(value) {
            case .success(let number): limit = number
            case .failure(let problem):
                throw AdapterError.badConfigValue(key: "diff.renamelimit", value: value ?? "", problem: ConfigValueProblem(problem))
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
        let sectionPrefix = section.map { $0.lowercased() + "." }
        var config = RepositoryConfig()
        try ConfigEntries.forEach(in: snapshot!) { rawName, value in
            let name = rawName.lowercased()
            switch name {
            case "diff.renames": config.renames.append(value)
            case "diff.renamelimit": config.renameLimits.append(value)
            case "core.attributesfile": config.setsAttributesFile = true
            case "core.pager": config.corePager = value ?? "true"
            case _ where RepositoryConfig.KindKeys.isKindKey(name): config.kindValues[name, default: []].append(value)
            case _ where RepositoryConfig.PatchKeys.isPatchKey(name): config.recordPatchValue(value, for: rawName)
            case _ where name.hasPrefix("submodule.") && name.hasSuffix(".ignore"):
                let submodule = rawName.dropFirst("submodule.".count).dropLast(".ignore".count)
                if let value, !submodule.isEmpty { config.submoduleIgnoreValues[String(submodule)] = value }
            case _ where sectionPrefix.map(name.hasPrefix) ?? false: config.section[name, default: []].append(value ?? "true")
            default: break
            }
        }
        return config
    }
}
