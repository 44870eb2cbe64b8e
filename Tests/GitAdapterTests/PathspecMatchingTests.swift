import Foundation
import Testing
import TestSupport
@testable import GitAdapter

/// ``Pathspec`` against git's own matcher: `git ls-files --full-name -- <pathspec>` on the
/// index of `Fixtures/repos/pathspec-index.sh` (paths chosen to tell matchers apart), run
/// from the top and from subdirectories, with every magic, its errors, and the
/// `GIT_*_PATHSPECS` variables. Exclusion-only pathspecs are left to the diff tests: for
/// them `ls-files` starts from the current directory where `git diff` starts from the top.
struct PathspecMatchingTests {
    static let pathspecs: [[String]] = [
        ["abc"], ["."], [":"], [":/"], ["*"], ["*.c"], ["a*c"], ["a?c"], ["a[b]c"], ["a\\*c"], ["a[!b]c"],
        ["a[^b]c"], ["[[:upper:]]*"], ["*[[:space:]]*"], ["[[:punct:]]*"], ["[a-c]*"], ["[]]*"], ["[z-a]*"],
        ["[[:bogus:]]*"], ["a[b"], ["a[\\]]c"], ["back\\\\slash"], ["*\\"], ["foo/bar"], ["foo/bar/"], ["foo/ba"],
        ["foo/"], ["foo/*"], ["foo/b*r"], ["../foo"], ["../../a/b"], ["./../sub//deep/./"], ["sub/../src"],
        [":(glob)*.c"], [":(glob)**/*.c"], [":(glob)**"], [":(glob)a/**/e.c"], [":(glob)a/**"], [":(glob)**/e.c"],
        [":(glob)a/*/e.c"], [":(glob)*/b*"], [":(glob)src/lib/x/\\*\\*/y.c"], [":(glob)a/**b/e.c"], [":(glob)a/b**"],
        [":(glob)**/"], [":(glob)?/e.c"], [":(glob)[a-z]/e.c"], [":(glob)a/**/**/e.c"],
        [":(icase)readme*"], [":(icase)SUB"], [":(icase)docs/GUIDE.md"], [":(icase,glob)**/*.MD"], [":(icase)../SUB"],
        [":(icase)[[:upper:]]*"], [":(icase)[A-Z]*.c"], [":(literal)a*c"], [":(literal)a?c"], [":/sub"], [":/*.c"],
        [":(top)sub/"], [":(top,literal)a[b]c"], ["*", ":/!sub:x"], ["mods/module/"], ["mods/module"], ["mods/mod*"],
        [":/mods/module/"],
        ["*.c", ":!sub"], ["src", ":(exclude)*.h"], [":/", ":^*.c", ":!docs"], ["foo", ":!foo/bar/"],
        ["a", ":(exclude,glob)a/**/d"], ["src", ":!src/lib/*"], [":/", ":(exclude,icase)SUB"], [":/", ":!*/"],
        [":(attr:diff=cpp)"], [":(attr:-diff)"], [":(attr:!diff)"], [":(attr:review)"], [":(attr:owner=lib)"],
        [":(attr:binary)"], [":(attr:diff=cpp !review)*.c"], [":(attr:-text -diff)"], [":/", ":(exclude,attr:diff=cpp)"],
        [":(attr: )"], [":(attr:owner=li\\b)"],
        [""], [":(foo)x"], [":#x"], [":(top"], [":(literal,glob)x"], [":(attr:)x"], [":(attr:a,attr:b)x"],
        [":(attr:a=b\\)x"], [":(attr:-)x"], [":(attr:a=\\"], [":(prefix:x)y"], ["/nowhere/x"], ["/dev/null/x"],
        ["/nowhere"],
    ]

    static let directories = ["", "sub", "a/b", "src/lib"]

    /// Below the top, `ls-files` cuts the current directory off each path before matching
    /// attributes and exclusions (git diff does not): those are left to the diff tests there.
    static func mismatchedByLsFilesBelowTheTop(_ pathspec: [String]) -> Bool {
        pathspec.contains { $0.contains("attr:") || $0.hasPrefix(":!") || $0.hasPrefix(":^") || $0.hasPrefix(":(exclude") || $0.hasPrefix(":/!") }
    }

    private var repo: String { get throws { try Fixtures.repository("pathspec-index") } }

    /// git's answer: the matching paths, or its error without `fatal: `.
    private func git(_ pathspec: [String], from directory: String, environment: [String: String] = [:]) throws -> Result<[String], LsFilesRefusal> {
        let result = try Shell.run("git", ["ls-files", "-z", "--full-name", "--"] + pathspec, in: directory, environment: environment)
        guard result.status == 0 else {
            return .failure(LsFilesRefusal(message: String(result.error.split(separator: "\n").first ?? "").replacingOccurrences(of: "fatal: ", with: "")))
        }
        return .success(result.output.split(separator: 0).map { String(decoding: $0, as: UTF8.self) })
    }

    private func allPaths() throws -> [String] {
        try Shell.git(["ls-files", "-z"], in: try repo).output.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Checks ours against git's for `pathspec` run in `directory`, and that the walk's
    /// pruning and libgit2's directories never leave a match out.
    private func expectGit(_ pathspec: [String], from directory: String, environment: [String: String] = [:],
                           sourceLocation: SourceLocation = #_sourceLocation) throws {
        let repository = try Repository.open(at: directory, environment: TestEnvironment.variables(adding: environment))
        let theirs = try git(pathspec, from: directory, environment: environment)
        let parsed: Pathspec
        do {
            parsed = try repository.pathspec(pathspec, from: directory)
        } catch {
            guard case .failure(let failure) = theirs else {
                Issue.record("\(pathspec) from \(directory): git accepts it, ours throws \(error)", sourceLocation: sourceLocation)
                return
            }
            let ours = "\(error)"
            let named = pathspec.contains { ours == "\($0): " + failure.message }
            #expect(ours == failure.message || named, "\(pathspec) from \(directory): \(ours)", sourceLocation: sourceLocation)
            return
        }
        guard case .success(let expected) = theirs else {
            Issue.record("\(pathspec) from \(directory): git refuses it, ours accepts it", sourceLocation: sourceLocation)
            return
        }
        let matched = try allPaths().filter { path in
            try parsed.matches(Array(path.utf8), isGitlink: path == "mods/module", attributes: repository.pathspecAttributes)
        }
        #expect(matched == expected, "\(pathspec) from \(directory)", sourceLocation: sourceLocation)
        for path in expected {
            let bytes = Array(path.utf8)
            for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "/") {
                #expect(parsed.mayMatch(under: Array(bytes[...index])), "\(pathspec) prunes \(path)", sourceLocation: sourceLocation)
            }
            if let enclosing = parsed.enclosingDirectories {
                #expect(enclosing.contains { bytes == $0 || bytes.starts(with: $0 + [UInt8(ascii: "/")]) },
                        "\(pathspec): libgit2's directories leave \(path) out", sourceLocation: sourceLocation)
            }
        }
    }

    @Test(arguments: directories)
    func everyPathspecMatchesAsGitDoes(from directory: String) throws {
        let start = try repo + (directory.isEmpty ? "" : "/" + directory)
        for pathspec in Self.pathspecs where directory.isEmpty || !Self.mismatchedByLsFilesBelowTheTop(pathspec) {
            try expectGit(pathspec, from: start)
        }
        try expectGit([try repo + "/src", try repo + "/sub/../foo/"], from: start)
    }

    /// `prefix:<n>` (what git passes its own subprocesses) works at the top only.
    @Test func prefixMagicAtTheTop() throws {
        try expectGit([":(prefix:4)foo/BAR", ":(icase,prefix:4)foo/BAR"], from: try repo)
        try expectGit([":(icase,prefix:0)FOO/BAR", ":(prefix:)a*c"], from: try repo)
        #expect(throws: PathspecError.prefixBelowTop(element: ":(prefix:4)foo/BAR")) {
            try Repository.open(at: try repo + "/sub", environment: TestEnvironment.variables())
                .pathspec([":(prefix:4)foo/BAR"], from: try repo + "/sub")
        }
    }

    @Test(arguments: [
        ["GIT_LITERAL_PATHSPECS": "1"], ["GIT_GLOB_PATHSPECS": "1"], ["GIT_NOGLOB_PATHSPECS": "yes"],
        ["GIT_ICASE_PATHSPECS": "true"], ["GIT_GLOB_PATHSPECS": "1", "GIT_ICASE_PATHSPECS": "1"],
        ["GIT_GLOB_PATHSPECS": "1", "GIT_NOGLOB_PATHSPECS": "1"], ["GIT_LITERAL_PATHSPECS": "1", "GIT_ICASE_PATHSPECS": "1"],
        ["GIT_LITERAL_PATHSPECS": "bogus"], ["GIT_ICASE_PATHSPECS": ""], ["GIT_LITERAL_PATHSPECS": "0"],
    ])
    func environmentVariablesMatchAsGitDoes(_ environment: [String: String]) throws {
        let pathspecs: [[String]] = [["*.c"], ["a*c"], [":(glob)**/*.c"], [":(literal)a*c"], [":(glob)a*c"], ["README.MD"],
                                     [":!sub", "*.c"], [":(icase)sub"], [":/a?c"], [":(attr:diff=cpp)"]]
        for directory in ["", "sub"] {
            for pathspec in pathspecs where directory.isEmpty || !Self.mismatchedByLsFilesBelowTheTop(pathspec) {
                try expectGit(pathspec, from: try repo + (directory.isEmpty ? "" : "/" + directory), environment: environment)
            }
        }
    }

    @Test func aDirectoryIsSkippedOnlyWhenNothingBelowCanMatch() throws {
        func may(_ elements: [String], prefix: String = "", _ directory: String) throws -> Bool {
            try Pathspec(elements, prefix: prefix).mayMatch(under: Array(directory.utf8))
        }
        #expect(try !may(["packages/core"], "common/"))
        #expect(try !may(["packages/core"], "packages/corex/"))
        #expect(try may(["packages/core"], "packages/"))
        #expect(try may(["packages/core"], "packages/core/src/"))
        #expect(try !may([":!packages"], "packages/"))
        #expect(try may([":!packages"], "common/"))
        #expect(try may([":!packages/*.c"], "packages/"), "a wildcard exclusion cannot skip a directory")
        #expect(try may([":(exclude,attr:x)packages"], "packages/"), "nor can one that needs attributes")
        #expect(try may(["*.c"], "any/where/"))
        #expect(try !may(["src/*.c"], "lib/"))
        #expect(try !may([":(icase)x"], prefix: "sub/", "Sub/"), "the current directory's part keeps its case")
        #expect(try may([":(icase)X"], prefix: "sub/", "sub/x/"))
    }

    @Test func libgit2IsGivenTheDirectoriesEnclosingEveryMatch() throws {
        func directories(_ elements: [String], prefix: String = "") throws -> [String]? {
            try Pathspec(elements, prefix: prefix).enclosingDirectories?.map { String(decoding: $0, as: UTF8.self) }
        }
        #expect(try directories(["packages/core/src", "common/a.c"]) == ["common", "packages/core"])
        #expect(try directories(["*.c"], prefix: "sub/") == ["sub"])
        #expect(try directories([":(icase)A/B"], prefix: "sub/") == ["sub"])
        #expect(try directories(["src/*.c", ":!src/x"]) == ["src"])
        #expect(try directories(["a.c"]) == nil, "a match at the top can be anywhere at the top")
        #expect(try directories([":!x"], prefix: "sub/") == nil, "exclusions alone mean everything")
        #expect(try directories(["[x]/a.c"]) == nil)
        #expect(try directories(["!bang/a.c"]) == nil, "libgit2 reads a leading ! as a negation")
    }
}

/// git's refusal, in its words.
struct LsFilesRefusal: Error {
    let message: String
}
