/// git's C quoting of paths: unquote(quote(x)) == x for any bytes; arbitrary quoted text never crashes.
///
/// Quoting is the plain renderer's (`CQuoting` keeping valid UTF-8, in GitRules), unquoting the
/// stdin reader's (`ChangeListReader.linePath`, reached through `@testable import`). The quoted
/// form must hold no control byte and, when quoted, sit in double quotes. Unquoting the raw
/// input may fail (bad quoting) but not crash; when it succeeds, the result quoted and
/// unquoted again must come back unchanged.
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
    }
    let unquoted = unquote(quoted)
    Fuzz.check(unquoted == input, "unquote(quote(x)) != x for \(input): quoted \(quoted), got \(String(describing: unquoted))")
    if let once = unquote(input) {
        Fuzz.check(unquote(quote(once)) == once, "round trip of an unquoted path failed: \(once)")
    }
    return 0
}

private func quote(_ bytes: [UInt8]) -> [UInt8] {
    var output: [UInt8] = []
    CQuoting(highBytes: .keptWhenValidUTF8).append(bytes, to: &output)
    return output
}

private func unquote(_ bytes: [UInt8]) -> [UInt8]? {
    try? ChangeListReader.linePath(bytes[...], line: 1).bytes
}
