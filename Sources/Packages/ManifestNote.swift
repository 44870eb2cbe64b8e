/// Something a manifest reader did not understand, or would not read: said, never guessed.
public struct ManifestNote: Sendable, Hashable {
    /// The manifest's path.
    public var file: String
    /// The line it is about (1-based), when there is one.
    public var line: Int?
    /// What was not understood, in words.
    public var message: String

    public init(file: String, line: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// `file:line: message`, as a warning line says it.
    public var description: String {
        line.map { "\(file):\($0): \(message)" } ?? "\(file): \(message)"
    }
}
