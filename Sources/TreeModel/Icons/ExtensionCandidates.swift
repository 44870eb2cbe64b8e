/// The extension candidates of a lowercase basename, longest compound first
/// (Docs/TreeModel.md#icons, rule 4): the text after each `.` in turn, empty ones skipped; a
/// name without a dot is its own only candidate.
///
///     button.spec.ts  →  spec.ts, ts
///     .gitignore      →  gitignore
///     .env.local      →  env.local, local
///     LICENSE         →  LICENSE
///     notes.          →  (none)
///
/// These are TreeKit's candidates: the components after the first, joined by `.`.
public struct ExtensionCandidates: Sequence, Sendable {
    /// The basename the candidates come from.
    public let name: String

    public init(of name: String) { self.name = name }

    public func makeIterator() -> Iterator { Iterator(name: name) }

    /// Yields the candidates as slices of the name.
    public struct Iterator: IteratorProtocol {
        private let name: String
        private var position: String.Index?
        private var wholeName: Bool

        init(name: String) {
            self.name = name
            self.position = name.utf8.firstIndex(of: Self.dot)
            self.wholeName = position == nil
        }

        public mutating func next() -> Substring? {
            if wholeName {
                wholeName = false
                return name.isEmpty ? nil : name[...]
            }
            // Scans UTF-8 code units (fast; `.` is ASCII, so each index found is a scalar boundary).
            let utf8 = name.utf8
            while let dot = position {
                let start = utf8.index(after: dot)
                position = utf8[start...].firstIndex(of: Self.dot)
                if start < utf8.endIndex { return name[start...] }
            }
            return nil
        }

        private static let dot = UInt8(ascii: ".")
    }
}
