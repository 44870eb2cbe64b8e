/// Why a tree could not be prepared (Docs/TreeModel.md#prepared-tree); each case names the identity.
public enum PreparedTreeError<ID: Hashable & Sendable>: Error, Equatable, CustomStringConvertible {
    /// Two nodes share an identity.
    case duplicateIdentity(ID)
    /// A node is its own ancestor: walking its children leads back to it.
    case cycle(ID)

    public var description: String {
        switch self {
        case .duplicateIdentity(let id): "duplicate identity '\(id)'"
        case .cycle(let id): "cycle: '\(id)' is its own ancestor"
        }
    }
}
