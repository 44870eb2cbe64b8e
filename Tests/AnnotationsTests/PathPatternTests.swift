import Testing
import TestSupport
@testable import Annotations

/// Pattern semantics, case by case (see `Docs/Annotations.md#pattern-matching`).
struct PathPatternTests {
    static func matches(_ pattern: String, _ path: String, flavor: PatternFlavor = .codeOwners,
                        ignoringCase: Bool = false) throws -> Bool {
        let compiled = try PathPattern(compiling: Array(pattern.utf8), flavor: flavor, ignoringCase: ignoringCase)
        return compiled.matches(PathSegments(Array(path.utf8)))
    }

    static let cases: [(pattern: String, matching: [String], notMatching: [String])] = [
        ("README", ["README", "a/README", "a/b/README", "README/x", "a/README/x"], ["README.md", "xREADME", "a/README.md"]),
        ("/README", ["README", "README/x"], ["a/README", "README.md"]),
        ("build/", ["build/x", "a/build/x", "a/build/b/c"], ["build", "a/build", "builds/x"]),
        ("/build/", ["build/x", "build/a/b"], ["build", "a/build/x"]),
        ("a/b", ["a/b", "a/b/c"], ["x/a/b", "a/bc", "a/b.txt"]),
        ("a/b/", ["a/b/c", "a/b/c/d"], ["a/b", "x/a/b/c"]),
        ("*", ["a", "a/b", ".hidden", "a/b/c.d"], []),
        ("/*", ["a", "b.txt"], ["a/b", "a/b/c"]),
        ("*/", ["a/b", "a/b/c"], ["a"]),
        ("docs/*", ["docs/a.md", "docs/b"], ["docs", "docs/a/b.md", "x/docs/a.md"]),
        ("docs/*/", ["docs/a/b.md", "docs/a/b/c"], ["docs/a", "docs"]),
        ("*.js", ["a.js", "x/y/a.js", ".js", "a.js/b"], ["a.jsx", "a.js.map", "js"]),
        ("f*", ["foo", "foo/bar", "bar/foo", "bar/foo/baz"], ["bar/baz", "xfoo"]),
        ("/f*", ["foo", "foo/bar"], ["bar/foo"]),
        ("f?o", ["foo", "f.o", "x/fxo"], ["fo", "fooo", "f/o"]),
        ("a/*/c", ["a/b/c", "a/b/c/d"], ["a/c", "a/b/x/c"]),
        ("a/*.txt", ["a/b.txt"], ["a/b/c.txt", "x/a/b.txt"]),
        ("**/logs", ["logs", "logs/x", "a/logs", "a/b/logs/c"], ["alogs", "logs.txt"]),
        ("**/a/b", ["a/b", "x/a/b", "x/y/a/b/z"], ["a/x/b", "x/a/x/b"]),
        ("a/**", ["a/b", "a/b/c"], ["a", "x/a/b"]),
        ("a/**/b", ["a/b", "a/x/b", "a/x/y/b", "a/b/c"], ["x/a/b", "a/xb"]),
        ("a/**/", ["a/b/c", "a/b/c/d"], ["a", "a/b"]),
        ("**", ["a", "a/b"], []),
        ("/**", ["a", "a/b"], []),
        ("**/", ["a/b"], ["a"]),
        ("a**b", ["ab", "axxb", "q/ab"], ["a/b"]),
        ("f\\*o", ["f*o"], ["foo"]),
        ("f\\?o", ["f?o"], ["foo"]),
        ("my\\ file.txt", ["my file.txt", "d/my file.txt"], ["my\\ file.txt", "myfile.txt"]),
        ("a//b", ["a/b"], ["a/x/b"]),
        ("*.tar.gz", ["x.tar.gz"], ["x.tar", "x.gz"]),
        ("caf?.md", ["café.md", "cafe.md"], ["caf.md", "café!.md"]),
        ("Docs/", ["Docs/a"], ["docs/a", "DOCS/a"]),
    ]

    @Test(arguments: cases.indices)
    func patternMatchesExactlyItsPaths(_ index: Int) throws {
        let (pattern, matching, notMatching) = Self.cases[index]
        for path in matching {
            #expect(try Self.matches(pattern, path), "\(pattern) should match \(path)")
        }
        for path in notMatching {
            #expect(try !Self.matches(pattern, path), "\(pattern) should not match \(path)")
        }
    }

    @Test func linguistFilePatternsMatchFilesOnly() throws {
        #expect(try Self.matches("configure", "a/configure", flavor: .linguistFile))
        #expect(try !Self.matches("configure", "configure/a.c", flavor: .linguistFile))
        #expect(try Self.matches("cache/", "a/cache/b", flavor: .linguistFile))
        #expect(try !Self.matches("*.min.js", "x.min.js/y", flavor: .linguistFile))
    }

    @Test func ignoringCaseFoldsASCIIOnly() throws {
        #expect(try Self.matches("gradlew.bat", "GradleW.BAT", ignoringCase: true))
        #expect(try Self.matches("*.Designer.cs", "x/Form1.designer.CS", ignoringCase: true))
        #expect(try !Self.matches("é.md", "É.md", ignoringCase: true))
        #expect(try !Self.matches("gradlew", "GRADLEW"))
    }

    @Test func badPatternsAreErrors() throws {
        #expect(throws: PatternError.matchesNothing) { try Self.matches("/", "a") }
        #expect(throws: PatternError.matchesNothing) { try Self.matches("//", "a") }
        #expect(throws: PatternError.trailingBackslash) { try Self.matches("a\\", "a") }
        let long = Array(repeating: "a", count: 63).joined(separator: "/")
        #expect(throws: PatternError.tooManySegments) { try Self.matches(long, "a") }
        let longest = Array(repeating: "a", count: 62).joined(separator: "/")
        #expect(try Self.matches(longest, longest))
    }

    @Test func starsNeverBacktrackExponentially() throws {
        let pattern = String(repeating: "*a", count: 30) + "*b"
        let path = String(repeating: "a", count: 4000)
        let compiled = try PathPattern(compiling: Array(pattern.utf8), flavor: .codeOwners)
        let matched = TimeLimit.run { compiled.matches(PathSegments(Array(path.utf8))) }
        #expect(matched == false, "a backtracking matcher would not finish in years: \(matched.map(String.init) ?? "unfinished")")
    }

    @Test func invalidUTF8IsMatchedByteForByte() throws {
        let compiled = try PathPattern(compiling: Array("latin1-?.txt".utf8), flavor: .codeOwners)
        #expect(compiled.matches(PathSegments(Array("latin1-".utf8) + [0xE9] + Array(".txt".utf8))))
        let literal = try PathPattern(compiling: [0xE9, UInt8(ascii: "/")], flavor: .codeOwners)
        #expect(literal.matches(PathSegments([0xE9, UInt8(ascii: "/"), UInt8(ascii: "x")])))
    }
}
