/// Where the detector gets blob sizes and fingerprints from: the repository, or memory in tests.
protocol SimilarityBackend {
    /// The sizes of `sides` (regular files), in order.
    func sizes(of sides: [FileSide]) throws -> [Int]
    /// The fingerprints of `sides` (regular files), in order. `keepContent` asks the backend to
    /// keep the content it read, for line counts of the pairs that match.
    func fingerprints(of sides: [FileSide], keepContent: Bool) throws -> [Fingerprint]
}
