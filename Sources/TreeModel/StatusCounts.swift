/// A count per ``ChangeStatus``, stored inline (no allocation per directory).
public struct StatusCounts: Hashable, Sendable {
    private var storage: (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32) = (0, 0, 0, 0, 0, 0, 0, 0)

    public init() {}

    public subscript(status: ChangeStatus) -> Int {
        get {
            switch status {
            case .added: Int(storage.0)
            case .modified: Int(storage.1)
            case .deleted: Int(storage.2)
            case .renamed: Int(storage.3)
            case .copied: Int(storage.4)
            case .typeChanged: Int(storage.5)
            case .untracked: Int(storage.6)
            case .unmerged: Int(storage.7)
            }
        }
        set {
            let newValue = Int32(truncatingIfNeeded: newValue)
            switch status {
            case .added: storage.0 = newValue
            case .modified: storage.1 = newValue
            case .deleted: storage.2 = newValue
            case .renamed: storage.3 = newValue
            case .copied: storage.4 = newValue
            case .typeChanged: storage.5 = newValue
            case .untracked: storage.6 = newValue
            case .unmerged: storage.7 = newValue
            }
        }
    }

    /// Adds every count of `other`.
    public mutating func add(_ other: StatusCounts) {
        storage.0 &+= other.storage.0
        storage.1 &+= other.storage.1
        storage.2 &+= other.storage.2
        storage.3 &+= other.storage.3
        storage.4 &+= other.storage.4
        storage.5 &+= other.storage.5
        storage.6 &+= other.storage.6
        storage.7 &+= other.storage.7
    }

    /// Takes away every count of `other`.
    public mutating func subtract(_ other: StatusCounts) {
        storage.0 &-= other.storage.0
        storage.1 &-= other.storage.1
        storage.2 &-= other.storage.2
        storage.3 &-= other.storage.3
        storage.4 &-= other.storage.4
        storage.5 &-= other.storage.5
        storage.6 &-= other.storage.6
        storage.7 &-= other.storage.7
    }

    public static func == (lhs: StatusCounts, rhs: StatusCounts) -> Bool {
        ChangeStatus.allCases.allSatisfy { lhs[$0] == rhs[$0] }
    }

    public func hash(into hasher: inout Hasher) {
        for status in ChangeStatus.allCases { hasher.combine(self[status]) }
    }
}
