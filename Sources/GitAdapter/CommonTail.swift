import Foundation

/// What git leaves of two contents before a diff without context (`git diff -U0`): its
/// `trim_common_tail` drops the tail they share, in whole blocks of 1,024 bytes, then gives
/// back the dropped bytes up to and including their first newline. The diff of what is left
/// can align a change differently from the diff of the whole contents (`--numstat` without
/// `-U0`), so `--hunks` diffs what git's `-U0` diffs.
enum CommonTail {
    /// git's block size.
    static let block = 1024

    /// How many bytes of `old` and of `new` the diff reads.
    static func keptLengths(_ old: UnsafeRawBufferPointer, _ new: UnsafeRawBufferPointer) -> (old: Int, new: Int) {
        let smaller = min(old.count, new.count)
        var trimmed = 0
        while block + trimmed <= smaller,
              memcmp(old.baseAddress! + (old.count - trimmed - block), new.baseAddress! + (new.count - trimmed - block), block) == 0 {
            trimmed += block
        }
        var recovered = 0
        let start = old.count - trimmed
        while recovered < trimmed {
            recovered += 1
            if old[start + recovered - 1] == UInt8(ascii: "\n") { break }
        }
        return (old.count - trimmed + recovered, new.count - trimmed + recovered)
    }
}
