import Glibc


/// Why a terminal could not be used.
public enum TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The terminal device could not be opened (no controlling terminal, for one).
    case cannotOpen(path: String, errno: Int32)
    /// The path is not a terminal.
    case notATerminal(path: String)
    /// Another ``Terminal`` of this process is already entered.
    case alreadyActive
    /// A system call failed.
    case systemCall(name: String, errno: Int32)

    /// One line, as an error message.
    public var description: String {
        switch self {
        case .cannotOpen(let path, let code): "cannot open \(path): \(Self.message(code))"
        case .notATerminal(let path): "\(path) is not a terminal"
        case .alreadyActive: "another terminal session is already active"
        case .systemCall(let name, let code): "\(name) failed: \(Self.message(code))"
        }
    }

    private static func message(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
