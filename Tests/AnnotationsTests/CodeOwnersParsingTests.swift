import Testing
import TreeModel
import Annotations

/// Reading CODEOWNERS lines: comments, whitespace, line endings, owners, errors.
struct CodeOwnersParsingTests {
    @Test func commentsBlankLinesAndWhitespace() {
        let codeOwners = CodeOwners(parsing: "# comment\n\n   \n\t*.md\t @docs   @writers  \n  # indented comment\n")
        #expect(codeOwners.errors.isEmpty)
        #expect(codeOwners.rules.count == 1)
        #expect(codeOwners.rules[0].line == 4)
        #expect(codeOwners.rules[0].pattern == "*.md")
        #expect(codeOwners.rules[0].owners == ["@docs", "@writers"])
    }

    @Test func inlineCommentEndsTheOwners() {
        let codeOwners = CodeOwners(parsing: "*.js @a #@b is not an owner\n*.go @c # @d neither\n")
        #expect(codeOwners.errors.isEmpty)
        #expect(codeOwners.rules.map(\.owners) == [["@a"], ["@c"]])
    }

    @Test func crlfAndByteOrderMark() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("* @a\r\n/docs/ @b\r\n".utf8)
        let codeOwners = CodeOwners(parsing: bytes)
        #expect(codeOwners.errors.isEmpty)
        #expect(codeOwners.rules.map(\.pattern) == ["*", "/docs/"])
        #expect(codeOwners.rules.map(\.owners) == [["@a"], ["@b"]])
        #expect(codeOwners.owners(of: RawPath("docs/x")) == ["@b"])
    }

    @Test func lastLineWithoutNewline() {
        let codeOwners = CodeOwners(parsing: "* @a\n*.md @b")
        #expect(codeOwners.owners(of: RawPath("x.md")) == ["@b"])
    }

    @Test func escapedSpaceStaysInThePattern() {
        let codeOwners = CodeOwners(parsing: "My\\ Folder/ @a\n")
        #expect(codeOwners.errors.isEmpty)
        #expect(codeOwners.owners(of: RawPath("My Folder/x")) == ["@a"])
        #expect(codeOwners.owners(of: RawPath("My/x")).isEmpty)
    }

    @Test(arguments: [
        "@user", "@user-name", "@User_acme", "@org/team", "@org/team-name", "@org/team_name", "@a.b",
        "user@example.com", "first.last+tag@sub.example.co.uk", "o'neil@example.org",
    ])
    func validOwners(owner: String) {
        let codeOwners = CodeOwners(parsing: "* \(owner)\n")
        #expect(codeOwners.errors.isEmpty)
        #expect(codeOwners.owners(of: RawPath("a")) == [owner])
    }

    @Test(arguments: [
        "user", "@", "@org/", "@/team", "@org/team/sub", "@us er", "user@", "@user@example.com",
        "user@localhost", "user@example..com", "a@b@c.com", "@usér",
    ])
    func invalidOwnerSkipsTheLine(owner: String) {
        let codeOwners = CodeOwners(parsing: "* @default\n*.md @docs \(owner)\n")
        #expect(codeOwners.rules.count == 1)
        #expect(codeOwners.errors.count == 1)
        #expect(codeOwners.errors.first?.line == 2)
        #expect(codeOwners.owners(of: RawPath("a.md")) == ["@default"])
    }

    @Test func invalidOwnerNamesTheOwner() {
        let error = CodeOwners(parsing: "\n\n* user\n").errors.first
        #expect(error?.reason == .invalidOwner("user"))
        #expect(error?.line == 3)
        #expect(error?.source == "* user")
        #expect(error?.description == "line 3: invalid owner \"user\" (expected @user, @org/team or an email address); the line is skipped")
    }

    @Test func patternErrors() {
        let codeOwners = CodeOwners(parsing: "/ @a\nfoo\\ \n[abc] @b\nfoo] @c\nfoo\\[x\\] @d\n")
        #expect(codeOwners.errors.map(\.reason) == [.matchesNothing, .characterRangeNotSupported, .characterRangeNotSupported])
        #expect(codeOwners.errors.map(\.line) == [1, 3, 4])
        #expect(codeOwners.rules.map(\.line) == [2, 5])
        #expect(codeOwners.owners(of: RawPath("foo[x]")) == ["@d"])
        #expect(codeOwners.owners(of: RawPath("foo ")).isEmpty)
    }

    @Test func trailingBackslashIsAnError() {
        let codeOwners = CodeOwners(parsing: "foo\\")
        #expect(codeOwners.errors.map(\.reason) == [.trailingBackslash])
        #expect(codeOwners.rules.isEmpty)
    }

    @Test func errorDescriptionsNameTheLine() {
        let errors = CodeOwners(parsing: "!a @x\n[a] @x\n\\#a @x\n/ @x\n").errors
        #expect(errors.map(\.description) == [
            "line 1: negation with \"!\" is not supported; the line is skipped",
            "line 2: character ranges with \"[ ]\" are not supported; the line is skipped",
            "line 3: escaping a leading \"#\" with \"\\\" is not supported; the line is skipped",
            "line 4: the pattern matches nothing; the line is skipped",
        ])
    }

    @Test func nonUTF8PatternsMatchTheirBytes() {
        let bytes = Array("latin1-".utf8) + [0xE9] + Array(".txt @a\n".utf8)
        let codeOwners = CodeOwners(parsing: bytes)
        #expect(codeOwners.errors.isEmpty)
        #expect(codeOwners.owners(of: Array("dir/latin1-".utf8) + [0xE9] + Array(".txt".utf8)) == ["@a"])
        #expect(codeOwners.owners(of: RawPath("dir/latin1-é.txt")).isEmpty)
    }

    @Test func ruleForReportsTheDecidingLine() {
        let codeOwners = CodeOwners(parsing: "* @a\n\n/src/ @b\n/src/gen/\n")
        #expect(codeOwners.rule(for: RawPath("src/x.c"))?.line == 3)
        #expect(codeOwners.rule(for: RawPath("src/gen/x.c"))?.line == 4)
        #expect(codeOwners.rule(for: RawPath("README"))?.line == 1)
        #expect(CodeOwners(parsing: "/src/ @b\n").rule(for: RawPath("README")) == nil)
        #expect(CodeOwners(parsing: "").rules.isEmpty)
    }
}
