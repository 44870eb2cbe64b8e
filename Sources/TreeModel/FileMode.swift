/// A git file mode (`100644`, `100755`, `120000`, `160000`, `040000`).
public struct FileMode: Hashable, Sendable, CustomStringConvertible {
    /// The numeric mode as git stores it.
    public var rawValue: UInt32

    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let regular = FileMode(rawValue: 0o100644)
    public static let executable = FileMode(rawValue: 0o100755)
    public static let symlink = FileMode(rawValue: 0o120000)
    public static let submodule = FileMode(rawValue: 0o160000)

    /// Six octal digits, as git prints modes (`100644`).
    public var description: String {
        let digits = String(rawValue, radix: 8)
        return String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }
}
