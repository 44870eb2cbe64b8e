/// A problem with the command line, reported as one line and exit status 2.
struct UsageError: Error, Equatable, CustomStringConvertible {
    let message: String

    init(_ message: String) { self.message = message }

    var description: String { message }
}
