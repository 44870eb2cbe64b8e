import TreeModel

/// `s`: the tree sorted by the next order, built again from the changes in it (the printed
/// tree's order, `--sort`); expansion and focus are carried as a reset carries them.
extension Browser {
    /// The orders `s` goes through, in turn.
    static let orderCycle: [TreeOrder] = [.foldersFirst, .name, .size, .input]

    /// Sorts the tree by the order after the one shown.
    mutating func cycleOrder() {
        let position = Self.orderCycle.firstIndex(of: order) ?? 0
        let previous = order
        order = Self.orderCycle[(position + 1) % Self.orderCycle.count]
        guard showChanges() else {
            order = previous
            return
        }
        message = "sorted by \(Self.orderName(order)) (s: next order)"
    }

    /// An order as the footer says it.
    static func orderName(_ order: TreeOrder) -> String {
        switch order {
        case .foldersFirst: "name, folders first"
        case .name: "name"
        case .size: "lines changed"
        case .input: "the input's order"
        }
    }
}
