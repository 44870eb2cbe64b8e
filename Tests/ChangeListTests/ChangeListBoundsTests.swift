import ChangeList
import Testing

/// ``ChangeListBounds`` with small bounds, the input cut into chunks at every place: a line,
/// a run of blank bytes or the input passing its bound is refused exactly when it does,
/// wherever the chunks end; anything within the bounds is taken.
struct ChangeListBoundsTests {
    /// Scans `input` in chunks of `chunk` bytes; the error's description, if any.
    private static func scan(_ input: [UInt8], chunk: Int, lineBytes: Int = 8, inputBytes: Int = 64) -> String? {
        var bounds = ChangeListBounds(lineBytes: lineBytes, inputBytes: inputBytes)
        do {
            for start in stride(from: 0, to: input.count, by: chunk) {
                try input[start..<min(start + chunk, input.count)].withUnsafeBytes { try bounds.scan($0) }
            }
            return nil
        } catch {
            return "\(error)"
        }
    }

    private static func expect(_ input: String, _ expected: String?, lineBytes: Int = 8, inputBytes: Int = 64,
                               sourceLocation: SourceLocation = #_sourceLocation) {
        let bytes = Array(input.utf8)
        for chunk in 1...max(lineBytes, 1) {
            #expect(scan(bytes, chunk: chunk, lineBytes: lineBytes, inputBytes: inputBytes) == expected,
                    "\(input.debugDescription) in chunks of \(chunk)", sourceLocation: sourceLocation)
        }
    }

    @Test func linesUpToTheBoundAreTakenAndOneByteMoreIsRefused() {
        Self.expect("12345678\nabcdefgh\n", nil)
        Self.expect("12345678\nabcdefghi\n", "more than 8 bytes without a line end (from byte 9): this is not a change list")
        Self.expect("123456789", "more than 8 bytes without a line end (from byte 0): this is not a change list")
        Self.expect("a\u{0}12345678\u{0}", nil)
        Self.expect("a\u{0}123456789", "more than 8 bytes without a line end (from byte 2): this is not a change list")
    }

    @Test func blankRunsUpToTheBoundAreTakenAndOneByteMoreIsRefused() {
        Self.expect("a\n\n\n\n\n\n\nb\n", nil)
        Self.expect("a\n\r\n\u{0}\n\n\n\nb", nil)
        Self.expect("a\n\n\n\n\n\n\n\n\nb", "more than 8 bytes of empty lines or NUL bytes (from byte 1): this is not a change list")
        Self.expect(String(repeating: "\u{0}", count: 9), "more than 8 bytes of empty lines or NUL bytes (from byte 0): this is not a change list")
    }

    @Test func theInputsSizeIsBounded() {
        let lines = String(repeating: "abc\n", count: 16)
        Self.expect(lines, nil)
        Self.expect(lines + "x", "the input is larger than 64 bytes: this is not a change list")
        var bounds = ChangeListBounds()
        #expect(throws: ChangeListReader.InputError.self) { try bounds.check(size: ChangeListBounds.maximumInputBytes + 1) }
        #expect(ChangeListBounds.maximumLineBytes == 1 << 20 && ChangeListBounds.maximumInputBytes == 1 << 30)
        #expect(throws: Never.self) { try bounds.check(size: ChangeListBounds.maximumInputBytes) }
        bounds = ChangeListBounds(lineBytes: 1 << 20, inputBytes: 3 << 20)
        #expect(bounds.scanned == 0)
    }
}
