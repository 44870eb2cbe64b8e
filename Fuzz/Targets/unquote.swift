/// git's C quoting of paths: unquote(quote(x)) == x for any bytes; arbitrary quoted text never crashes.
///
/// Quoting is the plain renderer's (`CQuoting` keeping valid UTF-8), unquoting git's
/// (`CUnquoting`), both in GitRules. The quoted form must hold no control byte and, when
/// quoted, sit in double quotes; unquoting it gives the input back, whatever its bytes. The
/// stdin reader's path field (`ChangeListReader.linePath`, reached through `@testable import`)
/// also validates and normalizes: of the quoted form it reads the input's normalized path, or
/// refuses it exactly when the input is no valid path (`TreePath`). Unquoting the raw input may
/// fail (bad quoting) but not crash; when it succeeds, the result quoted and unquoted again
/// must come back unchanged.
import GitRules
import TreeModel
@testable import ChangeList

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzUnquote(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let quoted = quote(input)
    Fuzz.check(!quoted.contains { $0 < 0x20 || $0 == 0x7F }, "a control byte survived quoting: \(quoted)")
    if quoted != input {
        Fuzz.check(quoted.count >= 2 && quoted.first == UInt8(ascii: "\"") && quoted.last == UInt8(ascii: "\""),
                   "quoted form is not in double quotes: \(quoted)")
        let unquoted = CUnquoting.unquoted(quoted[...])
        Fuzz.check(unquoted == input, "unquote(quote(x)) != x for \(input): quoted \(quoted), got \(String(describing: unquoted))")
    }
    let expected = (try? TreePath(RawPath(bytes: input)))?.normalized.bytes
    let read = readPath(quoted)
    Fuzz.check(read == expected, "the reader gives \(String(describing: read)) for \(quoted), the path is \(String(describing: expected))")
    if let once = readPath(input) {
        Fuzz.check(readPath(quote(once)) == once, "round trip of an unquoted path failed: \(once)")
    }
    return 0
}

private func quote(_ bytes: [UInt8]) -> [UInt8] {
    var output: [UInt8] = []
    CQuoting(highBytes: .keptWhenValidUTF8).append(bytes, to: &output)
    return output
}

/// The stdin reader's path of a line holding `bytes`, or `nil` when it refuses them.
private func readPath(_ bytes: [UInt8]) -> [UInt8]? {
    try? ChangeListReader.linePath(bytes[...], line: 1).bytes
}
