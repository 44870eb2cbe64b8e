import Foundation
import Testing
import TreeModel
import TestSupport
@testable import Annotations

/// linguist's path rules, one example or more each, and the documentation listing them all.
struct LinguistDefaultsTests {
    static let vendored = [
        "cache/x.bin", "a/cache/x", "Dependencies/x", "dependencies/x", "dist/app.js", "a/dist/x", "deps/x.c",
        "node_modules/a/index.js", "web/node_modules/a.js", "bower_components/x", "Godeps/_workspace/src/x.go",
        ".yarn/releases/yarn.cjs", "a/.yarn/plugins/x", ".yarn/sdks/x", ".yarn/versions/x", ".yarn/unplugged/x",
        "vendor/x", "vendors/x", "Vendor/x", "a/vendor/b", "Carthage/Checkouts/x",
        "extern/x", "Extern/x", "external/x", "External/x", "externals/x", "Externals/x",
        "third_party/x", "src/ThirdParty/x", "3rd-party/x", "3rdparty/x", "my_third_party/x", "Third-Party/x",
        "configure", "a/configure", "config.guess", "config.sub", "gradlew", "gradlew.bat",
        "gradle/wrapper/gradle-wrapper.jar", "a/gradle/wrapper/x", "mvnw", "mvnw.cmd", ".mvn/wrapper/x.properties",
        "js/app.min.js", "app-min.js", "style.min.css", "style-min.css",
    ]
    static let notVendored = [
        "cached/x", "a/Dependencies/x", "distribution/x", "a/deps/x.c", "my_node_modules/x", "Godeps/Godeps.json",
        ".yarn/patches/x", "vendored/x", "VENDOR/x", "externalities/x", "third_party_tools/x", "THIRD_PARTY/x",
        "configure.ac", "configure/x", "GRADLEW", "app.min.jsx", "min.js", "src/main.swift", "vendor",
    ]
    static let generated = [
        "composer.lock", "sub/Cargo.lock", "Cargo.toml.orig", "deno.lock", "flake.lock", "MODULE.bazel.lock",
        "Gopkg.lock", "glide.lock", "Package.resolved", "poetry.lock", "pdm.lock", "uv.lock", "pixi.lock",
        "esy.lock", "npm-shrinkwrap.json", "web/package-lock.json", "pnpm-lock.yaml", "bun.lock", "bun.lockb",
        "Pipfile.lock", ".terraform.lock.hcl", "mise.lock", "mise.local.lock", "Manifest.toml", "JuliaManifest.toml",
        ".secrets.baseline", "node_modules/x", "my_node_modules/x", "Godeps/Godeps.json", "Pods/x", "ios/Pods/x",
        "Carthage/Build/x", ".idea/workspace.xml", "src/__generated__/Q.graphql.ts", "a/x__generated__/y",
        "htmlcov/index.html", "MainMenu.nib", "a.xcworkspacedata", "UserInterfaceState.xcuserstate",
        ".pnp.cjs", ".pnp.loader.mjs", "ext/x.zep.c", "x.zep.h", "a.zep.php", "Form1.Designer.cs",
        "Form1.designer.vb", "a.feature.cs", "app.js.map", "APP.JS.MAP", "s.css.map", "gradlew", "GRADLEW",
        "gradlew.bat", "mvnw", "MVNW.CMD",
    ]
    static let notGenerated = [
        "yarn.lock", "Gemfile.lock", "go.sum", "package.json", "Cargo.lock.bak", "mise..lock", "Carthage/Checkouts/x",
        "a.NIB", "pnp.cjs", ".zep.c", "app.map", "x.pb.go", "x_pb2.py", "x.generated.swift",
        "App.xcodeproj/project.pbxproj", "src/main.swift", "cache/x", "Podsx/y",
    ]

    @Test func vendoredRules() {
        for path in Self.vendored { #expect(LinguistDefaults.isVendored(RawPath(path)), "\(path) should be vendored") }
        for path in Self.notVendored { #expect(!LinguistDefaults.isVendored(RawPath(path)), "\(path) should not be vendored") }
    }

    @Test func generatedRules() {
        for path in Self.generated { #expect(LinguistDefaults.isGenerated(RawPath(path)), "\(path) should be generated") }
        for path in Self.notGenerated { #expect(!LinguistDefaults.isGenerated(RawPath(path)), "\(path) should not be generated") }
    }

    @Test func everyRuleHasAnExample() {
        for (rules, examples) in [(LinguistDefaults.vendored, Self.vendored), (LinguistDefaults.generated, Self.generated)] {
            for rule in rules where !LinguistDefaults.thirdPartyDirectories.contains(rule.pattern) {
                let hit = examples.contains { rule.compiled.matches(PathSegments(Array($0.utf8))) }
                #expect(hit, "no example for \(rule.pattern)")
            }
        }
    }

    @Test func indexedLookupEqualsAPlainScan() {
        let pieces = ["src", "vendor", "node_modules", "third_party", "cache", ".yarn", "releases", "Pods", "gradle",
                      "wrapper", "x.min.js", "package-lock.json", "a.zep.c", ".pnp.cjs", "APP.JS.MAP", "mise.a.lock"]
        var paths = Self.vendored + Self.notVendored + Self.generated + Self.notGenerated
        for first in pieces { for second in pieces { paths.append(first + "/" + second) } }
        for path in paths {
            let segments = PathSegments(Array(path.utf8))
            #expect(LinguistDefaults.isVendored(RawPath(path)) == LinguistDefaults.vendored.contains { $0.compiled.matches(segments) }, "\(path)")
            #expect(LinguistDefaults.isGenerated(RawPath(path)) == LinguistDefaults.generated.contains { $0.compiled.matches(segments) }, "\(path)")
        }
    }

    @Test func matchingRuleAgreesWithTheIndexAndNamesTheRule() {
        let pieces = ["src", "vendor", "node_modules", "third_party", "cache", ".yarn", "releases", "Pods", "gradle",
                      "wrapper", "x.min.js", "package-lock.json", "a.zep.c", ".pnp.cjs", "APP.JS.MAP", "mise.a.lock"]
        var paths = Self.vendored + Self.notVendored + Self.generated + Self.notGenerated
        for first in pieces { for second in pieces { paths.append(first + "/" + second) } }
        for path in paths {
            let vendored = LinguistDefaults.matchingRule(of: .vendored, for: RawPath(path))
            let generated = LinguistDefaults.matchingRule(of: .generated, for: RawPath(path))
            #expect((vendored != nil) == LinguistDefaults.isVendored(RawPath(path)), "\(path)")
            #expect((generated != nil) == LinguistDefaults.isGenerated(RawPath(path)), "\(path)")
            if let vendored {
                #expect(LinguistDefaults.vendored.contains { $0.pattern == vendored.pattern && $0.compiled.matches(PathSegments(Array(path.utf8))) })
            }
        }
        #expect(LinguistDefaults.matchingRule(of: .vendored, for: RawPath("a/vendor/b.c"))?.pattern == "vendor/")
        #expect(LinguistDefaults.matchingRule(of: .generated, for: RawPath("APP.JS.MAP"))
            == LinguistRuleMatch(pattern: "*.js.map", ignoringCase: true, kind: .generated))
        #expect(LinguistDefaults.matchingRules(for: RawPath("gradlew")).map(\.kind) == [.generated, .vendored])
        #expect(LinguistDefaults.matchingRules(for: RawPath("src/main.swift")).isEmpty)
    }

    @Test func thirdPartySpellings() {
        #expect(LinguistDefaults.thirdPartyDirectories.count == 18)
        #expect(LinguistDefaults.thirdPartyDirectories.contains("*third_party/"))
        #expect(LinguistDefaults.thirdPartyDirectories.contains("*3rdParty/"))
    }

    @Test func documentationListsEveryRule() throws {
        let url = URL(fileURLWithPath: Fixtures.directory).deletingLastPathComponent().appendingPathComponent("Docs/Annotations.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let rules = LinguistDefaults.vendored + LinguistDefaults.generated
        for rule in rules where !LinguistDefaults.thirdPartyDirectories.contains(rule.pattern) {
            #expect(text.contains("`\(rule.pattern)`"), "Docs/Annotations.md does not list \(rule.pattern)")
        }
        #expect(text.contains("(3rd\\|[Tt]hird)[-_]?[Pp]arty/"))
    }
}
