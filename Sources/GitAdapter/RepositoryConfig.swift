import Foundation
import GitRules
import TreeModel
internal import CLibGit2

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

/// The configuration that decides how git's diff treats some kinds of entries: sparse
/// checkouts, executable bits, submodules and partial clones.
extension RepositoryConfig {
    /// The keys read for this, lowercased.
    enum KindKeys {
        static let sparseCheckout = "core.sparsecheckout"
        static let expectFilesOutsideOfPatterns = "sparse.expectfilesoutsideofpatterns"
        static let fileMode = "core.filemode"
        static let ignoreSubmodules = "diff.ignoresubmodules"
        static let partialClone = "extensions.partialclone"
        static let names = [sparseCheckout, expectFilesOutsideOfPatterns, fileMode, ignoreSubmodules, partialClone]
        static func isKindKey(_ name: String) -> Bool {
            names.contains(name) || (name.hasPrefix("remote.") && name.hasSuffix(".promisor"))
        }
    }

    /// Whether a skip-worktree file found in the working tree is compared as git compares it
    /// there: `core.sparseCheckout` is on and `sparse.expectFilesOutsideOfPatterns` is not.
    func comparesPresentSparseFiles() throws -> Bool {
        try bool(KindKeys.sparseCheckout, default: false) && !bool(KindKeys.expectFilesOutsideOfPatterns, default: false)
    }

    /// `core.fileMode`: whether the executable bit of a working-tree file counts (default on).
    func trustsExecutableBit() throws -> Bool {
        try bool(KindKeys.fileMode, default: true)
    }

    /// `diff.ignoreSubmodules`, `nil` when unset; like git, a value it does not know is an error.
    func submoduleIgnore() throws -> SubmoduleIgnore? {
        guard let value = kindValues[KindKeys.ignoreSubmodules]?.last else { return nil }
        guard let value, let ignore = SubmoduleIgnore(rawValue: value) else {
            throw AdapterError.badSubmoduleIgnore(key: "diff.ignoreSubmodules", value: value ?? "")
        }
        return ignore
    }

    /// The promisor remote of a partial clone (`extensions.partialClone`, else the first remote
    /// with `remote.<name>.promisor` on), if this is one.
    var partialCloneRemote: String? {
        if let remote = kindValues[KindKeys.partialClone]?.last, let remote { return remote }
        let promisors = kindValues.filter { $0.key.hasPrefix("remote.") && $0.key.hasSuffix(".promisor") }
            .filter { GitConfigValue.bool($0.value.last ?? nil) == true }
            .map { String($0.key.dropFirst("remote.".count).dropLast(".promisor".count)) }
        return promisors.sorted().first
    }

    /// The last value of the boolean `key`, checked as git checks booleans.
    private func bool(_ key: String, default value: Bool) throws -> Bool {
        guard let values = kindValues[key], let last = values.last else { return value }
        guard let result = GitConfigValue.bool(last) else {
            throw AdapterError.badConfigValue(key: key, value: last ?? "", problem: .notABoolean)
        }
        return result
    }
}

/// The configuration that decides how a file's patch is printed and colored.
extension RepositoryConfig {
    /// The keys read for patches, lowercased.
    enum PatchKeys {
        static let context = "diff.context"
        static let interhunkContext = "diff.interhunkcontext"
        static let indentHeuristic = "diff.indentheuristic"
        static let algorithm = "diff.algorithm"
        static let noPrefix = "diff.noprefix"
        static let mnemonicPrefix = "diff.mnemonicprefix"
        static let suppressBlankEmpty = "diff.suppressblankempty"
        static let wsErrorHighlight = "diff.wserrorhighlight"
        static let quotePath = "core.quotepath"
        static let abbrev = "core.abbrev"
        static let whitespace = "core.whitespace"
        static let diffFilter = "interactive.difffilter"
        static let colorDiff = "color.diff"
        static let colorUI = "color.ui"
        static let names: Set<String> = [
            context, interhunkContext, indentHeuristic, algorithm, noPrefix, mnemonicPrefix, suppressBlankEmpty,
            wsErrorHighlight, quotePath, abbrev, whitespace, diffFilter, colorDiff, colorUI,
        ]
        /// The prefixes of the color slots: `color.diff.<slot>` and git's older `diff.color.<slot>`.
        static let colorPrefixes = ["color.diff.", "diff.color."]

        static func isPatchKey(_ name: String) -> Bool {
            names.contains(name) || colorPrefixes.contains { name.hasPrefix($0) }
        }
    }

    /// The colors set for diffs, by slot (`meta`, `frag`, `func`, `old`, `new`, `context` or
    /// `plain`, `commit`, `whitespace`, …, lowercased), each the value git would use: the last
    /// `color.diff.<slot>` or `diff.color.<slot>`, whichever comes later (git reads both the
    /// same way). Values are as written (`bold red`).
    public var diffColors: [String: String] { diffColorValues }

    /// Keeps one value of a key ``PatchKeys/isPatchKey(_:)`` accepts, read in configuration
    /// order. `rawName` is the name as the configuration gives it: section and key lowercased,
    /// a subsection as written, so `[diff "Color"]` is not git's `diff.color` (git ignores it).
    mutating func recordPatchValue(_ value: String?, for rawName: String) {
        let name = rawName.lowercased()
        if PatchKeys.colorPrefixes.contains(where: { name.hasPrefix($0) }) {
            guard let prefix = PatchKeys.colorPrefixes.first(where: { rawName.hasPrefix($0) }), let value else { return }
            diffColorValues[String(name.dropFirst(prefix.count))] = value
        } else {
            patchValues[name, default: []].append(value)
        }
    }

    /// `interactive.diffFilter`: the command `git add -p` pipes a patch through; `nil` when unset.
    public var interactiveDiffFilter: String? {
        guard let value = patchValues[PatchKeys.diffFilter]?.last, let value, !value.isEmpty else { return nil }
        return value
    }

    /// Whether git colors a diff written to a terminal: `color.diff`, else `color.ui`, else yes
    /// (`auto`, `always` and true values color; `never` and false values do not). Like git's
    /// `auto`, this assumes a terminal with colors: git also colors nothing when `TERM` is
    /// unset or `dumb`, which the caller checks.
    public var colorsDiffOnTerminal: Bool {
        for key in [PatchKeys.colorDiff, PatchKeys.colorUI] {
            guard let values = patchValues[key], let last = values.last else { continue }
            return GitConfigValue.colorSwitch(last).map { $0 != .never } ?? true
        }
        return true
    }

    /// How patches are printed, from this configuration and `GIT_DIFF_OPTS` in `environment`.
    /// A value git would refuse is passed over (the default stays).
    func patchOptions(environment: [String: String]) -> PatchOptions {
        var options = PatchOptions()
        if let context = nonNegativeInt(PatchKeys.context) { options.context = context }
        if let context = nonNegativeInt(PatchKeys.interhunkContext) { options.interhunkContext = context }
        if let diffOptions = environment["GIT_DIFF_OPTS"] {
            for prefix in ["--unified=", "-u"] where diffOptions.hasPrefix(prefix) {
                options.context = Int(diffOptions.dropFirst(prefix.count).prefix { $0.isASCII && $0.isNumber }) ?? 0
                break
            }
        }
        options.indentHeuristic = bool(PatchKeys.indentHeuristic) ?? true
        if let algorithm = lastValue(PatchKeys.algorithm), let parsed = PatchOptions.Algorithm(rawValue: algorithm.lowercased()) {
            options.algorithm = parsed
        }
        if bool(PatchKeys.noPrefix) == true {
            options.prefixes = .none
        } else if bool(PatchKeys.mnemonicPrefix) == true {
            options.prefixes = .mnemonic
        }
        options.suppressBlankEmpty = bool(PatchKeys.suppressBlankEmpty) ?? false
        options.quotePath = bool(PatchKeys.quotePath) ?? true
        if let abbrev = lastValue(PatchKeys.abbrev) {
            if GitConfigValue.equalsIgnoringASCIICase(abbrev, "auto") {
                options.abbreviation = nil
            } else if GitConfigValue.boolWord(abbrev) == false {
                options.abbreviation = 40
            } else if case .success(let length) = GitConfigValue.int(abbrev), (4...40).contains(length) {
                options.abbreviation = length
            }
        }
        options.whitespace = WhitespaceParsing.rule(lastValue(PatchKeys.whitespace))
        if let highlight = lastValue(PatchKeys.wsErrorHighlight), let parsed = WhitespaceParsing.highlighted(highlight) {
            options.whitespace.highlighted = parsed
        }
        return options
    }

    private func lastValue(_ key: String) -> String? {
        guard let values = patchValues[key], let last = values.last else { return nil }
        return last ?? "true"
    }

    private func bool(_ key: String) -> Bool? {
        guard let values = patchValues[key], let last = values.last else { return nil }
        return GitConfigValue.bool(last)
    }

    private func nonNegativeInt(_ key: String) -> Int? {
        guard let values = patchValues[key], let last = values.last, case .success(let number) = GitConfigValue.int(last),
              number >= 0 else { return nil }
        return number
    }
}

extension Repository {
    /// The boolean settings among `keys` in the repository's configuration (the last value of
    /// each; a key without a value is true, one git cannot read as a boolean left out), by key as given.
    func configBools(_ keys: [String]) -> [String: Bool] {
        var config: OpaquePointer?
        guard !keys.isEmpty, git_repository_config_snapshot(&config, handle) == 0 else { return [:] }
        defer { git_config_free(config) }
        var values: [String: Bool] = [:]
        for key in keys {
            var entry: UnsafeMutablePointer<git_config_entry>?
            guard git_config_get_entry(&entry, config, key) == 0, let entry else { continue }
            values[key] = GitConfigValue.bool(entry.pointee.value.map { String(cString: $0) })
            git_config_entry_free(entry)
        }
        return values
    }
}
