import GitRules
import Render
import TreeModel

/// The settings of one run, each decided once: the command line first, then git config
/// (`treereview.*`), then the default.
struct Settings: Equatable {
    var format: OutputFormat
    var color: ColorMode
    var flatten: Bool
    var sort: TreeOrder
    var icons: IconMode
    var charset: Charset
    /// `treereview.icon` values: user icon overrides, in the order given.
    var iconOverrides: IconOverrides
    /// Whether to page, and with what (see ``Pager``).
    var paging: Pager.Request

    /// Every configuration key ``resolve(_:config:environment:)`` reads, for the man page
    /// and its test.
    static let configKeys = [
        "treereview.format", "treereview.color", "treereview.flatten", "treereview.sort",
        "treereview.icons", "treereview.charset", "treereview.icon", "treereview.pager",
    ]

    /// The keys whose every value is valid: any text is a pager command.
    static let freeFormConfigKeys: Set = ["treereview.pager"]

    /// Decides every setting from `options`, the `treereview` config section (keys
    /// lowercased, all values in order) and the environment (for the charset's locale). In a
    /// git hook (``GitHook``, told by `standardInputIsTerminal`) nothing is paged unless
    /// `--paginate` asks for it.
    static func resolve(_ options: Options, config: [String: [String]], environment: [String: String],
                        standardInputIsTerminal: Bool? = nil) throws -> Settings {
        func last(_ key: String) -> String? { config[key.lowercased()]?.last }
        func parse<T>(_ key: String, _ make: (String) -> T?, expected: String) throws -> T? {
            guard let text = last(key) else { return nil }
            guard let value = make(text) else {
                throw UsageError("invalid value '\(text)' for config \(key): expected \(expected)")
            }
            return value
        }
        let configFormat = try parse("treereview.format", OutputFormat.init(rawValue:), expected: Self.choices(OutputFormat.self))
        let configColor = try parse("treereview.color", ColorMode.fromConfig, expected: "auto, always or never")
        let configFlatten = try parse("treereview.flatten", GitConfigValue.bool, expected: "true or false")
        let configSort = try parse("treereview.sort", TreeOrder.init(rawValue:), expected: Self.choices(TreeOrder.self))
        let configIcons = try parse("treereview.icons", IconMode.init(rawValue:), expected: Self.choices(IconMode.self))
        let configCharset = try parse("treereview.charset", Charset.init(rawValue:), expected: Self.choices(Charset.self))
        let overrides: IconOverrides
        do {
            overrides = try IconOverrides(parsing: config["treereview.icon"] ?? [])
        } catch {
            throw UsageError("config treereview.icon: \(error)")
        }
        let impliesPlain = (options.nulTerminated && !options.stdin) || options.directoryDepth != nil
        let format = options.format ?? (impliesPlain ? .plain : nil) ?? configFormat ?? .tree
        if options.groupByOwner && !options.writesAny(of: [.markdown], format: format) {
            throw options.refusal("--group-by owner applies to --format markdown, not \(format.rawValue)", accepted: "markdown")
        }
        if options.groupByOwner && options.stdin {
            throw UsageError("--group-by owner does not apply to --stdin: owners are read from a repository's compared side")
        }
        if options.hunks && !options.writesAny(of: [.json], format: format) {
            throw options.refusal("--hunks applies to --format json, not \(format.rawValue)", accepted: "json")
        }
        try PackagePlan.check(options, format: format)
        try GroupPlan.check(options, format: format)
        for (given, option) in [(options.maxBytes != nil, "--max-bytes"), (options.linkTemplate != nil, "--link-template"),
                                (options.title != nil, "--title")]
        where given && !options.writesAny(of: [.markdown], format: format) {
            throw options.refusal("\(option) applies to --format markdown, not \(format.rawValue)", accepted: "markdown")
        }
        return Settings(
            format: format,
            color: options.color ?? configColor ?? .auto,
            flatten: options.flatten ?? configFlatten ?? true,
            sort: options.sort ?? configSort ?? .foldersFirst,
            icons: options.icons ?? configIcons ?? .none,
            charset: options.charset ?? configCharset ?? Self.localeCharset(environment),
            iconOverrides: overrides,
            paging: options.paginate.map { $0 ? .usual : .off }
                ?? (GitHook.isRunning(environment: environment, standardInputIsTerminal: standardInputIsTerminal) ? .off : nil)
                ?? last("treereview.pager").map(Pager.Request.fromConfig) ?? .usual)
    }

    /// Unicode unless the locale (`LC_ALL`, then `LC_CTYPE`, then `LANG`) names a
    /// character set other than UTF-8 (`C`, `POSIX`, `en_US.ISO-8859-1`).
    static func localeCharset(_ environment: [String: String]) -> Charset {
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        guard let locale else { return .unicode }
        let lowered = locale.lowercased()
        return lowered.contains("utf-8") || lowered.contains("utf8") ? .unicode : .ascii
    }

    /// A setting's values as a message lists them: `tree, json, markdown or plain`.
    static func choices<Value: CaseIterable & RawRepresentable>(_: Value.Type) -> String where Value.RawValue == String {
        let names = Value.allCases.map(\.rawValue)
        return names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    }
}

extension ColorMode {
    /// A color setting as git reads `color.ui` (``GitConfigValue/colorSwitch(_:)``): `auto`,
    /// `always`, `never` in any case, or a boolean (true is `auto`, false `never`).
    static func fromConfig(_ text: String) -> ColorMode? {
        switch GitConfigValue.colorSwitch(text) {
        case .auto: .auto
        case .always: .always
        case .never: .never
        case nil: nil
        }
    }
}
