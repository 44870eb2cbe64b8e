import GitRules

/// The configuration values `git diff` refuses while it reads its configuration
/// (`git_default_core_config`, `git_color_default_config`, `git_diff_ui_config` of git 2.39),
/// each with git's message: git stops at the first one in configuration order, whatever the
/// output, so treereview does too. Values a key's own reader checks later (`diff.renames`,
/// `diff.renameLimit`, `diff.ignoreSubmodules`) are left to it.
enum ConfigValueCheck {
    /// Where a variable was set, as git names it in messages.
    struct Origin {
        /// The file as git shows it; `nil` for the environment (`git -c`).
        var file: String?
        var line: Int
    }

    /// Booleans git reads with `git_config_bool`.
    static let booleans: Set<String> = [
        "core.bare", "core.quotepath", "diff.mnemonicprefix", "diff.noprefix", "diff.indentheuristic",
        "diff.suppressblankempty", "diff.relative", "diff.autorefreshindex",
    ]
    /// Color switches (`git_config_colorbool`).
    static let switches: Set<String> = ["color.ui", "color.diff", "diff.color"]
    /// Numbers that must not be negative (`git_config_int`).
    static let counts: Set<String> = ["diff.context", "diff.interhunkcontext"]
    /// git's diff color slots (`parse_diff_color_slot`), lowercased.
    static let colorSlots: Set<String> = [
        "context", "plain", "meta", "frag", "old", "new", "commit", "whitespace", "func",
        "oldmoved", "newmoved", "oldmoveddimmed", "oldmovedalternative", "oldmovedalternativedimmed",
        "newmoveddimmed", "newmovedalternative", "newmovedalternativedimmed",
        "contextdimmed", "olddimmed", "newdimmed", "contextbold", "oldbold", "newbold",
    ]

    /// Throws git's error for `name` (canonical: section and key lowercased) set to `value` at `origin`.
    static func check(name: String, value: String?, at origin: Origin) throws {
        if booleans.contains(name) || switches.contains(name) {
            if switches.contains(name), let value, GitConfigValue.colorSwitch(value) != nil { return }
            guard GitConfigValue.bool(value) == nil else { return }
            throw AdapterError.badConfigValue(key: name, value: value ?? "", problem: .notABoolean)
        }
        if counts.contains(name) {
            switch GitConfigValue.int(value) {
            case .failure(let problem):
                throw AdapterError.badConfigValue(key: name, value: value ?? "", problem: ConfigValueProblem(problem))
            case .success(let number) where number < 0:
                throw badVariable(name, at: origin)
            case .success:
                return
            }
        }
        for prefix in ["color.diff.", "diff.color."] where name.hasPrefix(prefix) {
            guard colorSlots.contains(String(name.dropFirst(prefix.count)).lowercased()) else { return }
            guard let value, GitColor.sequence(value) != nil else { throw badVariable(name, at: origin) }
        }
    }

    /// git's `git_die_config_linenr`.
    static func badVariable(_ name: String, at origin: Origin) -> AdapterError {
        guard let file = origin.file else { return .repository("unable to parse '\(name)' from command-line config") }
        return .repository("bad config variable '\(name)' in file '\(file)' at line \(origin.line)")
    }
}
