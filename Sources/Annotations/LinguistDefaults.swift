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

/// One of linguist's path rules, restated as a pattern (see
/// `Docs/Annotations.md#linguists-defaults`): a trailing `/` names a directory and
/// everything below it; any other pattern names files only.
struct LinguistRule: Sendable {
    /// The pattern as listed in the documentation.
    let pattern: String
    /// Whether letters compare without regard to ASCII case, as some of linguist's rules do.
    let ignoringCase: Bool
    let compiled: PathPattern

    /// Compiles the table's patterns; they are constants, so a bad one is a programming error.
    static func table(_ patterns: [String], ignoringCase: Bool = false) -> [LinguistRule] {
        patterns.map { pattern in
            do {
                let compiled = try PathPattern(compiling: Array(pattern.utf8), flavor: .linguistFile, ignoringCase: ignoringCase)
                return LinguistRule(pattern: pattern, ignoringCase: ignoringCase, compiled: compiled)
            } catch {
                preconditionFailure("linguist rule \(pattern) does not compile: \(error)")
            }
        }
    }
}

/// Which of linguist's kinds a rule gives, or a path has: generated, vendored, both.
struct LinguistKinds: OptionSet, Hashable, Sendable {
    let rawValue: UInt8
    static let generated = LinguistKinds(rawValue: 1)
    static let vendored = LinguistKinds(rawValue: 2)
}

/// linguist's default rules (``LinguistDefaults``) arranged so that a path costs a few hash
/// lookups: a rule on a file's name (`*.min.js`, `Cargo.lock`) is found by the path's last
/// piece; a rule on a directory's name (`vendor/`, `/deps/`) by each directory's name; any
/// other rule (`**/gradle/wrapper/`) runs as its automaton, one step per directory.
///
/// Directory answers are kept per directory by ``LinguistClassifier``; the answer for a path
/// is the same as trying every rule's ``PathPattern`` on it.
final class LinguistIndex: Sendable {
    /// Rules that match the last piece of a path at any depth, or (anchored) of a
    /// one-piece path.
    let files: SegmentTable
    /// Rules that match a directory above the path by its name, at any depth or (anchored)
    /// the first one.
    let directories: SegmentTable
    /// The other rules, run as automata.
    let automata: [PathPattern]
    /// The kinds each automaton gives.
    let automatonKinds: [LinguistKinds]
    /// The automata that match files (``PathPattern/matchesItself``), by number.
    let fileAutomata: [Int]

    init(_ rules: [(rule: LinguistRule, kinds: LinguistKinds)]) {
        var files: [SegmentTable.Entry] = [], directories: [SegmentTable.Entry] = []
        var automata: [PathPattern] = [], automatonKinds: [LinguistKinds] = []
        for (rule, kinds) in rules {
            let pattern = rule.compiled
            let segments = pattern.segments
            let anchored = segments.count == 1
            let single = anchored || (segments.count == 2 && segments[0] == .anyPath)
            guard single, let last = segments.last, last != .anyPath, pattern.matchesItself != pattern.matchesDescendants else {
                automata.append(pattern)
                automatonKinds.append(kinds)
                continue
            }
            let entry = SegmentTable.Entry(matcher: last, ignoringCase: pattern.ignoringCase, onlyFirst: anchored, kinds: kinds)
            if pattern.matchesItself { files.append(entry) } else { directories.append(entry) }
        }
        self.files = SegmentTable(files)
        self.directories = SegmentTable(directories)
        self.automata = automata
        self.automatonKinds = automatonKinds
        fileAutomata = automata.indices.filter { automata[$0].matchesItself }
    }
}
