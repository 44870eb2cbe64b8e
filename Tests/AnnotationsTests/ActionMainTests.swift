import Foundation
import Glibc
import Testing
import TestSupport

/// `Scripts/action-main.js`, the Action's entry point as the runner starts it (`node`, the
/// inputs as `INPUT_<NAME>` with the name's `-` kept), against the stand-in for GitHub's
/// cache service in `Fixtures/action/cache-service.py`: a miss builds and saves the bundle,
/// a hit restores it without building, and a cache that fails or is absent costs a build,
/// never the step. The action's directory is a copy whose `action-cache-key` and
/// `action-build` are stand-ins (a fixed key; a bundle that runs the tests' binary), so
/// that what is checked is the entry point and the cache protocol.
struct ActionMainTests {
    static let root = ActionDefinitionTests.root

    /// The stand-in cache service, listening until ``stop()``: started in the background by
    /// a shell, so that no `Process` of the tests outlives its call.
    final class CacheService {
        let pid: Int32
        let port: String
        let log: String
        static let token = "runtime-token"

        init(failing: Bool = false) throws {
            let scratch = try Fixtures.temporaryDirectory()
            log = scratch + "/requests"
            let script = ActionMainTests.root.appendingPathComponent("Fixtures/action/cache-service.py").path
            let started = try Shell.run("bash", ["-c", "python3 \"$@\" > '\(scratch)/port' 2> /dev/null < /dev/null & echo $!", "start",
                                                 script, Self.token, log] + (failing ? ["--fail"] : []))
            pid = try #require(Int32(started.text.trimmingCharacters(in: .whitespacesAndNewlines)))
            var line = ""
            for _ in 0..<500 where !line.hasSuffix("\n") {
                line = (try? String(contentsOfFile: scratch + "/port", encoding: .utf8)) ?? ""
                usleep(10_000)
            }
            port = line.trimmingCharacters(in: .newlines)
            try #require(!port.isEmpty, "the cache service did not start")
        }

        var url: String { "http://127.0.0.1:\(port)/" }
        var requests: [String] { ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init) }

        /// Ends it by its id.
        func stop() {
            kill(pid, SIGKILL)
        }
    }

    /// A copy of the action with stand-ins for the key and the build; the build appends a
    /// line to `builds` each time it runs.
    static func action() throws -> (directory: String, builds: String) {
        let directory = try Fixtures.temporaryDirectory() + "/action"
        let builds = directory + "/builds"
        try FileManager.default.createDirectory(atPath: directory + "/Scripts", withIntermediateDirectories: true)
        for file in ["action.yml", "Scripts/action-main.js", "Scripts/action-run", "Scripts/action-base.bash"] {
            try FileManager.default.copyItem(atPath: root.appendingPathComponent(file).path, toPath: directory + "/" + file)
        }
        try ExecutableFile.write("#!/usr/bin/env bash\necho swift=6.3.1\necho key=treereview-test-$(uname -m)\n",
                                 to: directory + "/Scripts/action-cache-key")
        try ExecutableFile.write("""
            #!/usr/bin/env bash
            echo "$SWIFT_VERSION" >> '\(builds)'
            mkdir -p "$1"
            printf '#!/bin/sh\\nexec %s "$@"\\n' '\(Binary.path)' > "$1/treereview"
            chmod +x "$1/treereview"

            """, to: directory + "/Scripts/action-build")
        _ = FileManager.default.createFile(atPath: builds, contents: nil)
        return (directory, builds)
    }

    /// One step: a fresh `$RUNNER_TEMP` (a new job), the inputs as the runner passes them,
    /// every one with its default from action.yml unless `inputs` gives it.
    static func step(_ action: String, in repository: String, service: CacheService?, inputs: [String: String],
                     job: String? = nil) throws -> ActionStepTests.Run {
        let scratch = try job ?? Fixtures.temporaryDirectory()
        let output = scratch + "/output", summary = scratch + "/summary"
        for file in [output, summary] { _ = FileManager.default.createFile(atPath: file, contents: nil) }
        var environment = ["GITHUB_OUTPUT": output, "GITHUB_STEP_SUMMARY": summary, "RUNNER_TEMP": scratch,
                           "GITHUB_EVENT_NAME": "", "GITHUB_EVENT_PATH": ""]
        for (name, value) in try Self.defaults().merging(inputs, uniquingKeysWith: { $1 }) {
            environment["INPUT_" + name.uppercased()] = value
        }
        if let service {
            environment["ACTIONS_RESULTS_URL"] = service.url
            environment["ACTIONS_RUNTIME_TOKEN"] = CacheService.token
            environment["ACTIONS_CACHE_SERVICE_V2"] = "True"
        }
        let result = try Shell.run(try RequiredTool.path("node"), [action + "/Scripts/action-main.js"], in: repository,
                                   environment: environment)
        return ActionStepTests.Run(result: result, outputs: try ActionStepTests.parseOutputs(String(contentsOfFile: output, encoding: .utf8)),
                                   summary: try String(contentsOfFile: summary, encoding: .utf8), calls: [])
    }

    /// Each input's default, as action.yml declares it.
    static func defaults() throws -> [String: String] {
        let action = try ActionWorkflowTests.yaml(try ActionDefinitionTests.text("action.yml"))
        let inputs = try #require(action["inputs"] as? [String: [String: Any]])
        return inputs.mapValues { ($0["default"] as? String) ?? "" }
    }

    static let inputs = ["base": "HEAD~1", "head": "HEAD", "filters": "all: '**'\ndocs: 'docs/**'\n", "list-files": "shell"]

    /// The outputs a step on `shell-names` gives, whichever way its bundle came.
    static func checkOutputs(_ run: ActionStepTests.Run, in repository: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(run.result.status == 0, "\(run.result.text)\(run.result.error)", sourceLocation: sourceLocation)
        let paths = try ActionGroupOutputsTests.matchedPaths(repository)
        #expect(run.outputs["count"] == String(ActionGroupOutputsTests.names), sourceLocation: sourceLocation)
        #expect(run.outputs["all"] == "true" && run.outputs["docs"] == "false", sourceLocation: sourceLocation)
        #expect(try ActionGroupOutputsTests.shellWords(run.outputs["all_files"] ?? "").sorted() == paths, sourceLocation: sourceLocation)
        #expect(try run.list("all-files").sorted() == paths, sourceLocation: sourceLocation)
        #expect(try RenderedMarkdown(parsing: Array(run.summary.utf8)).title.hasPrefix("HEAD "), "\(run.summary)", sourceLocation: sourceLocation)
    }

    @Test func aMissBuildsAndSavesAndTheNextJobRestoresWithoutBuilding() throws {
        let repository = try Fixtures.repository("shell-names")
        let (action, builds) = try Self.action()
        let service = try CacheService()
        defer { service.stop() }
        let first = try Self.step(action, in: repository, service: service, inputs: Self.inputs)
        try Self.checkOutputs(first, in: repository)
        #expect(try String(contentsOfFile: builds, encoding: .utf8) == "6.3.1\n")
        #expect(service.requests == ["POST GetCacheEntryDownloadURL", "POST CreateCacheEntry", "PUT blob", "POST FinalizeCacheEntryUpload"])
        #expect(first.result.text.contains("treereview: saved treereview-test-"))
        let second = try Self.step(action, in: repository, service: service, inputs: Self.inputs)
        try Self.checkOutputs(second, in: repository)
        #expect(try String(contentsOfFile: builds, encoding: .utf8) == "6.3.1\n")
        #expect(service.requests.suffix(2) == ["POST GetCacheEntryDownloadURL", "GET blob"])
        #expect(second.result.text.contains("treereview: restored treereview-test-"))
        #expect(second.outputs == first.outputs)
        let job = try Fixtures.temporaryDirectory()
        let restored = try Self.step(action, in: repository, service: service, inputs: Self.inputs, job: job)
        let again = try Self.step(action, in: repository, service: service, inputs: Self.inputs, job: job)
        try Self.checkOutputs(again, in: repository)
        #expect(restored.result.text.contains("treereview: restored "))
        #expect(!again.result.text.contains("treereview: restored ") && service.requests.count == 8, "a second step of the job uses the bundle again")
    }

    /// The version the entry point asks the service for, for `key`.
    static func version(_ key: String) throws -> String {
        try Shell.run("sha256sum", [], input: Array("treereview-bundle\0tar.gz\0\(key)".utf8)).text.prefix(64).description
    }

    /// Another job reserved the entry (and has not finished saving it): the build is saved by
    /// neither, and no warning says the cache failed.
    @Test func anEntryAnotherJobReservedIsNoFailure() throws {
        let repository = try Fixtures.repository("shell-names")
        let (action, builds) = try Self.action()
        let service = try CacheService()
        defer { service.stop() }
        let key = "treereview-test-" + (try Shell.run("uname", ["-m"]).text.trimmingCharacters(in: .newlines))
        let reserve = """
            import json, sys, urllib.request
            request = urllib.request.Request(sys.argv[1] + "twirp/github.actions.results.api.v1.CacheService/CreateCacheEntry",
                data=json.dumps({"key": sys.argv[2], "version": sys.argv[3]}).encode(),
                headers={"Content-Type": "application/json", "Authorization": "Bearer " + sys.argv[4]})
            print(json.load(urllib.request.urlopen(request))["ok"])
            """
        let reserved = try Shell.run("python3", ["-c", reserve, service.url, key, try Self.version(key), CacheService.token])
        #expect(reserved.text == "True\n", "\(reserved.error)")
        let run = try Self.step(action, in: repository, service: service, inputs: Self.inputs)
        try Self.checkOutputs(run, in: repository)
        #expect(run.result.text.contains("treereview: \(key) was saved by another job"), "\(run.result.text)")
        #expect(!run.result.text.contains("::warning"))
        #expect(try String(contentsOfFile: builds, encoding: .utf8) == "6.3.1\n")
    }

    @Test func aFailingOrAbsentCacheCostsABuildNotTheStep() throws {
        let repository = try Fixtures.repository("shell-names")
        let (action, builds) = try Self.action()
        let failing = try CacheService(failing: true)
        defer { failing.stop() }
        let broken = try Self.step(action, in: repository, service: failing, inputs: Self.inputs)
        try Self.checkOutputs(broken, in: repository)
        #expect(broken.result.text.contains("::warning title=treereview::cache restore failed (GetCacheEntryDownloadURL: HTTP 500"))
        #expect(broken.result.text.contains("::warning title=treereview::cache save failed (CreateCacheEntry: HTTP 500"))
        #expect(failing.requests == Array(repeating: "POST GetCacheEntryDownloadURL", count: 3) + Array(repeating: "POST CreateCacheEntry", count: 3),
                "each call tried three times")
        let absent = try Self.step(action, in: repository, service: nil, inputs: Self.inputs)
        try Self.checkOutputs(absent, in: repository)
        #expect(absent.result.text.contains("treereview: no cache service in this job"))
        #expect(try String(contentsOfFile: builds, encoding: .utf8) == "6.3.1\n6.3.1\n")
    }

    @Test func aBadInputIsOneErrorAndTheStepsStatus() throws {
        let repository = try Fixtures.repository("shell-names")
        let (action, _) = try Self.action()
        let run = try Self.step(action, in: repository, service: nil, inputs: ["predicate-quantifier": "all"])
        #expect(run.result.status == 2)
        #expect(run.result.text.hasSuffix("::error title=treereview::predicate-quantifier must be some or every, not 'all'\n"))
        #expect(run.outputs.isEmpty)
    }
}
