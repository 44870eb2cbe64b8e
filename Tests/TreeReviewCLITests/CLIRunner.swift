import Foundation
import TestSupport
import TreeReviewCLI

/// Runs the command in-process, in ``TestEnvironment`` (with `environment` added), and
/// captures its streams.
struct CLIRunner {
    struct Outcome {
        let status: Int32
        let output: [UInt8]
        let error: String

        var text: String { String(decoding: output, as: UTF8.self) }
        var errorLines: [Substring] { error.split(separator: "\n") }
    }

    static func run(_ arguments: [String], in directory: String, environment: [String: String] = [:],
                    terminal: Bool = false, width: Int? = nil, input: [UInt8] = []) -> Outcome {
        let output = BufferSink(), error = BufferSink()
        let io = IO(standardOutput: output, standardError: error, readStandardInput: { input },
                    outputIsTerminal: terminal, terminalWidth: width, currentDirectory: directory)
        let status = TreeReview.run(arguments: arguments, environment: TestEnvironment.variables(adding: environment), io: io)
        return Outcome(status: status, output: output.bytes, error: error.text)
    }

    static func json(_ arguments: [String], in directory: String, input: [UInt8] = []) throws -> [String: Any] {
        let outcome = run(["--format", "json"] + arguments, in: directory, input: input)
        guard outcome.status == 0 else { throw CLIFailure(message: outcome.error) }
        return try JSONSerialization.jsonObject(with: Data(outcome.output)) as! [String: Any]
    }
}

struct CLIFailure: Error { let message: String }
