extension TreeView {
    /// The rows shown, top to bottom: a depth-first walk over the projection that enters a
    /// row only when it is open and, under `hide`, skips rows that lead to no match.
    public var visibleRows: VisibleRows { VisibleRows(view: self, opensEverything: false) }

    /// The rows shown with every directory open, whatever the depth and the search mode
    /// (the JSON tree); under `hide`, rows that lead to no match are still left out.
    public var allRows: VisibleRows { VisibleRows(view: self, opensEverything: true) }

    /// The rows of a view, walked lazily: no row is stored.
    public struct VisibleRows: Sequence, Sendable {
        let view: TreeView
        let opensEverything: Bool

        public func makeIterator() -> Iterator { Iterator(view: view, opensEverything: opensEverything) }

        /// Walks the rows with one stack of open rows; yields each row without allocating.
        public struct Iterator: IteratorProtocol {
            /// The open rows being walked: the children of one node, from position `next` on.
            private struct Frame {
                /// Where the children start in the tree's child list.
                var start: Int
                var count: Int
                /// The position of the next child shown (`count` when none is left).
                var next: Int
            }

            private let view: TreeView
            private let slots: [FileTree.Slot]
            private let list: [Int32]
            private let opensEverything: Bool
            private let filters: Bool
            private let searches: Bool
            private var stack: [Frame] = []
            private var guides = AncestorGuides()

            init(view: TreeView, opensEverything: Bool) {
                self.view = view
                self.slots = view.changeTree.tree.slots
                self.list = view.changeTree.tree.childList
                self.opensEverything = opensEverything
                self.filters = view.filtersRows
                self.searches = view.search != nil
                let root = slots[FileTree.root]
                push(start: Int(root.childStart), count: Int(root.childCount))
            }

            public mutating func next() -> VisibleRow? {
                while let top = stack.indices.last {
                    let frame = stack[top]
                    guard frame.next < frame.count else {
                        stack.removeLast()
                        if !stack.isEmpty { guides.removeLast() }
                        continue
                    }
                    let following = nextShown(start: frame.start, count: frame.count, from: frame.next + 1)
                    stack[top].next = following
                    let head = Int(list[frame.start + frame.next])
                    let isDirectory = slots[head].isDirectory
                    let row = isDirectory ? view.projection.row(startingAt: head) : ProjectedNode(first: head, node: head)
                    let isLast = following == frame.count
                    let isExpanded = isDirectory && (opensEverything || view.isExpanded(node: row.node))
                    let visible = VisibleRow(projected: row, level: top, isLast: isLast, guides: guides,
                                             isDirectory: isDirectory, isExpanded: isExpanded,
                                             isMatch: searches && view.isMatch(node: row.node))
                    if isExpanded {
                        guides.append(!isLast)
                        let slot = slots[row.node]
                        push(start: Int(slot.childStart), count: Int(slot.childCount))
                    }
                    return visible
                }
                return nil
            }

            private mutating func push(start: Int, count: Int) {
                stack.append(Frame(start: start, count: count, next: nextShown(start: start, count: count, from: 0)))
            }

            /// The first position at or after `position` among the children in
            /// `list[start..<start+count]` whose row is shown, or `count`.
            private func nextShown(start: Int, count: Int, from position: Int) -> Int {
                guard filters else { return position }
                var position = position
                while position < count, !view.shows(view.projection.row(startingAt: Int(list[start + position])).node) {
                    position += 1
                }
                return position
            }
        }
    }
}
