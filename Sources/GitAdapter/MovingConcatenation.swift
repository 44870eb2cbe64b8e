extension Array {
    /// The elements of `parts`, in order, moved rather than copied: each part's elements are
    /// taken bitwise and `placeholder` (a value holding no references) is left in their
    /// place, so no reference count is touched. Joining the pieces of a parallel walk
    /// otherwise retains every path of every entry once more, on memory another core wrote.
    static func concatenatingByMoving(_ parts: inout [[Element]], placeholder: Element) -> [Element] {
        let total = parts.reduce(0) { $0 + $1.count }
        return [Element](unsafeUninitializedCapacity: total) { buffer, count in
            count = 0
            for index in parts.indices {
                parts[index].withUnsafeMutableBufferPointer { part in
                    guard let source = part.baseAddress, !part.isEmpty else { return }
                    (buffer.baseAddress! + count).moveInitialize(from: source, count: part.count)
                    source.initialize(repeating: placeholder, count: part.count)
                    count += part.count
                }
            }
        }
    }
}
