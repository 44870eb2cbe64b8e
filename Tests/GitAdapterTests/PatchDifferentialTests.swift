import Testing
import TreeModel
import TestSupport
@testable import GitAdapter

/// Every file's patch against `git diff` with the same comparison, byte for byte: the whole
/// comparison (our patches in change-set order against git's whole output) and each file
/// alone (`git diff <comparison> -- <path>`, `-- <old> <new>` for a rename).
struct PatchDifferentialTests {
    /// One comparison of a fixture: our request and the same in git's arguments.
    struct Comparison: CustomTestStringConvertible, Sendable {
        var fixture: String
        var request: ComparisonRequest
        var gitArguments: [String]
        var testDescription: String { "\(fixture) \(gitArguments.joined(separator: " "))" }
    }

    static let comparisons: [Comparison] = [
        .init(fixture: "patches", request: .init(revisions: ["HEAD~1..HEAD"]), gitArguments: ["-M", "HEAD~1..HEAD"]),
        .init(fixture: "patches", request: .init(), gitArguments: ["-M", "HEAD"]),
        .init(fixture: "patches", request: .init(staged: true), gitArguments: ["-M", "--cached"]),
        .init(fixture: "symlinks", request: .init(revisions: ["HEAD~1..HEAD"]), gitArguments: ["-M", "HEAD~1..HEAD"]),
        .init(fixture: "symlinks", request: .init(), gitArguments: ["-M", "HEAD"]),
        .init(fixture: "symlinks", request: .init(staged: true), gitArguments: ["-M", "--cached"]),
        .init(fixture: "submodules", request: .init(revisions: ["HEAD~1..HEAD"]), gitArguments: ["-M", "HEAD~1..HEAD"]),
        .init(fixture: "submodules", request: .init(), gitArguments: ["-M", "HEAD"]),
        .init(fixture: "submodules", request: .init(staged: true), gitArguments: ["-M", "--cached"]),
        .init(fixture: "worktree", request: .init(), gitArguments: ["-M", "HEAD"]),
        .init(fixture: "worktree", request: .init(staged: true), gitArguments: ["-M", "--cached"]),
        .init(fixture: "hostile-names", request: .init(revisions: ["HEAD~1..HEAD"]), gitArguments: ["-M", "HEAD~1..HEAD"]),
        .init(fixture: "conflicts", request: .init(), gitArguments: ["-M", "HEAD"]),
        .init(fixture: "conflicts", request: .init(staged: true), gitArguments: ["-M", "--cached"]),
        .init(fixture: "branches", request: .init(revisions: ["main...feature"]), gitArguments: ["-M", "main...feature"]),
    ] + ["exact", "basename", "matrix", "threshold", "limit", "attributes"].map {
        .init(fixture: "renames", request: .init(revisions: ["\($0)^..\($0)"]), gitArguments: ["-M", "\($0)^..\($0)"])
    } + [
        .init(fixture: "renames", request: .init(revisions: ["copies^..copies"], renames: .copies(threshold: nil, harder: true)),
              gitArguments: ["-C", "-C", "copies^..copies"]),
    ]

    @Test(arguments: comparisons)
    func wholeComparisonEqualsGitDiff(_ comparison: Comparison) throws {
        let path = try Fixtures.repository(comparison.fixture)
        let repository = try PatchOracle.open(path)
        let changes = try repository.changes(for: comparison.request)
        #expect(!changes.changes.isEmpty, "the fixture should have changes")
        var ours: [UInt8] = []
        for change in changes.changes where change.status != .untracked {
            ours += try repository.patch(for: change, in: changes).bytes
        }
        PatchOracle.expectSame(ours, try PatchOracle.gitDiff(comparison.gitArguments, in: path), comparison.testDescription)
    }

    @Test(arguments: comparisons.filter { $0.request.renames == nil })
    func eachFileEqualsGitDiffOfItsPaths(_ comparison: Comparison) throws {
        let path = try Fixtures.repository(comparison.fixture)
        let repository = try PatchOracle.open(path)
        let changes = try repository.changes(for: comparison.request)
        for change in changes.changes where change.status != .untracked && PatchOracle.isAlone(change, in: changes) {
            let ours = try repository.patch(for: change, in: changes)
            let git = try PatchOracle.gitDiff(comparison.gitArguments + PatchOracle.pathspecs(change), in: path)
            PatchOracle.expectSame(ours.bytes, git, "\(comparison.testDescription) \(change.path)")
            #expect(ours.lines.count == ours.bytes.filter { $0 == 0x0A }.count, "one line entry per line")
        }
    }

    @Test(arguments: ["patches", "worktree", "symlinks", "conflicts"])
    func untrackedFilesEqualGitNoIndex(_ fixture: String) throws {
        let path = try Fixtures.repository(fixture)
        let repository = try PatchOracle.open(path)
        let changes = try repository.changes(for: ComparisonRequest())
        let untracked = changes.changes.filter { $0.status == .untracked }
        #expect(!untracked.isEmpty, "the fixture should have untracked files")
        for change in untracked {
            let ours = try repository.patch(for: change, in: changes)
            PatchOracle.expectSame(ours.bytes, try PatchOracle.gitNoIndex(change.path.bytes, in: path), "\(fixture) \(change.path)")
        }
    }
}
