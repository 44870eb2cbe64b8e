import Foundation
import Testing
import TestSupport

/// `Docs/treereview.schema.json` against real outputs of every comparison mode and
/// projection, validated by Debian's `python3-jsonschema` (draft 2020-12); and proof that
/// the validator rejects what the schema forbids.
struct JSONSchemaTests {
    /// One run of the command whose JSON output must validate.
    struct Run: Sendable, CustomTestStringConvertible {
        enum Input: Sendable {
            case none
            /// What `git` prints with these arguments in the fixture.
            case git([String])
            case bytes([UInt8])
        }

        let fixture: String
        let arguments: [String]
        var input = Input.none
        /// Text the output must contain, so that the run shows what it is meant to.
        var shows: [String] = []

        var testDescription: String {
            let command = (["treereview"] + arguments).joined(separator: " ")
            return switch input {
            case .none: "\(fixture): \(command)"
            case .git(let arguments): "\(fixture): git \(arguments.joined(separator: " ")) | \(command)"
            case .bytes(let bytes): "\(fixture): \(bytes.count) bytes | \(command)"
            }
        }
    }

    static let runs: [Run] = [
        Run(fixture: "branches", arguments: ["main..feature"], shows: [#""mode":"commits""#, #""status":"renamed""#, #""binary":true"#]),
        Run(fixture: "branches", arguments: ["main", "feature"], shows: [#""spec":"main feature""#, #""status":"typeChanged""#]),
        Run(fixture: "branches", arguments: ["main...feature"], shows: [#""mode":"mergeBase""#]),
        Run(fixture: "branches", arguments: ["--find-copies", "main..feature"], shows: [#""status":"copied""#]),
        Run(fixture: "branches", arguments: ["--no-stat", "main..feature"], shows: [#""insertions":null"#]),
        Run(fixture: "branches", arguments: ["--search", "model", "main..feature"], shows: [#""files":2,"#]),
        Run(fixture: "branches", arguments: ["--search", "model", "--search-mode", "collapse", "main..feature"]),
        Run(fixture: "branches", arguments: ["--search", "App/", "--search-mode", "expand", "main..feature"]),
        Run(fixture: "branches", arguments: ["--search", "no such name", "main..feature"], shows: [#""files":[],"tree":[]"#]),
        Run(fixture: "branches", arguments: ["--depth", "0", "main..feature"]),
        Run(fixture: "branches", arguments: ["--depth", "1", "--no-flatten", "--sort", "name", "main..feature"]),
        Run(fixture: "branches", arguments: ["--sort", "input", "--status", "AD", "main..feature"]),
        Run(fixture: "worktree", arguments: [], shows: [#""mode":"worktree""#, #""status":"untracked""#]),
        Run(fixture: "worktree", arguments: ["--no-untracked", "--no-stat"]),
        Run(fixture: "worktree", arguments: ["--status", "?"], shows: [#""binary":null"#]),
        Run(fixture: "worktree", arguments: ["--staged"], shows: [#""mode":"staged""#]),
        Run(fixture: "partly-staged", arguments: ["--staged"],
            shows: [#""untrackedNotStaged":4,"#, #""icon":"lang-c","partiallyStaged":true}"#]),
        Run(fixture: "partly-staged", arguments: ["--staged", "--no-untracked", "--", "lib"], shows: [#""files":2,"#]),
        Run(fixture: "conflicts", arguments: ["--staged"],
            shows: [#""status":"unmerged","insertions":0,"deletions":0,"binary":false,"oldMode":"100644","newMode":null"#,
                    #""status":"unmerged","insertions":0,"deletions":0,"binary":false,"oldMode":null,"newMode":null"#]),
        Run(fixture: "conflicts", arguments: [], shows: [#""path":"both.txt","status":"modified""#]),
        Run(fixture: "conflicts", arguments: ["--staged", "--status", "U"], shows: [#""unmerged":6,"binary":0"#]),
        Run(fixture: "symlinks", arguments: ["HEAD~1"], shows: [#""oldMode":"100644","newMode":"120000""#]),
        Run(fixture: "intent-to-add", arguments: [], shows: [#""path":"new.txt","status":"added""#]),
        Run(fixture: "sparse", arguments: [], shows: [#""path":"out/new.txt","status":"added""#]),
        Run(fixture: "submodules", arguments: [], shows: [#"{"kind":"submodule","path":"dirty","#, #""newCommit":null"#]),
        Run(fixture: "submodules", arguments: ["HEAD~1..HEAD"],
            shows: [#"{"kind":"submodule","name":"becomes-file","#, #""oldMode":"100644","newMode":"160000","oldCommit":null"#]),
        Run(fixture: "submodules", arguments: ["--staged", "--no-stat"], shows: [#""kind":"submodule""#]),
        Run(fixture: "since-review", arguments: ["main...feature", "--since", "feature~1"],
            shows: [#""sinceReview":{"head":""#, #""revision":"feature~1","changed":3,"files":5}"#, #""changedSinceReview":true"#]),
        Run(fixture: "empty", arguments: [], shows: [#""old":null"#]),
        Run(fixture: "hunks", arguments: ["--hunks", "main...feature"],
            shows: [#""hunks":[{"oldStart":0,"oldLines":0,"newStart":1,"newLines":7}]"#, #""hunks":null"#, #""hunks":[]"#]),
        Run(fixture: "hunks", arguments: ["--hunks"], shows: [#""status":"untracked""#, #""hunks":null"#]),
        Run(fixture: "empty", arguments: ["--staged"]),
        Run(fixture: "groups", arguments: ["--filters", ".github/filters.yml", "main..feature"],
            shows: [#""groups":{"backend":{"changed":true,"count":2,"#, #""untouched":{"changed":false,"count":0,"files":[]}"#]),
        Run(fixture: "groups", arguments: ["--filters", ".github/filters.yml", "--group", "web", "main..feature"],
            shows: [#""filters":[{"filter":"group","groups":["web"]}]"#]),
        Run(fixture: "criss-cross", arguments: ["main...other"], shows: [#""mode":"mergeBase""#]),
        Run(fixture: "hostile-names", arguments: ["HEAD~1..HEAD"], shows: [#""pathBytes":""#, #"\u001b"#]),
        Run(fixture: "hostile-names", arguments: ["--no-stat", "--search", "latin1", "HEAD~1", "HEAD"], shows: [#""pathBytes":""#]),
        Run(fixture: "branches", arguments: ["--stdin"], input: .git(["diff", "--name-status", "-M", "main", "feature"]),
            shows: [#""mode":"stdin""#, #""similarity":98"#]),
        Run(fixture: "hostile-names", arguments: ["--stdin", "-z"], input: .git(["diff", "--name-status", "-z", "HEAD~1", "HEAD"]),
            shows: [#""pathBytes":""#]),
        Run(fixture: "branches", arguments: ["--stdin"], input: .git(["diff", "--name-only", "main", "feature", "--", "Sources", "Docs"])),
        Run(fixture: "branches", arguments: ["--stdin"], input: .bytes(Array("X\tunknown\nU\tconflict.c\n?\tnew.txt\nC75\ta.c\tb.c\n".utf8)),
            shows: [#""status":"unmerged""#, #""status":"copied""#]),
        Run(fixture: "branches", arguments: ["--stdin", "-z"],
            input: .bytes(Array("R090\0old".utf8) + [0xFF, 0] + Array("dir".utf8) + [0xFE] + Array("/new\0".utf8)),
            shows: [#""oldPathBytes":"b2xk/w==""#, #""pathBytes":"ZGly/i8=""#]),
        Run(fixture: "branches", arguments: ["--stdin", "-z"], input: .bytes(Array("a/b\0".utf8) + [0x63, 0xE9, 0x2F, 0x64, 0]),
            shows: [#""pathBytes":""#]),
        Run(fixture: "annotations", arguments: ["main..feature"],
            shows: [#""generated":true,"vendored":true,"owners":["@root-owner"]"#, #""owners":[]"#, #""excludedGenerated":3,"excludedVendored":1"#]),
        Run(fixture: "annotations", arguments: ["--include-generated", "feature..main"],
            shows: [#""vendored":true,"owners":["@root-owner"]"#, #""excludedGenerated":0,"excludedVendored":0"#]),
        Run(fixture: "annotations", arguments: ["--staged"], shows: [#""generated":true,"owners":["@staged-owner"]"#]),
        Run(fixture: "annotations", arguments: [], shows: [#""owners":["@Worktree-Src"]"#]),
        Run(fixture: "annotations", arguments: ["--owner", "@org/src-team", "--search", "gen", "main..feature"],
            shows: [#""files":2,"#, #""filters":[{"filter":"owner","owners":["@org/src-team"]},{"filter":"search","query":"gen"}]"#]),
        Run(fixture: "branches", arguments: ["--status", "Ad", "main..feature"],
            shows: [#""filters":[{"filter":"status","keep":["added"],"drop":["deleted"]}]"#]),
        Run(fixture: "partly-staged", arguments: ["--unviewed"], shows: [#""filters":[{"filter":"unviewed"}]"#]),
        Run(fixture: "branches", arguments: ["main..feature"], shows: [#""filters":[]}"#]),
        Run(fixture: "owners-sides", arguments: ["main...self"],
            shows: [#""codeOwners":{"side":"base","read":"revision","revision":""#, #""path":"docs/CODEOWNERS","tooLarge":false},"files":2,"filters":[]}"#]),
        Run(fixture: "owners-sides", arguments: ["--owners-from=new", "main...delete"], shows: [#""side":"new","read":"revision""#, #""path":null,"tooLarge":false}"#]),
        Run(fixture: "owners-sides", arguments: ["--staged"], shows: [#""codeOwners":{"side":"new","read":"index","revision":null,"path":"docs/CODEOWNERS""#]),
        Run(fixture: "owners-sides", arguments: [], shows: [#""read":"workingTree","revision":null"#]),
        Run(fixture: "monorepo-packages", arguments: ["--affects-all", "README.md", "main..feature"],
            shows: [#""reason":"affectsAll""#, #""packageNotes":[{"file":"swift/Odd/Package.swift""#]),
        Run(fixture: "monorepo-packages", arguments: ["--affected", "--stdin"], input: .git(["diff", "--name-status", "-M", "main", "feature"]),
            shows: [#""reason":"dependency""#]),
    ]

    @Test(arguments: runs)
    func realOutputValidates(run: Run) throws {
        let repository = try Fixtures.repository(run.fixture)
        let input = try Self.standardInput(of: run, in: repository)
        let outcome = CLIRunner.run(["--format", "json"] + run.arguments, in: repository, input: input)
        try #require(outcome.status == 0, "\(outcome.error)")
        let text = outcome.text
        for expected in run.shows {
            #expect(text.contains(expected), "the output should show \(expected)")
        }
        #expect(try SchemaValidator.errors(outcome.output) == [])
        try Self.expectTreeMatchesFiles(outcome.output)
    }

    @Test func prettyOutputValidatesToo() throws {
        let outcome = CLIRunner.run(["--format", "json", "main...feature"], in: try Fixtures.repository("branches"), terminal: true)
        try #require(outcome.status == 0)
        #expect(outcome.text.hasPrefix("{\n  \"schemaVersion\": 1,\n"))
        #expect(try SchemaValidator.errors(outcome.output) == [])
    }

    // MARK: The validator bites

    /// A valid document with one thing broken by `change`, and the error it must cause.
    @Test(arguments: [
        ("an extra top-level key", "/: Additional properties are not allowed"),
        ("an extra key in a tree file node", "/tree/0: "),
        ("a similarity given as text", "/files/0/similarity: '98' is not of type 'integer'"),
        ("a missing icon", "/files/0: 'icon' is a required property"),
        ("a missing summary field", "/summary: 'unmerged' is a required property"),
        ("an old path on an added file", "/files/1/oldPath: False schema does not allow"),
        ("a rename without its old path", "/files/0: 'oldPath' is a required property"),
        ("line counts for a binary file", "/files/2/insertions: 3 is not of type 'null'"),
        ("an unknown status", "/files/1/status: 'gone' is not one of"),
        ("a mode that is not octal", "/files/1/newMode: "),
        ("a repository file without a status", "/files/1: 'status' is a required property"),
        ("an old id for stdin", "/comparison/old: "),
        ("code owners read from an index with a revision", "/comparison/codeOwners/revision: "),
        ("code owners too large with no file", "/comparison/codeOwners/tooLarge: "),
        ("code owners of the new side read from the empty tree", "/comparison/codeOwners/read: "),
        ("code owners for stdin", "/comparison/codeOwners: False schema does not allow"),
        ("a submodule without its commits", "/files/3: 'oldCommit' is a dependency of 'kind'"),
        ("a commit on a file that is no submodule", "/files/1: 'kind' is a dependency of 'oldCommit'"),
        ("a submodule commit that is not an id", "/files/3/newCommit: "),
        ("an old commit where the old side is no submodule", "/files/3/oldCommit: "),
        ("a submodule node without its commits", "/tree/1: "),
        ("commits on a file node", "/tree/0: "),
        ("a submodule mode without the submodule's commits", "/files/0/newMode: "),
        ("line counts on an unmerged file", "/files/4/insertions: 2 is not one of [0, None]"),
        ("a new side for an unmerged file", "/files/4/newMode: "),
        ("a file both viewed and changed since", "/files/1: "),
        ("viewed given as false", "/files/1/viewed: "),
        ("a partly staged file outside --staged", "/files/1/partiallyStaged: False schema does not allow"),
        ("untracked files counted outside --staged", "/untrackedNotStaged: False schema does not allow"),
        ("a partly staged unmerged file", "/files/4/status: "),
        ("a viewed mark on stdin", "/files/1/viewed: False schema does not allow"),
        ("a missing excluded count", "/summary: 'excludedGenerated' is a required property"),
        ("a generated flag that is false", "/files/1/generated: True was expected"),
        ("an owner that is no owner", "/files/0/owners/0: "),
        ("an owner on a file from stdin", "/files/1/owners: False schema does not allow"),
        ("a directory's owners twice", "/tree/2: "),
        ("an unknown filter", "/comparison/filters/0: "),
        ("a status filter without its drop list", "/comparison/filters/0: "),
        ("a status filter keeping no status", "/comparison/filters/0: "),
        ("an owner filter without owners", "/comparison/filters/0: "),
        ("a missing count before filters", "/comparison: 'files' is a required property"),
    ])
    func brokenDocumentIsRejected(change: String, error: String) throws {
        var document = try #require(try JSONSerialization.jsonObject(with: Data(Self.sample)) as? [String: Any])
        Self.break(&document, change)
        let broken = try JSONSerialization.data(withJSONObject: document)
        let errors = try SchemaValidator.errors(Array(broken))
        #expect(errors.contains { $0.hasPrefix(error) }, "\(errors)")
    }

    /// Viewed marks in a repository of its own: a viewed file, one changed since, and the
    /// staged overview's fields, all valid; and the same files without marks carry none.
    @Test func viewedMarksValidate() throws {
        let repo = try Fixtures.fresh("partly-staged")
        #expect(CLIRunner.run(["viewed", "lib", "gone.txt"], in: repo).status == 0)
        #expect(CLIRunner.run(["viewed", "--staged", "--", "added.txt"], in: repo).status == 0)
        try "edited again\n".write(toFile: repo + "/lib/only-staged.c", atomically: true, encoding: .utf8)
        for arguments in [[], ["--staged"], ["--unviewed"], ["--staged", "--unviewed"]] {
            let outcome = CLIRunner.run(["--format", "json"] + arguments, in: repo)
            try #require(outcome.status == 0, "\(outcome.error)")
            #expect(try SchemaValidator.errors(outcome.output) == [], "\(arguments)")
            try Self.expectTreeMatchesFiles(outcome.output)
            let document = try #require(try JSONSerialization.jsonObject(with: Data(outcome.output)) as? [String: Any])
            let files = try #require(document["files"] as? [[String: Any]])
            func flag(_ path: String, _ key: String) -> Bool? {
                files.first { $0["path"] as? String == path }.map { $0[key] as? Bool ?? false }
            }
            switch arguments {
            case []:
                #expect(flag("lib/both.c", "viewed") == true && flag("gone.txt", "viewed") == true)
                #expect(flag("lib/only-staged.c", "changedSinceViewed") == true && flag("lib/only-staged.c", "viewed") == false)
                #expect(flag("added.txt", "changedSinceViewed") == true, "marked with its staged content")
                #expect(flag("unstaged.c", "viewed") == false && flag("unstaged.c", "changedSinceViewed") == false)
                #expect(document["untrackedNotStaged"] == nil)
            case ["--staged"]:
                #expect(flag("added.txt", "viewed") == true && flag("added.txt", "partiallyStaged") == true)
                #expect(flag("lib/both.c", "changedSinceViewed") == true, "the working tree's content was marked")
                #expect(document["untrackedNotStaged"] as? Int == 4)
            default:
                #expect(files.allSatisfy { $0["viewed"] == nil })
                #expect(files.contains { $0["changedSinceViewed"] as? Bool == true })
            }
        }
    }

    @Test func theSampleItselfValidates() throws {
        #expect(try SchemaValidator.errors(Self.sample) == [])
        let roundTripped = try JSONSerialization.data(withJSONObject: try JSONSerialization.jsonObject(with: Data(Self.sample)))
        #expect(try SchemaValidator.errors(Array(roundTripped)) == [])
    }

    /// A small document of every kind of file: a rename, an addition, a binary file, a
    /// submodule, an unmerged file.
    static let sample: [UInt8] = Array("""
        {"schemaVersion":1,"comparison":{"mode":"commits","spec":"a..b",\
        "old":"c4b7fd8c7a7ac10177d31342b1fb93be34e55d93","new":"a7ad73cedd40a213de874fe87c7e5510a5fe09cd",\
        "files":5,"filters":[]},\
        "summary":{"files":5,"added":1,"modified":2,"deleted":0,"renamed":1,"copied":0,"typeChanged":0,"untracked":0,\
        "unmerged":1,"binary":1,"insertions":12,"deletions":1,"excludedGenerated":0,"excludedVendored":0},\
        "files":[\
        {"path":"New.swift","oldPath":"Old.swift","status":"renamed","similarity":98,"insertions":1,"deletions":0,\
        "binary":false,"oldMode":"100644","newMode":"100644","icon":"lang-swift","owners":["@octocat","a@example.com"]},\
        {"path":"added.md","status":"added","insertions":10,"deletions":0,"binary":false,"oldMode":null,\
        "newMode":"100644","icon":"lang-markdown"},\
        {"path":"logo.gif","status":"modified","insertions":null,"deletions":null,"binary":true,"oldMode":"100644",\
        "newMode":"100644","icon":"image-duo"},\
        {"kind":"submodule","path":"vendor/lib","status":"modified","insertions":1,"deletions":1,"binary":false,\
        "oldMode":"160000","newMode":"160000","oldCommit":"a35398cd0f49a220cba075e5e613f12ce1baec2e",\
        "newCommit":"cfb9c87f58ece63c27d3f33298fe20c676add602","icon":"file-duo"},\
        {"path":"z-conflict.txt","status":"unmerged","insertions":0,"deletions":0,"binary":false,"oldMode":"100644",\
        "newMode":null,"icon":"file-text-duo"}],\
        "tree":[{"kind":"file","name":"New.swift","path":"New.swift","oldPath":"Old.swift","status":"renamed",\
        "similarity":98,"insertions":1,"deletions":0,"binary":false,"oldMode":"100644","newMode":"100644",\
        "icon":"lang-swift"},\
        {"kind":"submodule","name":"lib","path":"vendor/lib","status":"modified","insertions":1,"deletions":1,\
        "binary":false,"oldMode":"160000","newMode":"160000","oldCommit":"a35398cd0f49a220cba075e5e613f12ce1baec2e",\
        "newCommit":"cfb9c87f58ece63c27d3f33298fe20c676add602","icon":"file-duo"}]}
        """.utf8)

    private static func `break`(_ document: inout [String: Any], _ change: String) {
        var files = document["files"] as! [[String: Any]]
        var tree = document["tree"] as! [[String: Any]]
        var summary = document["summary"] as! [String: Any]
        var comparison = document["comparison"] as! [String: Any]
        switch change {
        case "an extra top-level key": document["generatedBy"] = "treereview"
        case "an extra key in a tree file node": tree[0]["depth"] = 0
        case "a similarity given as text": files[0]["similarity"] = "98"
        case "a missing icon": files[0]["icon"] = nil
        case "a missing summary field": summary["unmerged"] = nil
        case "an old path on an added file": files[1]["oldPath"] = "elsewhere.md"
        case "a rename without its old path": files[0]["oldPath"] = nil
        case "line counts for a binary file": files[2]["insertions"] = 3
        case "an unknown status": files[1]["status"] = "gone"
        case "a mode that is not octal": files[1]["newMode"] = "100648"
        case "a repository file without a status": files[1]["status"] = nil
        case "a submodule without its commits":
            files[3]["oldCommit"] = nil
            files[3]["newCommit"] = nil
        case "a commit on a file that is no submodule": files[1]["oldCommit"] = NSNull()
        case "a submodule commit that is not an id": files[3]["newCommit"] = "cfb9c87"
        case "an old commit where the old side is no submodule": files[3]["oldMode"] = "100644"
        case "a submodule node without its commits": tree[1]["oldCommit"] = nil
        case "commits on a file node": tree[0]["oldCommit"] = NSNull()
        case "a submodule mode without the submodule's commits": files[0]["newMode"] = "160000"
        case "line counts on an unmerged file": files[4]["insertions"] = 2
        case "a new side for an unmerged file": files[4]["newMode"] = "100644"
        case "a file both viewed and changed since":
            files[1]["viewed"] = true
            files[1]["changedSinceViewed"] = true
        case "viewed given as false": files[1]["viewed"] = false
        case "a partly staged file outside --staged": files[1]["partiallyStaged"] = true
        case "untracked files counted outside --staged": document["untrackedNotStaged"] = 2
        case "a partly staged unmerged file":
            comparison["mode"] = "staged"
            comparison["new"] = NSNull()
            files[4]["partiallyStaged"] = true
        case "a viewed mark on stdin":
            comparison = ["mode": "stdin", "spec": "stdin", "old": NSNull(), "new": NSNull(), "files": 5, "filters": []]
            files[1]["viewed"] = true
        case "a missing excluded count": summary["excludedGenerated"] = nil
        case "a generated flag that is false": files[1]["generated"] = false
        case "an owner that is no owner": files[0]["owners"] = ["octocat"]
        case "an owner on a file from stdin":
            comparison = ["mode": "stdin", "spec": "stdin", "old": NSNull(), "new": NSNull(), "files": 5, "filters": []]
            files = [files[0], files[1]].map { file in
                var file = file
                for key in ["oldMode", "newMode", "binary", "insertions", "deletions"] { file[key] = NSNull() }
                return file
            }
            files[0]["owners"] = nil
            files[1]["owners"] = ["@a"]
        case "a directory's owners twice":
            var summary = document["summary"] as! [String: Any]
            summary["files"] = 1
            tree.append(["kind": "directory", "name": "d", "path": "d/", "segments": ["d"], "summary": summary,
                         "owners": ["@a", "@a"], "children": [tree[0]]])
        case "an unknown filter": comparison["filters"] = [["filter": "size"]]
        case "a status filter without its drop list": comparison["filters"] = [["filter": "status", "keep": ["added"]]]
        case "a status filter keeping no status": comparison["filters"] = [["filter": "status", "keep": ["new"], "drop": []]]
        case "an owner filter without owners": comparison["filters"] = [["filter": "owner", "owners": []]]
        case "a missing count before filters": comparison["files"] = nil
        case "an old id for stdin":
            comparison["mode"] = "stdin"
            comparison["spec"] = "stdin"
        case "code owners read from an index with a revision":
            comparison["codeOwners"] = ["side": "new", "read": "index", "revision": "c4b7fd8c7a7ac10177d31342b1fb93be34e55d93",
                                        "path": "CODEOWNERS", "tooLarge": false]
        case "code owners too large with no file":
            comparison["codeOwners"] = ["side": "base", "read": "emptyTree", "revision": NSNull(), "path": NSNull(), "tooLarge": true]
        case "code owners of the new side read from the empty tree":
            comparison["codeOwners"] = ["side": "new", "read": "emptyTree", "revision": NSNull(), "path": NSNull(), "tooLarge": false]
        case "code owners for stdin":
            comparison = ["mode": "stdin", "spec": "stdin", "old": NSNull(), "new": NSNull(), "files": 5, "filters": [],
                          "codeOwners": ["side": "new", "read": "workingTree", "revision": NSNull(), "path": NSNull(), "tooLarge": false]]
            files = []
            tree = []
        default: Issue.record("unknown change \(change)")
        }
        document["files"] = files
        document["tree"] = tree
        document["summary"] = summary
        document["comparison"] = comparison
    }

    // MARK: Helpers

    private static func standardInput(of run: Run, in repository: String) throws -> [UInt8] {
        switch run.input {
        case .none: return []
        case .git(let arguments): return try Shell.git(arguments, in: repository).output
        case .bytes(let bytes): return bytes
        }
    }

    /// The file nodes of `tree` are the entries of `files` (with `kind` and `name`), and the
    /// summary counts them.
    private static func expectTreeMatchesFiles(_ output: [UInt8]) throws {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(output)) as? [String: Any])
        let files = try #require(document["files"] as? [[String: Any]])
        var fromTree: [NSDictionary] = []
        var pending = try #require(document["tree"] as? [[String: Any]])
        while let node = pending.popLast() {
            if let children = node["children"] as? [[String: Any]] {
                pending += children
            } else {
                var entry = node
                entry["name"] = nil
                fromTree.append(entry as NSDictionary)
            }
        }
        // A file node's kind is its entry's (`submodule`), else `file`.
        let entries = files.map { entry in
            var node = entry
            node["kind"] = entry["kind"] ?? "file"
            node["hunks"] = nil  // --hunks: only in `files`
            return node as NSDictionary
        }
        #expect(Set(fromTree) == Set(entries))
        #expect(fromTree.count == files.count)
        let summary = try #require(document["summary"] as? [String: Any])
        let excluded = (summary["excludedGenerated"] as? Int ?? -1) + (summary["excludedVendored"] as? Int ?? -1)
        #expect(summary["files"] as? Int == files.count - excluded)
        #expect(files.filter { $0["generated"] != nil || $0["vendored"] != nil }.count >= excluded)
    }
}
