import TreeModel

/// The subset of linguist's built-in rules that depend on a path alone, as GitHub applies
/// them when no gitattribute decides (listed in `Docs/Annotations.md#linguists-defaults`).
public enum LinguistDefaults {
    /// Whether linguist's vendored paths (`lib/linguist/vendor.yml`) include `path`.
    public static func isVendored(_ path: RawPath) -> Bool {
        var classifier = LinguistClassifier()
        return classifier.defaults(of: path).isVendored
    }

    /// Whether linguist's path-based generated rules (`lib/linguist/generated.rb`) include `path`.
    public static func isGenerated(_ path: RawPath) -> Bool {
        var classifier = LinguistClassifier()
        return classifier.defaults(of: path).isGenerated
    }

    /// Both tables, indexed once.
    static let index = LinguistIndex(vendored.map { ($0, .vendored) } + generated.map { ($0, .generated) })

    /// Spellings of linguist's `(3rd|[Tt]hird)[-_]?[Pp]arty/`, at the end of a directory name.
    static let thirdPartyDirectories: [String] = ["3rd", "third", "Third"].flatMap { first in
        ["", "-", "_"].flatMap { separator in ["party", "Party"].map { "*\(first)\(separator)\($0)/" } }
    }

    static let vendored: [LinguistRule] = LinguistRule.table([
        "cache/", "/Dependencies/", "/dependencies/", "dist/", "/deps/",
        "node_modules/", "bower_components/", "**/Godeps/_workspace/",
        "**/.yarn/releases/", "**/.yarn/plugins/", "**/.yarn/sdks/", "**/.yarn/versions/", "**/.yarn/unplugged/",
        "vendor/", "vendors/", "Vendor/", "Carthage/",
        "extern/", "Extern/", "external/", "External/", "externals/", "Externals/",
    ] + thirdPartyDirectories + [
        "configure", "config.guess", "config.sub",
        "gradlew", "gradlew.bat", "**/gradle/wrapper/", "mvnw", "mvnw.cmd", "**/.mvn/wrapper/",
        "*.min.js", "*-min.js", "*.min.css", "*-min.css",
    ])

    static let generated: [LinguistRule] = LinguistRule.table([
        "composer.lock", "Cargo.lock", "Cargo.toml.orig", "deno.lock", "flake.lock", "MODULE.bazel.lock",
        "Gopkg.lock", "glide.lock", "Package.resolved", "poetry.lock", "pdm.lock", "uv.lock", "pixi.lock",
        "esy.lock", "npm-shrinkwrap.json", "package-lock.json", "pnpm-lock.yaml", "bun.lock", "bun.lockb",
        "Pipfile.lock", ".terraform.lock.hcl", "mise.lock", "mise.?*.lock", "Manifest.toml", "JuliaManifest.toml",
        ".secrets.baseline",
        "*node_modules/", "*Godeps/", "Pods/", "**/Carthage/Build/", ".idea/", "*__generated__/", "htmlcov/",
        "*.nib", "*.xcworkspacedata", "*.xcuserstate", ".pnp.*", "?*.zep.c", "?*.zep.h", "?*.zep.php",
    ]) + LinguistRule.table([
        "gradlew", "gradlew.bat", "mvnw", "mvnw.cmd",
        "*.designer.cs", "*.designer.vb", "*.feature.cs", "*.js.map", "*.css.map",
    ], ignoringCase: true)
}
