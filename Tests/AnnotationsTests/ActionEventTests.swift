import Foundation
import Testing
import TestSupport

/// `Scripts/action-run` for each GitHub event, with the payloads of `Fixtures/action/events/`
/// (their `<<rev>>` placeholders replaced by the commit ids of `Fixtures/repos/action-origin.sh`),
/// in clones made as actions/checkout makes them, shallow or complete, from a local bare
/// "origin". Every output is checked against git's answer in the origin, and the summary
/// against git's changes.
struct ActionEventTests {
    static func origin() throws -> String { try Fixtures.repository("action-origin") }

    static func revision(_ spec: String, in origin: String) throws -> String {
        try Shell.git(["rev-parse", spec + "^{commit}"], in: origin).text.trimmingCharacters(in: .newlines)
    }

    static func mergeBase(_ left: String, _ right: String, in origin: String) throws -> String {
        try Shell.git(["merge-base", left, right], in: origin).text.trimmingCharacters(in: .newlines)
    }

    /// A clone of `origin` checked out (detached) at `ref`, as actions/checkout does:
    /// with `depth` 1 only that commit (a shallow clone), with `nil` every branch and tag.
    static func checkout(_ ref: String, depth: Int? = 1, from origin: String) throws -> String {
        let clone = try Fixtures.temporaryDirectory() + "/checkout"
        try Shell.git(["init", "-q", clone], in: origin)
        try Shell.git(["remote", "add", "origin", "file://" + origin], in: clone)
        if let depth {
            try Shell.git(["fetch", "-q", "--no-tags", "--depth=\(depth)", "origin", "+\(ref):refs/remotes/checkout"], in: clone)
        } else {
            try Shell.git(["fetch", "-q", "origin", "+refs/heads/*:refs/remotes/origin/*", "+refs/tags/*:refs/tags/*"], in: clone)
            try Shell.git(["fetch", "-q", "origin", "+\(ref):refs/remotes/checkout"], in: clone)
        }
        try Shell.git(["checkout", "-q", "--detach", "refs/remotes/checkout"], in: clone)
        return clone
    }

    /// The payload `Fixtures/action/events/<name>.json` with each `<<rev>>` replaced by the id
    /// `rev` names in the origin (`<<v1.1>>`, an annotated tag, by the tag's own id), written
    /// to a file of its own.
    static func payload(_ name: String, origin: String) throws -> String {
        var text = try String(contentsOfFile: Fixtures.directory + "/action/events/\(name).json", encoding: .utf8)
        for match in Set(text.matches(of: /<<([^>]+)>>/).map { String($0.output.1) }) {
            let id = try Shell.git(["rev-parse", match], in: origin).text.trimmingCharacters(in: .newlines)
            text = text.replacingOccurrences(of: "<<\(match)>>", with: id)
        }
        let path = try Fixtures.temporaryDirectory() + "/event.json"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func run(_ event: String, payload name: String, in clone: String, origin: String,
                    _ environment: [String: String] = [:]) throws -> ActionStepTests.Run {
        var variables = ["GITHUB_EVENT_NAME": event, "GITHUB_EVENT_PATH": try payload(name, origin: origin)]
        variables.merge(environment) { $1 }
        return try ActionStepTests.run(in: clone, variables)
    }

    /// git's changes from `base` to `head` in the origin, renames found: status letter, path, old path.
    static func changes(_ base: String, _ head: String, in origin: String) throws -> [(status: Character, path: String, old: String?)] {
        let fields = try Shell.git(["diff", "-z", "--name-status", "-M", base, head], in: origin).output
            .split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        var result: [(status: Character, path: String, old: String?)] = []
        var index = 0
        while index + 1 < fields.count, let status = fields[index].first {
            if status == "R" || status == "C" {
                result.append((status, fields[index + 2], fields[index + 1]))
                index += 3
            } else {
                result.append((status, fields[index + 1], nil))
                index += 2
            }
        }
        return result.sorted { Array($0.path.utf8).lexicographicallyPrecedes(Array($1.path.utf8)) }
    }

    /// Checks every output that does not depend on filters or packages, and the summary,
    /// against git's comparison of `base` (the merge base) with `head` in the origin;
    /// `left` is the revision the run compared from, `names` what the summary's title calls the sides.
    static func checkOutputs(_ run: ActionStepTests.Run, base: String, head: String, left: String, names: (head: String, base: String),
                             origin: String, counted: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(run.result.status == 0, "\(run.result.text)\(run.result.error)", sourceLocation: sourceLocation)
        let changes = try Self.changes(base, head, in: origin)
        func paths(_ statuses: String) -> [String] { changes.filter { statuses.contains($0.status) }.map(\.path) }
        #expect(run.outputs["base"] == base, sourceLocation: sourceLocation)
        #expect(run.outputs["head"] == head, sourceLocation: sourceLocation)
        #expect(run.outputs["any-changed"] == String(!changes.isEmpty), sourceLocation: sourceLocation)
        #expect(run.outputs["count"] == String(changes.count), sourceLocation: sourceLocation)
        #expect(run.outputs["counted"] == String(counted ?? changes.count), sourceLocation: sourceLocation)
        #expect(try run.list("files") == changes.map(\.path), sourceLocation: sourceLocation)
        #expect(try run.list("added") == paths("AC"), sourceLocation: sourceLocation)
        #expect(try run.list("modified") == paths("MT"), sourceLocation: sourceLocation)
        #expect(try run.list("deleted") == paths("D"), sourceLocation: sourceLocation)
        #expect(try run.list("renamed") == paths("R"), sourceLocation: sourceLocation)
        #expect(try run.list("deleted-by-rename") == changes.filter { $0.status == "R" }.compactMap(\.old), sourceLocation: sourceLocation)
        #expect(try run.list("directories") == ActionStepTests.directories(changes.map(\.path), depth: 1), sourceLocation: sourceLocation)
        #expect(try run.list("changes") == [], sourceLocation: sourceLocation)
        #expect(run.outputs["groups"] == "{}", sourceLocation: sourceLocation)
        #expect(try run.list("packages") == [], sourceLocation: sourceLocation)
        #expect(try run.list("affected") == [], sourceLocation: sourceLocation)
        if counted == nil {
            try ActionStepTests.checkSummary(run.summary, title: ActionStepTests.title(head: (names.head, head), base: (names.base, base)), gitArguments: ["\(base)...\(head)"],
                                             in: origin, sourceLocation: sourceLocation)
        }
        #expect(run.result.text.contains("treereview: comparing \(left)...\(head): \(run.outputs["base-reason"] ?? "?")\n"),
                sourceLocation: sourceLocation)
    }

    static func isShallow(_ clone: String) throws -> Bool {
        try Shell.git(["rev-parse", "--is-shallow-repository"], in: clone).text == "true\n"
    }

    static func has(_ commit: String, in clone: String) throws -> Bool {
        try Shell.run("git", ["cat-file", "-e", commit + "^{commit}"], in: clone).status == 0
    }

    /// A pull request whose base branch moved after `base.sha`: the checkout's HEAD is the
    /// merge commit of the PR into main's tip, and the files are the PR's own, from its merge
    /// base with main (lib/landed.txt, which landed on main, is not one of them). A shallow
    /// clone is deepened to that merge base and no further.
    @Test(arguments: [1, nil] as [Int?])
    func pullRequestComparesItsHeadWithItsMergeBase(depth: Int?) throws {
        let origin = try Self.origin()
        let clone = try Self.checkout("refs/pull/1/merge", depth: depth, from: origin)
        let run = try Self.run("pull_request", payload: "pull_request", in: clone, origin: origin)
        let head = try Self.revision("feature", in: origin), main = try Self.revision("main", in: origin)
        let base = try Self.revision("v1.0", in: origin)
        #expect(try Self.mergeBase("main", "feature", in: origin) == base)
        try Self.checkOutputs(run, base: base, head: head, left: main, names: ("feature", "main"), origin: origin)
        #expect(run.outputs["base-reason"] == "pull request #1: its head \(head.prefix(7)) against its merge base with main's tip \(main.prefix(7)), as its Files tab")
        #expect(try !run.list("files").contains("lib/landed.txt"))
        #expect(try run.list("files") == ["app/feature.c", "app/main.c", "app/old.c", "docs/start.md", "packages/core/src/index.ts"])
        if depth != nil {
            #expect(try Self.isShallow(clone))
            #expect(try !Self.has("v1.0~3", in: clone), "deepened further than the merge base")
        }
    }

    /// pull_request_target checks out the base branch, not the pull request: the head is fetched.
    @Test func pullRequestTargetFetchesTheHead() throws {
        let origin = try Self.origin()
        let clone = try Self.checkout("refs/heads/main", from: origin)
        let run = try Self.run("pull_request_target", payload: "pull_request_target", in: clone, origin: origin)
        try Self.checkOutputs(run, base: try Self.revision("v1.0", in: origin), head: try Self.revision("feature", in: origin),
                              left: try Self.revision("main", in: origin), names: ("feature", "main"), origin: origin)
    }

    /// A re-run reads the first run's payload and checks out its merge commit, made before
    /// main moved again (lib/later.txt): the answer is the PR's files still.
    @Test func reRunAfterTheBaseMovedComparesThePullRequestAlone() throws {
        let origin = try Self.origin()
        let clone = try Self.checkout("refs/rerun/merge", from: origin)
        let run = try Self.run("pull_request", payload: "pull_request", in: clone, origin: origin, ["GITHUB_RUN_ATTEMPT": "2"])
        try Self.checkOutputs(run, base: try Self.revision("v1.0", in: origin), head: try Self.revision("feature", in: origin),
                              left: try Self.revision("main", in: origin), names: ("feature", "main"), origin: origin)
        #expect(try !run.list("files").contains("lib/later.txt"))
    }

    /// A pull request changing only pnpm-lock.yaml (a generated file): it changed, though the
    /// summary counts no file.
    @Test func lockFileOnlyPullRequestChangedSomething() throws {
        let origin = try Self.origin()
        let clone = try Self.checkout("refs/pull/2/merge", from: origin)
        let run = try Self.run("pull_request", payload: "pull_request-lockfile", in: clone, origin: origin)
        try Self.checkOutputs(run, base: try Self.revision("main", in: origin), head: try Self.revision("lockfile", in: origin),
                              left: try Self.revision("main", in: origin), names: ("lockfile", "main"), origin: origin, counted: 0)
        #expect(run.outputs["any-changed"] == "true")
        #expect(try run.list("files") == ["pnpm-lock.yaml"])
        let shown = try RenderedMarkdown(parsing: Array(run.summary.utf8))
        #expect(shown.headline == "no changes counted", "\(run.summary)")
        let title = ActionStepTests.title(head: ("lockfile", try Self.revision("lockfile", in: origin)), base: ("main", try Self.revision("main", in: origin)))
        #expect(run.summary.hasPrefix("### `\(title)` · no changes counted · 1 generated file not counted\n"), "\(run.summary)")
        #expect(run.summary.contains("- `pnpm-lock.yaml` · generated, not counted · +1\n"), "\(run.summary)")
    }

    @Test(arguments: [1, nil] as [Int?])
    func pushComparesTheCommitsPushed(depth: Int?) throws {
        let origin = try Self.origin()
        let clone = try Self.checkout("refs/heads/main", depth: depth, from: origin)
        let run = try Self.run("push", payload: "push", in: clone, origin: origin)
        let before = try Self.revision("main~1", in: origin), after = try Self.revision("main", in: origin)
        try Self.checkOutputs(run, base: before, head: after, left: before, names: ("main", "main"), origin: origin)
        #expect(run.outputs["base-reason"] == "push to main: \(before.prefix(7))..\(after.prefix(7)), the commits pushed")
        #expect(try run.list("files") == ["lib/later.txt"])
    }

    /// A new branch (before is all zeros) against where it left the default branch.
    @Test(arguments: [1, nil] as [Int?])
    func newBranchComparesWithWhereItLeftTheDefaultBranch(depth: Int?) throws {
        let origin = try Self.origin()
        let clone = try Self.checkout("refs/heads/newbranch", depth: depth, from: origin)
        let run = try Self.run("push", payload: "push-new-branch", in: clone, origin: origin)
        let head = try Self.revision("newbranch", in: origin)
        try Self.checkOutputs(run, base: try Self.mergeBase("main", "newbranch", in: origin), head: head,
                              left: try Self.revision("main", in: origin), names: ("newbranch", "main"), origin: origin)
        #expect(run.outputs["base-reason"] == "new branch: newbranch against where it left the default branch main")
        #expect(try run.list("files") == ["app/new.c"])
    }

    /// A force push compares the new tip with its merge base with the old one: what the push
    /// brought (t1 amended and t3), not the commits it replaced.
    @Test(arguments: [1, nil] as [Int?])
    func forcePushComparesWhatThePushBrought(depth: Int?) throws {
        let origin = try Self.origin()
        let clone = try Self.checkout("refs/heads/topic", depth: depth, from: origin)
        let run = try Self.run("push", payload: "push-force", in: clone, origin: origin)
        let before = try Self.revision("refs/old/topic", in: origin), after = try Self.revision("topic", in: origin)
        try Self.checkOutputs(run, base: try Self.mergeBase(before, after, in: origin), head: after, left: before, names: ("topic", "topic"), origin: origin)
        #expect(run.outputs["base-reason"] == "force push to topic: \(after.prefix(7)) against its merge base with the old tip \(before.prefix(7)), what the push brought")
        #expect(try run.list("files") == ["topic.txt", "topic3.txt"])
    }

    /// A force push whose old tip cannot be fetched any more: the new-branch rule.
    @Test func forcePushWhoseOldTipIsGone() throws {
        let origin = try Self.origin()
        let clone = try Self.checkout("refs/heads/topic", from: origin)
        let gone = String(repeating: "ab", count: 20)
        let payload = try Self.payload("push-force", origin: origin)
        let text = try String(contentsOfFile: payload, encoding: .utf8)
            .replacingOccurrences(of: try Self.revision("refs/old/topic", in: origin), with: gone)
        try text.write(toFile: payload, atomically: true, encoding: .utf8)
        let run = try ActionStepTests.run(in: clone, ["GITHUB_EVENT_NAME": "push", "GITHUB_EVENT_PATH": payload])
        let after = try Self.revision("topic", in: origin)
        try Self.checkOutputs(run, base: try Self.mergeBase("main", after, in: origin), head: after,
                              left: try Self.revision("main", in: origin), names: ("topic", "main"), origin: origin)
        #expect(run.outputs["base-reason"] == "push whose old tip abababa is gone: topic against where it left the default branch main")
    }

    /// A tag push (an annotated tag): the tagged commit against its parent.
    @Test(arguments: [1, nil] as [Int?])
    func tagPushComparesTheTaggedCommitWithItsParent(depth: Int?) throws {
        let origin = try Self.origin()
        let clone = try Self.checkout("refs/tags/v1.1", depth: depth, from: origin)
        let run = try Self.run("push", payload: "push-tag", in: clone, origin: origin)
        let head = try Self.revision("v1.1", in: origin), parent = try Self.revision("v1.1~1", in: origin)
        try Self.checkOutputs(run, base: parent, head: head, left: parent, names: ("v1.1", "parent"), origin: origin)
        #expect(run.outputs["base-reason"] == "tag v1.1 pushed: \(head.prefix(7)) against its parent \(parent.prefix(7))")
    }

    /// A merge queue's entry: its head against the target branch's base_sha.
    @Test(arguments: [1, nil] as [Int?])
    func mergeGroupComparesTheQueuedHeadWithTheBase(depth: Int?) throws {
        let origin = try Self.origin()
        let clone = try Self.checkout("refs/pull/1/merge", depth: depth, from: origin)
        let run = try Self.run("merge_group", payload: "merge_group", in: clone, origin: origin)
        let main = try Self.revision("main", in: origin), head = try Self.revision("refs/pull/1/merge", in: origin)
        try Self.checkOutputs(run, base: main, head: head, left: main, names: ("merge queue", "main"), origin: origin)
        #expect(try run.list("files") == ["app/feature.c", "app/main.c", "app/old.c", "docs/start.md", "packages/core/src/index.ts"])
        #expect(run.outputs["base-reason"]?.hasPrefix("merge queue entry refs/heads/gh-readonly-queue/main/pr-1-") == true)
    }

    /// workflow_dispatch and schedule: the base input when given, else the previous commit.
    @Test(arguments: ["workflow_dispatch", "schedule"])
    func manualAndScheduledRunsCompareWithTheParentOrTheInput(event: String) throws {
        let origin = try Self.origin()
        let clone = try Self.checkout("refs/heads/main", from: origin)
        let main = try Self.revision("main", in: origin), parent = try Self.revision("main~1", in: origin)
        let run = try Self.run(event, payload: event, in: clone, origin: origin, ["GITHUB_REF_NAME": "main"])
        try Self.checkOutputs(run, base: parent, head: main, left: parent, names: ("main", "parent"), origin: origin)
        #expect(run.outputs["base-reason"] == "\(event): \(main.prefix(7)) against its parent \(parent.prefix(7))")

        let given = try Self.run(event, payload: event, in: clone, origin: origin, ["INPUT_BASE": "v1.0", "GITHUB_REF_NAME": "main"])
        let tag = try Self.revision("v1.0", in: origin)
        try Self.checkOutputs(given, base: tag, head: main, left: tag, names: ("main", "v1.0"), origin: origin)
        #expect(given.outputs["base-reason"] == "the base input: v1.0")
    }

    /// The base and head inputs win over the event's.
    @Test func inputsWinOverTheEvent() throws {
        let origin = try Self.origin()
        let clone = try Self.checkout("refs/pull/1/merge", depth: nil, from: origin)
        let run = try Self.run("pull_request", payload: "pull_request", in: clone, origin: origin,
                               ["INPUT_BASE": "v1.0", "INPUT_HEAD": "refs/remotes/origin/newbranch"])
        let tag = try Self.revision("v1.0", in: origin), head = try Self.revision("newbranch", in: origin)
        try Self.checkOutputs(run, base: try Self.mergeBase(tag, head, in: origin), head: head, left: tag, names: ("refs/remotes/origin/newbranch", "v1.0"), origin: origin)
        #expect(run.outputs["base-reason"] == "the base input: v1.0, the head input: refs/remotes/origin/newbranch")
    }

    /// Filters (paths-filter's format, inline or a file): the groups, which changed, and
    /// in the summary the groups that changed. lib changed on main only, so not here.
    @Test(arguments: [false, true])
    func filtersGiveEachGroup(inFile: Bool) throws {
        let origin = try Self.origin()
        let clone = try Self.checkout("refs/pull/1/merge", from: origin)
        let filters = "backend:\n  - 'app/**'\n  - 'packages/**'\ndocs: 'docs/**'\nlib: 'lib/**'\n"
        var value = filters
        if inFile {
            value = "filters.yml"
            try filters.write(toFile: clone + "/filters.yml", atomically: true, encoding: .utf8)
        }
        let run = try Self.run("pull_request", payload: "pull_request", in: clone, origin: origin, ["INPUT_FILTERS": value])
        #expect(run.result.status == 0, "\(run.result.text)\(run.result.error)")
        #expect(try run.list("changes") == ["backend", "docs"])
        struct Group: Decodable, Equatable { let changed: Bool; let count: Int; let files: [String] }
        let groups = try JSONDecoder().decode([String: Group].self, from: Data((run.outputs["groups"] ?? "").utf8))
        #expect(groups == [
            "backend": Group(changed: true, count: 4, files: ["app/feature.c", "app/main.c", "app/old.c", "packages/core/src/index.ts"]),
            "docs": Group(changed: true, count: 1, files: ["docs/start.md"]),
            "lib": Group(changed: false, count: 0, files: []),
        ])
        #expect(run.summary.contains("backend"), "\(run.summary)")
        #expect(run.calls.allSatisfy { $0.contains("--filters ") })
    }

    /// packages: the changed packages and every package they affect.
    @Test func packagesAndAffected() throws {
        let origin = try Self.origin()
        let clone = try Self.checkout("refs/pull/1/merge", from: origin)
        let run = try Self.run("pull_request", payload: "pull_request", in: clone, origin: origin, ["INPUT_PACKAGES": "true"])
        #expect(run.result.status == 0, "\(run.result.text)\(run.result.error)")
        #expect(try run.list("packages") == [".", "packages/core"])
        #expect(try run.list("affected") == [".", "packages/core", "packages/ui"])
    }

    /// On GitHub (GITHUB_REPOSITORY set) each file of the summary is a link: on a pull request
    /// to its diff on the Files tab (`#diff-` and the SHA-256 of its path), on a push to the
    /// file at the head commit (a deleted file at the base's).
    @Test func theSummaryLinksEachFile() throws {
        let origin = try Self.origin()
        let github = ["GITHUB_REPOSITORY": "acme/treereview", "GITHUB_SERVER_URL": "https://github.com"]
        func links(_ run: ActionStepTests.Run) throws -> [String: String] {
            let nodes = try CommonMark.parse(Array(run.summary.utf8), .gitHub).all.filter { $0.kind == "link" }
            return Dictionary(nodes.map { ($0.plainText, $0.attributes["destination"] ?? $0.attributes["url"] ?? "") }) { $1 }
        }
        let pull = try Self.run("pull_request", payload: "pull_request", in: try Self.checkout("refs/pull/1/merge", from: origin),
                                origin: origin, github)
        #expect(pull.result.status == 0, "\(pull.result.text)\(pull.result.error)")
        let pullLinks = try links(pull)
        #expect(pullLinks.count == 5, "\(pull.summary)")
        for path in try pull.list("files") {
            let name = String(path.split(separator: "/").last ?? "")
            let digest = try Shell.run("sha256sum", [], input: Array(path.utf8)).text.prefix(64)
            #expect(pullLinks.values.contains("https://github.com/acme/treereview/pull/1/files#diff-\(digest)"), "\(name): \(pullLinks)")
        }
        let push = try Self.run("push", payload: "push", in: try Self.checkout("refs/heads/main", from: origin), origin: origin, github)
        #expect(push.result.status == 0, "\(push.result.text)\(push.result.error)")
        let head = try Self.revision("main", in: origin)
        #expect(Array(try links(push).values) == ["https://github.com/acme/treereview/blob/\(head)/lib/later.txt"], "\(push.summary)")
    }
}
