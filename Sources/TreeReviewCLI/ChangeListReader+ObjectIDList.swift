extension ChangeListReader {
    /// The object ids of `--raw` input, kept where they lie in it.
    struct ObjectIDList {
        let source: [UInt8]
        var ranges: [(old: Range<Int>, new: Range<Int>)] = []

        /// The ids of the change at `index`, as written (all zeros for a side that does not
        /// exist or, for the working tree, is not in the object database).
        subscript(index: Int) -> (old: String, new: String) {
            (String(decoding: source[ranges[index].old], as: UTF8.self), String(decoding: source[ranges[index].new], as: UTF8.self))
        }
    }
}
