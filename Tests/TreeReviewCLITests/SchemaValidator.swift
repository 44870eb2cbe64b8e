import Foundation
import TestSupport

/// Validates JSON documents against `Docs/treereview.schema.json` with `/usr/bin/python3`
/// and Debian's `python3-jsonschema` (another `python3` may come first on PATH): one python
/// process for the whole test run, which checks the schema once and then answers a document
/// at a time (its length on a line, then its bytes) with one line of JSON, the errors.
enum SchemaValidator {
    static let schemaPath = URL(fileURLWithPath: Fixtures.directory).deletingLastPathComponent()
        .appendingPathComponent("Docs/treereview.schema.json").path

    private static let script = """
        import json, sys
        import jsonschema
        schema = json.load(open(sys.argv[1], encoding="utf-8"))
        jsonschema.Draft202012Validator.check_schema(schema)
        validator = jsonschema.Draft202012Validator(schema)
        source, sink = sys.stdin.buffer, sys.stdout
        sink.write("ready\\n")
        sink.flush()
        while header := source.readline():
            body = source.read(int(header))
            try:
                errors = validator.iter_errors(json.loads(body))
                lines = ["/" + "/".join(str(p) for p in error.absolute_path) + ": " + error.message[:200].replace("\\n", " ")
                         for error in sorted(errors, key=lambda e: [str(p) for p in e.absolute_path])]
                sink.write(json.dumps({"errors": lines}) + "\\n")
            except Exception as failure:
                sink.write(json.dumps({"failure": repr(failure)}) + "\\n")
            sink.flush()
        """

    /// The schema's complaints about `document`, one line each: `/files/0: message`.
    static func errors(_ document: [UInt8]) throws -> [String] {
        try server.validate(document)
    }

    private static let server = Server()

    /// The python process, started at the first document; documents from tests running at
    /// once take turns.
    private final class Server: @unchecked Sendable {
        private let lock = NSLock()
        private var process: Process?
        private var input: FileHandle?
        private var output: FileHandle?
        private let errors = Pipe()
        private var pending: [UInt8] = []

        func validate(_ document: [UInt8]) throws -> [String] {
            try lock.withLock {
                if process == nil { try start() }
                input!.write(Data("\(document.count)\n".utf8) + Data(document))
                let line = try readLine()
                let answer = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any]
                if let lines = answer?["errors"] as? [String] { return lines }
                throw CLIFailure(message: "validator failed: \(answer?["failure"] ?? String(decoding: line, as: UTF8.self))")
            }
        }

        private func start() throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments = ["-c", script, schemaPath]
            process.environment = TestEnvironment.variables()
            let stdin = Pipe(), stdout = Pipe()
            process.standardInput = stdin
            process.standardOutput = stdout
            process.standardError = errors
            try process.run()
            (self.process, input, output) = (process, stdin.fileHandleForWriting, stdout.fileHandleForReading)
            // Nothing is written before python is ready: a write to a process gone would be SIGPIPE.
            guard try readLine() == Array("ready".utf8) else { throw CLIFailure(message: "validator did not start") }
        }

        private func readLine() throws -> [UInt8] {
            while true {
                if let end = pending.firstIndex(of: 10) {
                    defer { pending.removeSubrange(...end) }
                    return Array(pending[..<end])
                }
                let chunk = output!.availableData
                guard !chunk.isEmpty else {
                    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                    process = nil
                    throw CLIFailure(message: "validator failed (is python3-jsonschema installed?): \(message)")
                }
                pending += chunk
            }
        }
    }
}
