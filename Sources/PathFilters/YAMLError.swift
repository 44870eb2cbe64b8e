internal import CYAML

/// Why a YAML text could not be read: libyaml's words for a syntax error, or the reader's
/// own (an alias naming no anchor, a key given twice), where it was found (from 1).
struct YAMLError: Error, Equatable, Sendable {
    /// The line, from 1.
    var line: Int
    /// The column, from 1.
    var column: Int
    /// What was wrong, in words.
    var message: String

    init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// libyaml's problem, with its context (`did not find expected key while parsing a block mapping`).
    init(parser: yaml_parser_t) {
        let problem = parser.problem.map { String(cString: $0) } ?? "not YAML"
        let context = parser.context.map { " " + String(cString: $0) } ?? ""
        line = Int(parser.problem_mark.line) + 1
        column = Int(parser.problem_mark.column) + 1
        message = problem + context
    }
}
