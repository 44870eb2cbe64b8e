extension FindArena {
    /// What a scan reads rarely, made when needed: whole normalized identities (for a query
    /// longer than a text's parent context, or a parent outside the scan's part of the tree),
    /// the last parent's kept for its siblings; and names kept apart.
    struct SlowIdentities {
        let arena: FindArena
        private var lastParent = -1
        private var parentIdentity: [UInt8] = []

        init(arena: FindArena) {
            self.arena = arena
        }

        /// Whether the normalized identity of candidate `index` contains the `count` bytes at `needle`.
        mutating func identity(of index: Int, containing needle: UnsafePointer<UInt8>, count: Int) -> Bool {
            let entry = arena.entries[index]
            let parent = Int(entry.parent)
            if parent != lastParent {
                parentIdentity = arena.normalizedIdentity(of: parent)
                lastParent = parent
            }
            var identity = parentIdentity
            let text = arena.text(of: index)
            identity.append(contentsOf: arena.texts[(text.lowerBound + Int(entry.nameOffset))..<text.upperBound])
            identity.append(contentsOf: repeatElement(0, count: FindArena.padding))
            return identity.withUnsafeBufferPointer { identityBytes in
                FindArena.bytes(identityBytes.baseAddress!, 0..<(identityBytes.count - FindArena.padding),
                                contain: needle, count: count)
            }
        }

        /// For a candidate whose name is kept apart: whether it is the `count` bytes at
        /// `needle` (`true`), starts with them (`false`), or neither (`nil`).
        func nameApart(of index: Int, equalling needle: UnsafePointer<UInt8>, count: Int) -> Bool? {
            guard let name = arena.namesApart[Int32(index)], name.count >= count else { return nil }
            let starts = name.withUnsafeBufferPointer { FindArena.equal($0.baseAddress!, needle, count: count) }
            return starts ? name.count == count : nil
        }
    }
}
