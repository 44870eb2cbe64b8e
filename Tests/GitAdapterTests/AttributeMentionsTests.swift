import Annotations
import Foundation
import Testing
import TestSupport
@testable import GitAdapter

/// Paths are looked up only when an attributes file names the attributes asked about: a
/// repository whose `.gitattributes` set other attributes gives every path unspecified (as
/// `git check-attr` does) without asking libgit2, and a macro defined in one file and used in
/// another still counts.
struct AttributeMentionsTests {
    static let names = ["linguist-generated", "linguist-vendored"]
    static let paths = ["a.txt", "sub/x.pb.go", "sub/y.c", "sub/deep/z.pb.go", "other/w.pb.go"]

    static func repository(_ files: [String: String]) throws -> String {
        let directory = try Fixtures.temporaryDirectory() + "/mentions-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        #expect(try Shell.git(["init", "-q"], in: directory).status == 0)
        for (path, text) in files.merging(Dictionary(uniqueKeysWithValues: paths.map { ($0, "x\n") }), uniquingKeysWith: { a, _ in a }) {
            let full = directory + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }
        #expect(try Shell.git(["add", "-A"], in: directory).status == 0)
        #expect(try Shell.git(["-c", "user.name=F", "-c", "user.email=f@example.com", "commit", "-q", "-m", "files"], in: directory).status == 0)
        return directory
    }

    static func ours(_ repository: String, side: @Sendable (Repository) throws -> ComparedSide) throws -> (AttributeLookup, [[AttributeState]?]) {
        let opened = try Repository.open(at: repository, environment: TestEnvironment.variables())
        let lookup = AttributeLookup(repository: opened, side: try side(opened), config: try opened.readConfig())
        return (lookup, try lookup.states(of: paths.map { Array($0.utf8) }, names: names))
    }

    static let sides: [(String, GitCheckAttr.Side, @Sendable (Repository) throws -> ComparedSide)] = [
        ("tree", .revision("HEAD"), { .tree(try $0.treeID(of: "HEAD")) }),
        ("index", .index, { _ in .index }),
        ("worktree", .workingTree, { _ in .workingTree }),
    ]

    @Test func filesThatNameOtherAttributesLeaveEveryPathUnspecified() throws {
        let repository = try Self.repository([".gitattributes": "*.txt text eol=lf\n[attr]mine -diff\n",
                                              "sub/.gitattributes": "*.c diff=cpp\n*.pb.go mine\n"])
        for (name, gitSide, side) in Self.sides {
            let (lookup, states) = try Self.ours(repository, side: side)
            #expect(try lookup.attributeFiles(along: Self.paths.map { Array($0.utf8) }).files.count == 2, "\(name)")
            #expect(states.allSatisfy { $0 == nil }, "\(name)")
            let git = try GitCheckAttr.states(repository, paths: Self.paths, names: Self.names, side: gitSide)
            #expect(git.allSatisfy { $0.allSatisfy { $0 == "unspecified" } }, "\(name): \(git)")
        }
    }

    @Test func aMacroNamingThemInAnotherFileStillCounts() throws {
        let repository = try Self.repository([".gitattributes": "[attr]gen linguist-generated\n",
                                              "sub/.gitattributes": "*.pb.go gen\n"])
        for (name, gitSide, side) in Self.sides {
            let (_, states) = try Self.ours(repository, side: side)
            let git = try GitCheckAttr.states(repository, paths: Self.paths, names: Self.names, side: gitSide)
                .map { $0.map(AttributeState.init(checkAttrOutput:)) }
            let unspecified = Self.names.map { _ in AttributeState.unspecified }
            #expect(states.map { $0 ?? unspecified } == git, "\(name)")
            #expect(states[1]?[0] == .set && states[3]?[0] == .set, "\(name)")
        }
    }

    @Test func aWorkingTreeFileNamingThemCountsThoughTheCommittedOneDoesNot() throws {
        let repository = try Self.repository([".gitattributes": "*.txt text\n"])
        try "*.pb.go linguist-generated\n".write(toFile: repository + "/.gitattributes", atomically: true, encoding: .utf8)
        let (_, worktree) = try Self.ours(repository, side: { _ in .workingTree })
        #expect(worktree[1]?[0] == .set)
        let (_, tree) = try Self.ours(repository, side: { .tree(try $0.treeID(of: "HEAD")) })
        #expect(tree.allSatisfy { $0 == nil })
    }
}
