import Annotations
import Foundation
import Testing
import TestSupport
import TreeModel

/// Generated and vendored files and code owners in the JSON output, on every side of a
/// comparison of the `annotations` fixture, whose attributes and CODEOWNERS differ from
/// side to side: each side's flags against `git check-attr` on that side (then linguist's
/// rules), each side's owners as the CODEOWNERS file read for it gives them (the base's for
/// two revisions, whose rules are the same here; the index's and the working tree's own;
/// `OwnersFromSideTests` has sides whose rules differ).
struct AnnotationJSONTests {
    /// One comparison and what it should show.
    struct Side: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let attributes: GitCheckAttr.Side
        /// The files the comparison lists, and their owners.
        let owners: [String: [String]]
        let generated: Set<String>
        let vendored: Set<String>

        var testDescription: String { arguments.isEmpty ? "(working tree)" : arguments.joined(separator: " ") }
    }

    static let feature = Side(
        arguments: ["main..feature"], attributes: .revision("feature"),
        owners: [
            ".gitattributes": ["@root-owner"], "CODEOWNERS": ["@root-owner"], "README.md": ["@root-owner"],
            "api/schema.json": [], "assets/table.dat": ["@root-owner"], "dist/bundle.js": ["@root-owner"],
            "lib/dep/dep.c": ["@lib-owner", "lib@example.com"], "node_modules/left-pad/index.js": ["@root-owner"],
            "package-lock.json": [], "src/app.c": ["@org/src-team"], "src/extra.gen": ["@org/src-team"],
            "src/model.gen": ["@org/src-team"], "src/notes.txt": ["@org/src-team"],
        ],
        generated: ["node_modules/left-pad/index.js", "package-lock.json", "src/notes.txt"],
        vendored: ["node_modules/left-pad/index.js", "dist/bundle.js"])
    static let main = Side(
        arguments: ["feature..main"], attributes: .revision("main"),
        owners: feature.owners,
        generated: ["node_modules/left-pad/index.js", "package-lock.json", "src/model.gen", "src/extra.gen"],
        vendored: ["node_modules/left-pad/index.js", "dist/bundle.js", "lib/dep/dep.c"])
    static let staged = Side(
        arguments: ["--staged"], attributes: .index,
        owners: [".gitattributes": ["@staged-owner"], ".github/CODEOWNERS": ["@staged-owner"], "src/app.c": ["@staged-owner"]],
        generated: ["src/app.c"], vendored: [])
    static let workingTree = Side(
        arguments: [], attributes: .workingTree,
        owners: [".gitattributes": ["@worktree-owner"], ".github/CODEOWNERS": ["@worktree-owner"], "src/app.c": ["@Worktree-Src"],
                 "lib/dep/dep.c": ["@worktree-owner"], "assets/table.dat": ["@worktree-owner"]],
        generated: [], vendored: ["src/app.c", "lib/dep/dep.c"])
    static let sides = [feature, main, staged, workingTree]

    static func files(_ document: [String: Any]) -> [String: [String: Any]] {
        Dictionary(uniqueKeysWithValues: (document["files"] as! [[String: Any]]).map { ($0["path"] as! String, $0) })
    }

    @Test(arguments: sides)
    func filesCarryTheFlagsAndOwnersOfTheComparedSide(_ side: Side) throws {
        let repository = try Fixtures.repository("annotations")
        let files = Self.files(try CLIRunner.json(side.arguments, in: repository))
        #expect(Set(files.keys) == Set(side.owners.keys))
        for (path, file) in files {
            #expect(file["generated"] as? Bool == (side.generated.contains(path) ? true : nil), "\(path)")
            #expect(file["vendored"] as? Bool == (side.vendored.contains(path) ? true : nil), "\(path)")
            #expect(file["owners"] as? [String] == side.owners[path], "\(path)")
        }
    }

    @Test(arguments: sides)
    func flagsAreGitsAttributesOnThatSideThenLinguistsRules(_ side: Side) throws {
        let repository = try Fixtures.repository("annotations")
        let files = Self.files(try CLIRunner.json(side.arguments, in: repository))
        let paths = files.keys.sorted()
        let states = try GitCheckAttr.states(repository, paths: paths, names: ["linguist-generated", "linguist-vendored"],
                                             side: side.attributes)
        for (path, state) in zip(paths, states) {
            let overrides = LinguistOverrides(generated: AttributeState(checkAttrOutput: state[0]),
                                              vendored: AttributeState(checkAttrOutput: state[1]))
            let expected = FileClassification.resolve(attributes: overrides, path: RawPath(path))
            #expect((files[path]?["generated"] as? Bool ?? false) == expected.isGenerated, "\(path)")
            #expect((files[path]?["vendored"] as? Bool ?? false) == expected.isVendored, "\(path)")
        }
    }

    @Test(arguments: sides)
    func summaryLeavesGeneratedAndVendoredFilesOut(_ side: Side) throws {
        let repository = try Fixtures.repository("annotations")
        let document = try CLIRunner.json(side.arguments, in: repository)
        let summary = document["summary"] as! [String: Any]
        let leftOut = side.generated.union(side.vendored)
        let numstat = try Self.numstat(side.arguments, in: repository)
        #expect(Set(numstat.keys) == Set(side.owners.keys))
        let counted = numstat.filter { !leftOut.contains($0.key) }
        #expect(summary["files"] as? Int == counted.count)
        #expect(summary["excludedGenerated"] as? Int == side.generated.count)
        #expect(summary["excludedVendored"] as? Int == side.vendored.subtracting(side.generated).count)
        #expect(summary["insertions"] as? Int == counted.values.reduce(0) { $0 + ($1?.insertions ?? 0) })
        #expect(summary["deletions"] as? Int == counted.values.reduce(0) { $0 + ($1?.deletions ?? 0) })
        #expect(summary["binary"] as? Int == counted.values.filter { $0 == nil }.count)
        let included = try CLIRunner.json(["--include-generated"] + side.arguments, in: repository)["summary"] as! [String: Any]
        #expect(included["files"] as? Int == numstat.count)
        #expect(included["excludedGenerated"] as? Int == 0 && included["excludedVendored"] as? Int == 0)
        #expect(included["insertions"] as? Int == numstat.values.reduce(0) { $0 + ($1?.insertions ?? 0) })
    }

    /// git's `--numstat` for the comparison (no arguments: the working tree against `HEAD`,
    /// as treereview compares it): each path's counts, `nil` for a binary file.
    static func numstat(_ arguments: [String], in repository: String) throws -> [String: (insertions: Int, deletions: Int)?] {
        let text = try Shell.git(["diff", "--numstat", "--no-renames"] + (arguments.isEmpty ? ["HEAD"] : arguments),
                                 in: repository).text
        var result: [String: (insertions: Int, deletions: Int)?] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", maxSplits: 2).map(String.init)
            if let insertions = Int(fields[0]), let deletions = Int(fields[1]) {
                result[fields[2]] = (insertions, deletions)
            } else {
                result[fields[2]] = .some(nil)
            }
        }
        return result
    }

    @Test func directoriesCarryTheSortedUnionOfTheirFilesOwners() throws {
        let repository = try Fixtures.repository("annotations")
        let document = try CLIRunner.json(["--no-flatten", "main..feature"], in: repository)
        var checked = 0
        func visit(_ node: [String: Any]) -> [String] {
            guard node["kind"] as? String == "directory" else { return node["owners"] as! [String] }
            let below = (node["children"] as! [[String: Any]]).flatMap(visit)
            let expected = Set(below).sorted { $0.lowercased() != $1.lowercased() ? $0.lowercased() < $1.lowercased() : $0 < $1 }
            #expect(node["owners"] as? [String] == expected, "\(node["path"]!)")
            checked += 1
            return below
        }
        _ = (document["tree"] as! [[String: Any]]).flatMap(visit)
        #expect(checked == 8)
    }

    @Test func aDashDiffFileIsBinaryAsGitCountsIt() throws {
        let repository = try Fixtures.repository("annotations")
        let files = Self.files(try CLIRunner.json(["main..feature"], in: repository))
        #expect(files["assets/table.dat"]?["binary"] as? Bool == true)
        #expect(files["assets/table.dat"]?["insertions"] is NSNull)
        let numstat = try Self.numstat(["main..feature"], in: repository)
        #expect(numstat["assets/table.dat"] != nil && numstat["assets/table.dat"]! == nil)
    }

    @Test func withoutCodeOwnersFilesHaveNoOwnersAndNothingIsSaid() throws {
        let repository = try Fixtures.repository("branches")
        let outcome = CLIRunner.run(["--format", "json", "main..feature"], in: repository)
        #expect(outcome.status == 0 && outcome.error.isEmpty, "\(outcome.error)")
        #expect(!outcome.text.contains(#""owners""#))
        #expect(!outcome.text.contains(#""generated""#))
    }

    @Test func aLineGitHubRejectsIsAWarningNamingIt() throws {
        let repository = try Fixtures.repository("annotations")
        let outcome = CLIRunner.run(["--format", "json", "main..feature"], in: repository)
        #expect(outcome.status == 0)
        let main = try Shell.git(["rev-parse", "main"], in: repository).text.prefix(12)
        #expect(outcome.errorLines == [#"treereview: warning: docs/CODEOWNERS of the base side (revision \#(main)) line 5: negation with "!" is not supported; the line is skipped"#])
        let tree = CLIRunner.run(["main..feature"], in: repository)
        #expect(tree.error.isEmpty, "the tree reads no owners unless asked")
    }
}
