import Foundation
import TreeModel
import TreeReviewCLI

/// What one in-process run of the command left behind.
struct CommandOutcome {
    let status: Int32
    let output: [UInt8]
    let error: [UInt8]
}

/// Helpers shared by the fuzz targets: running the command in process, checking its
/// promises, and reading its JSON. A broken promise stops the process (`fatalError`), which
/// libFuzzer records as a finding together with the input.
enum Fuzz {
    /// Runs `treereview` with `arguments`, `input` as standard input, in `directory`.
    static func run(_ arguments: [String], input: [UInt8] = [], directory: String,
                    environment: [String: String] = [:], terminal: Bool = false) -> CommandOutcome {
        let output = BufferSink(), error = BufferSink()
        let io = IO(standardOutput: output, standardError: error, readStandardInput: { input },
                    outputIsTerminal: terminal, terminalWidth: nil, currentDirectory: directory)
        var fullEnvironment = isolatedEnvironment(directory)
        fullEnvironment.merge(environment) { _, given in given }
        let status = TreeReview.run(arguments: arguments, environment: fullEnvironment, io: io)
        return CommandOutcome(status: status, output: output.bytes, error: error.bytes)
    }

    /// An environment in which repository discovery stops at `directory`'s parent.
    static func isolatedEnvironment(_ directory: String) -> [String: String] {
        ["GIT_CEILING_DIRECTORIES": (directory as NSString).deletingLastPathComponent, "LANG": "C.UTF-8"]
    }

    /// Stops the fuzzer with `message` when `condition` is false.
    static func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError("fuzz check failed: " + message()) }
    }

    /// The promise for bad input: exit 2, nothing on standard output, exactly one line on
    /// standard error, starting with `treereview: `.
    static func checkUsageError(_ outcome: CommandOutcome, _ context: @autoclosure () -> String) {
        check(outcome.status == 2, "status \(outcome.status) for \(context())")
        check(outcome.output.isEmpty, "output on error for \(context())")
        let newlines = outcome.error.filter { $0 == UInt8(ascii: "\n") }.count
        check(newlines == 1 && outcome.error.last == UInt8(ascii: "\n"),
              "error is not one line: \(String(decoding: outcome.error, as: UTF8.self).debugDescription)")
        check(outcome.error.starts(with: Array("treereview: ".utf8)),
              "error without prefix: \(String(decoding: outcome.error, as: UTF8.self).debugDescription)")
    }

    /// The JSON document in `bytes`, or a finding.
    static func parseJSON(_ bytes: [UInt8]) -> [String: Any] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]),
              let document = object as? [String: Any] else {
            fatalError("fuzz check failed: output is not a JSON object: \(String(decoding: bytes.prefix(400), as: UTF8.self).debugDescription)")
        }
        return document
    }

    /// The exact bytes of a path field (`path`/`pathBytes` or `oldPath`/`oldPathBytes`) of a
    /// JSON object, checking the schema's rule: the base64 field is present exactly when the
    /// bytes are not valid UTF-8, and the text field is then their lossy decoding.
    static func pathBytes(_ object: [String: Any], _ name: String) -> [UInt8]? {
        guard let text = object[name] as? String else {
            check(object[name] == nil && object[name + "Bytes"] == nil, "\(name) is not a string: \(object)")
            return nil
        }
        guard let encoded = object[name + "Bytes"] else { return Array(text.utf8) }
        guard let base64 = encoded as? String, let data = Data(base64Encoded: base64) else {
            fatalError("fuzz check failed: \(name)Bytes is not base64: \(object)")
        }
        let bytes = Array(data)
        check(String(validating: bytes, as: UTF8.self) == nil, "\(name)Bytes given for valid UTF-8: \(object)")
        check(String(decoding: bytes, as: UTF8.self) == text, "\(name) is not the lossy text of \(name)Bytes: \(object)")
        return bytes
    }

    /// The `files` entries of a JSON report.
    static func files(_ document: [String: Any]) -> [[String: Any]] {
        guard let files = document["files"] as? [[String: Any]] else {
            fatalError("fuzz check failed: no files array")
        }
        return files
    }

    /// The exact path bytes of every file node in the JSON report's `tree`, checking that each
    /// directory's path is a prefix of everything below it.
    static func treeFilePaths(_ document: [String: Any]) -> [[UInt8]] {
        guard let top = document["tree"] as? [[String: Any]] else { fatalError("fuzz check failed: no tree array") }
        var paths: [[UInt8]] = []
        var stack: [(nodes: [[String: Any]], prefix: [UInt8])] = [(top, [])]
        while let (nodes, prefix) = stack.popLast() {
            for node in nodes {
                guard let path = pathBytes(node, "path") else { fatalError("fuzz check failed: tree node without path") }
                check(path.starts(with: prefix), "tree node \(node) is outside its directory")
                if node["kind"] as? String == "directory" {
                    let children = node["children"] as? [[String: Any]] ?? []
                    var directory = path
                    if directory.last != UInt8(ascii: "/") { directory.append(UInt8(ascii: "/")) }
                    stack.append((children, directory))
                } else {
                    paths.append(path)
                }
            }
        }
        return paths
    }

    /// A fresh, empty directory under the system's temporary directory, for this process.
    static func makeScratchDirectory(_ name: String) -> String {
        var template = Array((NSTemporaryDirectory() as NSString).appendingPathComponent("treereview-fuzz-\(name).XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { fatalError("cannot create a scratch directory") }
        return String(cString: made)
    }

    /// Runs `script` with `/bin/sh` in `directory`, with `environment` added to this process's;
    /// returns its exit status (spawned directly: Foundation's `Process` keeps memory that
    /// LeakSanitizer reports).
    static func shell(_ script: String, in directory: String, environment: [String: String]) -> Int32 {
        var variables = ProcessInfo.processInfo.environment
        variables.merge(environment) { _, given in given }
        let words: [String] = ["/bin/sh", "-c", "cd '\(directory)' && " + script]
        let arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        let pairs: [UnsafeMutablePointer<CChar>?] = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (arguments + pairs).forEach { free($0) } }
        var child: pid_t = 0
        guard posix_spawn(&child, "/bin/sh", nil, nil, arguments, pairs) == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        return status
    }

    /// The first line of `data` (before the first LF) and the rest.
    static func splitHeader(_ data: [UInt8]) -> (header: [UInt8], body: [UInt8]) {
        guard let newline = data.firstIndex(of: UInt8(ascii: "\n")) else { return (data, []) }
        return (Array(data[..<newline]), Array(data[(newline + 1)...]))
    }

    /// The space-separated words of a header line.
    static func words(_ header: [UInt8]) -> Set<String> {
        Set(header.split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) })
    }

    /// `bytes` with NUL and LF exchanged: seeds stay text files (LF separates records),
    /// and a NUL in the input stands for a LF inside a record.
    static func swappingNulAndNewline(_ bytes: [UInt8]) -> [UInt8] {
        bytes.map { $0 == 0 ? UInt8(ascii: "\n") : $0 == UInt8(ascii: "\n") ? 0 : $0 }
    }
}
