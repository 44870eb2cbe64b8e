extension IconCatalog {
    /// treereview's basename mappings beyond TreeKit's, added by `IconCatalog(set:extras: true)`
    /// where the set has no mapping of its own. Keys lowercase.
    public static let extraFileNames: [(key: String, icon: String)] = [
        (".swift-format", "lang-swift"),
        (".swift-version", "lang-swift"),
        (".swiftformat", "lang-swift"),
        (".swiftlint.yml", "lang-swift"),
        ("cargo.lock", "lang-rust"),
        ("cargo.toml", "lang-rust"),
        ("cmakelists.txt", "cmake"),
        ("containerfile", "docker"),
        ("dockerfile", "docker"),
        ("gemfile.lock", "lang-ruby"),
        ("gnumakefile", "makefile"),
        ("go.mod", "lang-go"),
        ("go.sum", "lang-go"),
        ("go.work", "lang-go"),
        ("makefile", "makefile"),
        ("package.resolved", "swiftpm"),
        ("package.swift", "swiftpm"),
    ]

    /// treereview's extension mappings beyond TreeKit's, added by `IconCatalog(set:extras: true)`
    /// where the set has no mapping of its own. Keys lowercase, without a leading dot.
    public static let extraExtensions: [(key: String, icon: String)] = [
        ("cmake", "cmake"),
        ("dart", "lang-dart"),
        ("diff", "diff"),
        ("dockerfile", "docker"),
        ("ex", "lang-elixir"),
        ("exs", "lang-elixir"),
        ("hs", "lang-haskell"),
        ("java", "lang-java"),
        ("kt", "lang-kotlin"),
        ("kts", "lang-kotlin"),
        ("lock", "lock"),
        ("lua", "lang-lua"),
        ("mk", "makefile"),
        ("nix", "nix"),
        ("patch", "diff"),
        ("pdf", "pdf"),
        ("php", "lang-php"),
        ("plist", "xml"),
        ("swiftinterface", "lang-swift"),
        ("toml", "toml"),
        ("xml", "xml"),
    ]
}
