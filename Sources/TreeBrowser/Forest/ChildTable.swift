/// Every live directory's children in one flat array, in order: what making rows reads
/// instead of each node's own child list, which would cost a cache miss per directory
/// (the rows of a fully expanded tree of 175,000 nodes in a few milliseconds).
///
/// A snapshot: ``PathForest`` drops it on any change to a child list and
/// ``TreeBrowserModel`` makes it again once a change is done; rows are made from the nodes
/// while there is none.
struct ChildTable: Sendable {
    /// Per slot and one more: where the slot's children start in ``children`` (they end where
    /// the next slot's start).
    private let starts: [Int32]
    private let children: [Int]
    /// How many live directories there are (the root included).
    let directoryCount: Int

    /// The table of `forest`'s live directories.
    init(_ forest: PathForest) {
        var starts = [Int32](repeating: 0, count: forest.nodes.count + 1)
        var children: [Int] = []
        var directoryCount = 0
        children.reserveCapacity(forest.liveCount)
        forest.nodes.withUnsafeBufferPointer { nodes in
            forest.flags.withUnsafeBufferPointer { flags in
                for slot in nodes.indices {
                    starts[slot] = Int32(children.count)
                    guard flags[slot].isSuperset(of: [.alive, .directory]) else { continue }
                    children.append(contentsOf: nodes[slot].children)
                    directoryCount += 1
                }
            }
        }
        starts[forest.nodes.count] = Int32(children.count)
        self.starts = starts
        self.children = children
        self.directoryCount = directoryCount
    }

    /// Calls `body` with the lists, read in place.
    func withLists<Result>(_ body: (Lists) -> Result) -> Result {
        starts.withUnsafeBufferPointer { starts in
            children.withUnsafeBufferPointer { children in body(Lists(starts: starts, children: children)) }
        }
    }

    /// The lists as ``withLists(_:)`` lends them.
    struct Lists {
        let starts: UnsafeBufferPointer<Int32>
        let children: UnsafeBufferPointer<Int>

        /// The children of `slot`, in order.
        @inline(__always)
        subscript(slot: Int) -> UnsafeBufferPointer<Int> {
            UnsafeBufferPointer(rebasing: children[Int(starts[slot])..<Int(starts[slot + 1])])
        }
    }
}
