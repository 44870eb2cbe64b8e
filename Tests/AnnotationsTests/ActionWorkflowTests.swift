import Foundation
import Testing
import TestSupport

/// The workflows that use the Action — the project's own `.github/workflows/ci.yml` and the
/// README's two examples — read as YAML (PyYAML, as `python3-yaml` reads it): every input
/// they give is one of `action.yml`'s, every output they read is declared, and the examples
/// do what they say when the step runs them.
struct ActionWorkflowTests {
    static let root = ActionDefinitionTests.root

    /// `text` parsed as YAML, through JSON (PyYAML reads the key `on` as `true`).
    static func yaml(_ text: String) throws -> [String: Any] {
        let script = "import json, sys, yaml; json.dump(yaml.safe_load(sys.stdin), sys.stdout, default=str)"
        let result = try Shell.run("python3", ["-c", script], input: Array(text.utf8))
        try #require(result.status == 0, "python3 yaml: \(result.error)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.output)) as? [String: Any])
    }

    static func action() throws -> (inputs: Set<String>, outputs: Set<String>) {
        let action = try yaml(try ActionDefinitionTests.text("action.yml"))
        let inputs = try #require(action["inputs"] as? [String: Any]), outputs = try #require(action["outputs"] as? [String: Any])
        return (Set(inputs.keys), Set(outputs.keys))
    }

    /// Every step of every job of a workflow.
    static func steps(_ workflow: [String: Any]) throws -> [[String: Any]] {
        let jobs = try #require(workflow["jobs"] as? [String: [String: Any]])
        return jobs.values.flatMap { ($0["steps"] as? [[String: Any]]) ?? [] }
    }

    /// The step that uses the Action (`uses` for which `isAction` holds): its id and inputs.
    static func actionStep(_ workflow: [String: Any], _ isAction: (String) -> Bool) throws -> (id: String, with: [String: Any]) {
        let step = try #require(try steps(workflow).first { ($0["uses"] as? String).map(isAction) ?? false })
        return (try #require(step["id"] as? String), step["with"] as? [String: Any] ?? [:])
    }

    /// The outputs of step `id` the text reads, and those a later job reads from a job's outputs.
    static func outputsRead(of id: String, in text: String) throws -> Set<String> {
        let expression = try NSRegularExpression(pattern: "(?:steps\\.\(id)|needs\\.[a-z-]+)\\.outputs\\.([A-Za-z0-9_-]+)")
        let range = NSRange(text.startIndex..., in: text)
        return Set(expression.matches(in: text, range: range).compactMap { Range($0.range(at: 1), in: text).map { String(text[$0]) } })
    }

    /// The README's fenced YAML blocks in its "GitHub Action" section, in order.
    static func readmeBlocks() throws -> [String] {
        let readme = try ActionDefinitionTests.text("README.md")
        let start = try #require(readme.range(of: "\n## GitHub Action\n"))
        let end = readme.range(of: "\n## ", range: start.upperBound..<readme.endIndex)?.lowerBound ?? readme.endIndex
        let section = readme[start.upperBound..<end]
        return section.components(separatedBy: "```yaml\n").dropFirst().map { $0.components(separatedBy: "\n```")[0] + "\n" }
    }

    @Test func ciRunsTheTestsWithTheToolchainTheActionBuildsWith() throws {
        let text = try ActionDefinitionTests.text(".github/workflows/ci.yml")
        let workflow = try Self.yaml(text)
        let triggers = try #require(workflow["true"] as? [String: Any])
        #expect(Set(triggers.keys).isSuperset(of: ["pull_request", "push", "merge_group"]))
        let jobs = try #require(workflow["jobs"] as? [String: [String: Any]])
        let test = try #require(jobs["test"])
        let key = try Shell.run("bash", [Self.root.appendingPathComponent("Scripts/action-cache-key").path]).text
        let swift = try #require(key.split(separator: "\n").first { $0.hasPrefix("swift=") }?.dropFirst(6))
        #expect(test["container"] as? String == "swift:\(swift)-bookworm")
        #expect(test["runs-on"] as? String == "ubuntu-24.04")
        let runs = ((test["steps"] as? [[String: Any]]) ?? []).compactMap { $0["run"] as? String }
        #expect(runs == ["bash .ci/run"])
        let ci = try ActionDefinitionTests.text(".ci/run")
        #expect(ci.contains("apt-get install"), "the container runs .ci/run as root, which installs with apt-get")
    }

    @Test func ciUsesTheActionWithItsRealInputsAndOutputs() throws {
        let text = try ActionDefinitionTests.text(".github/workflows/ci.yml")
        let workflow = try Self.yaml(text)
        let action = try Self.action()
        let step = try Self.actionStep(workflow) { $0 == "./" }
        #expect(Set(step.with.keys).isSubset(of: action.inputs), "\(Set(step.with.keys).subtracting(action.inputs))")
        #expect(Set(step.with.keys) == ["depth", "packages", "filters"])
        let read = try Self.outputsRead(of: step.id, in: text)
        #expect(read.count >= 8)
        #expect(read.isSubset(of: action.outputs), "\(read.subtracting(action.outputs))")
        let checkout = try #require(try Self.steps(workflow).first { ($0["uses"] as? String)?.hasPrefix("actions/checkout@") == true })
        #expect(checkout["with"] == nil, "a shallow checkout: the Action fetches what it needs")

        // The filters are valid, and group this repository's own files.
        let filters = try #require(step.with["filters"] as? String)
        let file = try Fixtures.temporaryDirectory() + "/filters.yml"
        try filters.write(toFile: file, atomically: true, encoding: .utf8)
        let groups = try Shell.run(Binary.path, ["--format", "json", "--filters", file, "--stdin"], in: Self.root.path,
                                   input: Array("M\tSources/treereview/main.swift\nM\taction.yml\nM\tREADME.md\n".utf8))
        #expect(groups.status == 0, "\(groups.error)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(groups.output)) as? [String: Any])
        let changed = (report["groups"] as? [String: [String: Any]] ?? [:]).filter { $0.value["changed"] as? Bool == true }
        #expect(Set(changed.keys) == ["sources", "action", "docs"])
    }

    /// The README's workflow: its inputs and outputs are the Action's, the checkout is
    /// shallow, and run on a fixture its directories exist at the head.
    @Test func theReadmeWorkflowUsesTheActionAsDefinedAndItsDirectoriesExist() throws {
        let block = try #require(try Self.readmeBlocks().first)
        let workflow = try Self.yaml(block)
        let action = try Self.action()
        let step = try Self.actionStep(workflow) { $0 == "<owner>/treereview@<ref>" }
        #expect(Set(step.with.keys) == ["depth", "args"])
        #expect(Set(step.with.keys).isSubset(of: action.inputs))
        let read = try Self.outputsRead(of: step.id, in: block)
        #expect(read == ["any-changed", "count", "files", "directories", "base-reason"])
        #expect(read.isSubset(of: action.outputs))
        #expect(!block.contains("fetch-depth"))

        let repository = try Fixtures.repository("branches")
        let run = try ActionStepTests.run(in: repository, ["INPUT_BASE": "main", "INPUT_HEAD": "feature",
                                                           "INPUT_DEPTH": String(describing: step.with["depth"] ?? ""),
                                                           "INPUT_ARGS": try #require(step.with["args"] as? String)])
        #expect(run.result.status == 0, "\(run.result.text)\(run.result.error)")
        let directories = try run.list("directories")
        #expect(directories.count > 2)
        let trees = try Shell.git(["ls-tree", "-r", "-d", "-z", "--name-only", "feature"], in: repository).output
        let existing = Set(trees.split(separator: 0).map { String(decoding: $0, as: UTF8.self) } + ["."])
        #expect(Set(directories).isSubset(of: existing), "\(Set(directories).subtracting(existing))")
    }

    /// paths-filter's inputs and the outputs it always sets (beside one per group).
    static let pathsFilterInputs: Set<String> = ["token", "working-directory", "ref", "base", "filters", "list-files",
                                                 "initial-fetch-depth", "predicate-quantifier"]
    static let pathsFilterOutputs: Set<String> = ["changes"]

    /// The migration example gives only inputs both actions take and reads only outputs
    /// both set (`changes` and each group's own), so the `uses:` line is all that changes;
    /// run as the step runs it, its groups' outputs are what the groups hold.
    @Test func thePathsFilterMigrationChangesOnlyTheUsesLine() throws {
        let blocks = try Self.readmeBlocks()
        #expect(blocks.count == 2)
        let block = try #require(blocks.last)
        #expect(block.contains("uses: <owner>/treereview@<ref>   # was: uses: dorny/paths-filter@v3\n"))
        let workflow = try Self.yaml(block)
        let action = try Self.action()
        let step = try Self.actionStep(workflow) { $0 == "<owner>/treereview@<ref>" }
        #expect(Set(step.with.keys).isSubset(of: action.inputs.intersection(Self.pathsFilterInputs)))
        let read = try Self.outputsRead(of: step.id, in: block)
        #expect(read == ["changes", "app", "docs", "docs_count", "docs_files"])
        let groups = ["app", "docs"], perGroup = Set(groups.flatMap { [$0, $0 + "_count", $0 + "_files"] })
        #expect(read.isSubset(of: action.outputs.intersection(Self.pathsFilterOutputs).union(perGroup)))
        #expect(block.contains("fromJSON(needs.changes.outputs.changes)"))

        let origin = try ActionEventTests.origin()
        let clone = try ActionEventTests.checkout("refs/pull/1/merge", from: origin)
        let run = try ActionEventTests.run("pull_request", payload: "pull_request", in: clone, origin: origin,
                                           ["INPUT_FILTERS": try #require(step.with["filters"] as? String),
                                            "INPUT_LIST_FILES": try #require(step.with["list-files"] as? String)])
        #expect(run.result.status == 0, "\(run.result.text)\(run.result.error)")
        #expect(try run.list("changes") == groups)
        struct Group: Decodable { let changed: Bool; let count: Int; let files: [String] }
        let listed = try JSONDecoder().decode([String: Group].self, from: Data((run.outputs["groups"] ?? "").utf8))
        for group in groups {
            let files = try #require(listed[group]?.files)
            #expect(run.outputs[group] == "true" && run.outputs[group + "_count"] == String(files.count))
            #expect(try ActionGroupOutputsTests.shellWords(run.outputs[group + "_files"] ?? "") == files)
        }
    }
}
