import Foundation
import Testing
import TestSupport
@testable import Annotations

/// Differential: for patterns whose meaning CODEOWNERS shares with gitignore, the paths a
/// pattern matches are the paths `git check-ignore` reports for the same one-line
/// `.gitignore`. (Patterns ending in a lone `*` are left out: there GitHub's documented
/// meaning differs from gitignore's; `PathPatternTests` covers them.)
struct PathPatternGitTests {
    static let patterns = [
        "README", "/README", "build/", "/build/", "a/b", "/a/b/", "*", "*/", "*.js", "f*", "/f*",
        "f?o", "a/*/c", "a/*.txt", "**/logs", "**/a/b", "a/**", "a/**/b", "a/**/", "**", "**/",
        "a**b", "f\\*o", "my\\ file.txt", "*.tar.gz", "x/y/z/", "/a/b/c", ".hidden", "*_test.go",
        "src/**/*.swift", "**/build/**", "?", "??/", "logs/**/*.log",
    ]

    static let paths = [
        "README", "README.md", "a/README", "README/x", "build", "build/x", "a/build/x", "a/b",
        "a/b/c", "x/a/b", "a/bc", "a/c", "a/b/x/c", "a/b.txt", "a/b/c.txt", "x.js", "d/x.js",
        "x.js/y", "foo", "foo/bar", "bar/foo", "bar/baz", "xfoo", "fxo", "logs", "a/logs/x",
        "alogs", "ab", "axxb", "a/x/b", "a/x/y/b", "f*o", "my file.txt", "d/my file.txt",
        "x.tar.gz", "x/y/z/w", "x/y/z", "a/b/c/d", ".hidden", "d/.hidden/e", "pkg/a_test.go",
        "src/a.swift", "src/b/c.swift", "x/src/a.swift", "q/build/r/s", "z", "zz/q", "z/q",
        "logs/a.log", "logs/x/y/b.log", "logs/b.txt",
    ]

    @Test func patternsMatchWhatGitIgnores() throws {
        let repository = try Fixtures.temporaryDirectory()
        try Shell.git(["init", "-q", "."], in: repository)
        let input = Array(Self.paths.joined(separator: "\0").utf8) + [0]
        for pattern in Self.patterns {
            try (pattern + "\n").write(toFile: repository + "/.gitignore", atomically: true, encoding: .utf8)
            let result = try Shell.run("git", ["check-ignore", "--no-index", "--stdin", "-z"], in: repository, input: input)
            #expect(result.status == 0 || result.status == 1, "git check-ignore failed: \(result.error)")
            let ignored = Set(result.output.split(separator: 0).map { String(decoding: $0, as: UTF8.self) })
            let compiled = try PathPattern(compiling: Array(pattern.utf8), flavor: .codeOwners)
            let matched = Set(Self.paths.filter { compiled.matches(PathSegments(Array($0.utf8))) })
            #expect(matched == ignored, "pattern \(pattern): only ours \(matched.subtracting(ignored).sorted()), only git's \(ignored.subtracting(matched).sorted())")
        }
    }
}
