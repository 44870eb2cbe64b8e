import GitRules
import TreeModel

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
