import Testing
import TreeModel
import Annotations

/// Every example on GitHub's page "About code owners":
/// https://docs.github.com/en/repositories/managing-your-repositorys-settings-and-features/customizing-your-repository/about-code-owners
struct CodeOwnersDocumentationTests {
    /// The page's example file, as it stands (comments shortened).
    static let exampleFile = """
        # This is a comment.
        # Each line is a file pattern followed by one or more owners.

        # Default owners for everything in the repo, unless a later match takes precedence.
        *       @global-owner1 @global-owner2

        # Order is important; the last matching pattern takes the most precedence.
        *.js    @js-owner #This is an inline comment.

        # Email addresses work too.
        *.go docs@example.com

        # Teams: @org/team-name.
        *.txt @octo-org/octocats

        # build/logs at the root and any of its subdirectories.
        /build/logs/ @doctocat

        # Files directly in docs, not further nested files.
        docs/*  docs@example.com

        # An apps directory anywhere.
        apps/ @octocat

        # The docs directory at the root and any of its subdirectories.
        /docs/ @doctocat

        # Changes in /scripts need approval from @doctocat or @octocat.
        /scripts/ @doctocat @octocat

        # Any file in a logs directory such as /build/logs, /scripts/logs, /deeply/nested/logs.
        **/logs @octocat

        # /apps except /apps/github, whose owners are left empty.
        /apps/ @octocat
        /apps/github

        # /apps except /apps/github, which has its own owner.
        /apps/ @octocat
        /apps/github @doctocat

        """

    static func owners(_ file: String, _ path: String) -> [String] {
        CodeOwners(parsing: file).owners(of: RawPath(path))
    }

    @Test func exampleFileParsesWithoutErrors() {
        let codeOwners = CodeOwners(parsing: Self.exampleFile)
        #expect(codeOwners.errors.isEmpty)
        #expect(codeOwners.rules.count == 14)
        #expect(codeOwners.rules[1].owners == ["@js-owner"])
        #expect(codeOwners.rules[11].pattern == "/apps/github")
        #expect(codeOwners.rules[11].owners.isEmpty)
    }

    @Test(arguments: [
        ("README.md", ["@global-owner1", "@global-owner2"]),
        ("src/deep/main.js", ["@js-owner"]),
        ("main.go", ["docs@example.com"]),
        ("notes/a.txt", ["@octo-org/octocats"]),
        ("build/logs/today.log", ["@octocat"]),
        ("docs/getting-started.md", ["@doctocat"]),
        ("docs/build-app/troubleshooting.md", ["@doctocat"]),
        ("x/apps/main.c", ["@octocat"]),
        ("scripts/run.sh", ["@doctocat", "@octocat"]),
        ("deeply/nested/logs/x.log", ["@octocat"]),
        ("apps/github/main.c", ["@doctocat"]),
        ("apps/other/main.c", ["@octocat"]),
    ])
    func exampleFileOwners(path: String, owners: [String]) {
        #expect(Self.owners(Self.exampleFile, path) == owners)
    }

    @Test func lastMatchingPatternTakesPrecedence() {
        let file = "*       @global-owner1 @global-owner2\n*.js    @js-owner\n"
        #expect(Self.owners(file, "web/app.js") == ["@js-owner"])
        #expect(Self.owners(file, "web/app.css") == ["@global-owner1", "@global-owner2"])
    }

    @Test func rootedDirectoryOwnsEverythingBelowIt() {
        let file = "* @default\n/build/logs/ @doctocat\n"
        #expect(Self.owners(file, "build/logs/a.log") == ["@doctocat"])
        #expect(Self.owners(file, "build/logs/deep/b.log") == ["@doctocat"])
        #expect(Self.owners(file, "src/build/logs/a.log") == ["@default"])
        #expect(Self.owners(file, "build/a.log") == ["@default"])
    }

    @Test func docsStarMatchesOnlyFilesDirectlyInDocs() {
        let file = "* @default\ndocs/*  docs@example.com\n"
        #expect(Self.owners(file, "docs/getting-started.md") == ["docs@example.com"])
        #expect(Self.owners(file, "docs/build-app/troubleshooting.md") == ["@default"])
    }

    @Test func unrootedDirectoryMatchesAnywhere() {
        let file = "* @default\napps/ @octocat\n"
        #expect(Self.owners(file, "apps/a.js") == ["@octocat"])
        #expect(Self.owners(file, "src/apps/deep/a.js") == ["@octocat"])
        #expect(Self.owners(file, "apps") == ["@default"])
    }

    @Test func doubleStarLogsMatchesLogsDirectoriesAtAnyDepth() {
        let file = "* @default\n**/logs @octocat\n"
        for path in ["build/logs/a", "scripts/logs/b", "deeply/nested/logs/c", "logs/d"] {
            #expect(Self.owners(file, path) == ["@octocat"], "\(path)")
        }
        #expect(Self.owners(file, "logsfile") == ["@default"])
    }

    @Test func patternWithoutOwnersUnownsASubdirectory() {
        let file = "/apps/ @octocat\n/apps/github\n"
        #expect(Self.owners(file, "apps/github/main.go").isEmpty)
        #expect(Self.owners(file, "apps/github").isEmpty)
        #expect(Self.owners(file, "apps/web/main.go") == ["@octocat"])
    }

    @Test func subdirectoryWithItsOwnOwner() {
        let file = "/apps/ @octocat\n/apps/github @doctocat\n"
        #expect(Self.owners(file, "apps/github/main.go") == ["@doctocat"])
        #expect(Self.owners(file, "apps/web/main.go") == ["@octocat"])
    }

    @Test func ownersOnSeparateLinesKeepOnlyTheLast() {
        let file = "*.js @global-owner1\n*.js @global-owner2\n"
        #expect(Self.owners(file, "a.js") == ["@global-owner2"])
        #expect(Self.owners("*.js @global-owner1 @global-owner2\n", "a.js") == ["@global-owner1", "@global-owner2"])
    }

    @Test func branchProtectionExamples() {
        #expect(Self.owners("/apps/ @doctocat\n", "apps/a") == ["@doctocat"])
        #expect(Self.owners("/apps/ @doctocat @octocat\n", "apps/a") == ["@doctocat", "@octocat"])
        #expect(Self.owners("/apps/ @example-org/content-team\n", "apps/a") == ["@example-org/content-team"])
        let protected = "/.github/CODEOWNERS @owner_username\n"
        #expect(Self.owners(protected, ".github/CODEOWNERS") == ["@owner_username"])
        #expect(Self.owners("/.github/ @owner_username\n", ".github/workflows/ci.yml") == ["@owner_username"])
    }

    @Test func pathsAreCaseSensitive() {
        let file = "/Docs/ @upper\n"
        #expect(Self.owners(file, "Docs/a.md") == ["@upper"])
        #expect(Self.owners(file, "docs/a.md").isEmpty)
    }

    @Test func documentedSyntaxExceptionsAreSkippedLines() {
        let file = """
            * @default
            \\#notes @escaped
            !*.js @negated
            *.[ch] @ranges
            Python/ceval*.[ch] @markshannon
            *.md @docs
            """
        let codeOwners = CodeOwners(parsing: file)
        #expect(codeOwners.errors.map(\.line) == [2, 3, 4, 5])
        #expect(codeOwners.errors.map(\.reason) == [
            .escapedCommentNotSupported, .negationNotSupported, .characterRangeNotSupported, .characterRangeNotSupported,
        ])
        #expect(codeOwners.rules.map(\.line) == [1, 6])
        #expect(codeOwners.owners(of: RawPath("a.c")) == ["@default"])
        #expect(codeOwners.owners(of: RawPath("a.js")) == ["@default"])
        #expect(codeOwners.owners(of: RawPath("#notes")) == ["@default"])
        #expect(codeOwners.owners(of: RawPath("a.md")) == ["@docs"])
    }
}
