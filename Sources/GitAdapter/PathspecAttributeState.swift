import Annotations

/// The state of one attribute of a path, as `:(attr:…)` requires it and as gitattributes give
/// it (the same states `git check-attr` reports): a requirement is met when the path's state
/// is the same.
public typealias PathspecAttributeState = AttributeState

/// One requirement of `:(attr:…)`: an attribute name and the state it must have.
public struct PathspecAttributeRequirement: Sendable, Hashable {
    /// The attribute's name (`[-._0-9A-Za-z]`, not starting with `-`).
    public var name: String
    /// The state the path's attribute must have.
    public var state: PathspecAttributeState

    /// A requirement that attribute `name` be in `state`.
    public init(name: String, state: PathspecAttributeState) {
        self.name = name
        self.state = state
    }

    /// Whether `name` is an attribute name git accepts.
    static func isValidName(_ name: [UInt8]) -> Bool {
        guard let first = name.first, first != UInt8(ascii: "-") else { return false }
        return name.allSatisfy { byte in
            PathspecBytes.isAlpha(byte) || PathspecBytes.isDigit(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
        }
    }
}
