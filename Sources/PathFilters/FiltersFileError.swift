/// Why a filters file could not be read: the file as named, where (line and column from 1,
/// when the fault has a place), and what was wrong. Its description is the one line
/// treereview prints: `filters.yml:3:5: 'backend' is a number, not a glob or a list of globs`.
public struct FiltersFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file as the user named it.
    public let file: String
    /// The line and column, from 1; `nil` for the whole file (missing, empty).
    public let line: Int?, column: Int?
    /// What was wrong.
    public let message: String

    /// A fault at a place in `file`, or of the whole file.
    public init(file: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        var place = file
        if let line { place += ":\(line)" }
        if let column { place += ":\(column)" }
        return place + ": " + message
    }
}
