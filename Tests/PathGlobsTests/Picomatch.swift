import Foundation
import TestSupport

/// picomatch itself (Debian's node-picomatch under nodejs), asked many questions at once
/// through Fixtures/picomatch/oracle.js.
enum Picomatch {
    /// One pattern and the paths to ask about it.
    struct Question {
        let pattern: String
        let paths: [[UInt8]]
    }

    /// picomatch's answer for each path of each question, in order.
    enum Answer: Equatable { case yes, no, refused, tooSlow }

    static func answers(_ questions: [Question]) throws -> [[Answer]] {
        try RequiredTool.require("node")
        guard FileManager.default.fileExists(atPath: "/usr/share/nodejs/picomatch/package.json") else {
            throw OracleError(message: "the tests need picomatch: apt-get install node-picomatch")
        }
        var input: [UInt8] = []
        for question in questions {
            input += Array("P \(Data(question.pattern.utf8).base64EncodedString())\n".utf8)
            for path in question.paths { input += Array("\(Data(path).base64EncodedString())\n".utf8) }
        }
        let script = Fixtures.directory + "/picomatch/oracle.js"
        let result = try Shell.run("node", [script], environment: ["NODE_PATH": "/usr/share/nodejs"], input: input)
        guard result.status == 0 else { throw OracleError(message: "node \(script) failed: \(result.error)") }
        var letters = Array(result.text.utf8.dropLast())[...]
        var answers: [[Answer]] = []
        for question in questions {
            let mine = letters.prefix(question.paths.count)
            guard mine.count == question.paths.count else { throw OracleError(message: "picomatch answered too few questions") }
            letters = letters.dropFirst(question.paths.count)
            answers.append(mine.map { letter in
                switch letter {
                case UInt8(ascii: "1"): .yes
                case UInt8(ascii: "0"): .no
                case UInt8(ascii: "E"): .refused
                default: .tooSlow
                }
            })
        }
        return answers
    }

    /// picomatch's answer for each of `paths` against `pattern`.
    static func answers(_ pattern: String, _ paths: [String]) throws -> [Answer] {
        try answers([Question(pattern: pattern, paths: paths.map { Array($0.utf8) })])[0]
    }
}

/// picomatch could not be asked.
struct OracleError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
