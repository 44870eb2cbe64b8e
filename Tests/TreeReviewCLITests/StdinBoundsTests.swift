import Foundation
import Testing
import TestSupport

/// Input that is not a change list and has no end, or no line end: `/dev/zero`, `/dev/full`,
/// a stream without a newline, a huge file. Each ends after a bounded read with one line on
/// standard error, exit 2 and nothing on standard output, within the child's memory and time
/// bounds (``BoundedRun``); a change list with blank lines or NULs in it is still read.
struct StdinBoundsTests {
    private static func expectRefused(_ result: Shell.Result, saying message: String,
                                      sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 2, "exit \(result.status): \(result.error)", sourceLocation: sourceLocation)
        #expect(result.output.isEmpty, sourceLocation: sourceLocation)
        #expect(result.error == "treereview: stdin: " + message + "\n", sourceLocation: sourceLocation)
    }

    @Test(arguments: ["< /dev/zero", "< /dev/full"])
    func anEndlessRunOfNULBytesIsRefused(input: String) throws {
        Self.expectRefused(try BoundedRun.run(["--stdin"], input: input),
                           saying: "more than 1 MiB of empty lines or NUL bytes (from byte 0): this is not a change list")
    }

    @Test func anEndlessRunOfNULBytesIsRefusedWithZ() throws {
        Self.expectRefused(try BoundedRun.run(["--stdin", "-z", "--format", "json"], input: "< /dev/zero"),
                           saying: "more than 1 MiB of empty lines or NUL bytes (from byte 0): this is not a change list")
    }

    @Test func endlessEmptyLinesAfterAPathAreRefused() throws {
        Self.expectRefused(try BoundedRun.run(["--stdin"], pipe: "{ printf 'a.txt\\n'; yes ''; }"),
                           saying: "more than 1 MiB of empty lines or NUL bytes (from byte 5): this is not a change list")
    }

    @Test func anEndlessLineIsRefused() throws {
        Self.expectRefused(try BoundedRun.run(["--stdin"], pipe: "yes abcdefgh | tr -d '\\n'"),
                           saying: "more than 1 MiB without a line end (from byte 0): this is not a change list")
    }

    @Test func aLongLineAfterPathsIsRefusedNamingWhereItStarts() throws {
        let result = try BoundedRun.run(["--stdin", "--format", "plain"],
                                        pipe: "{ printf 'a.txt\\nb.txt\\n'; head -c 3000000 /dev/zero | tr '\\0' x; printf '\\n'; }")
        Self.expectRefused(result, saying: "more than 1 MiB without a line end (from byte 12): this is not a change list")
    }

    @Test func aFileLargerThanTheBoundIsRefusedBeforeItIsRead() throws {
        let file = try Fixtures.temporaryDirectory() + "/huge"
        #expect(FileManager.default.createFile(atPath: file, contents: Data("a.txt\n".utf8)))
        #expect(truncate(file, off_t(1 << 30) + 4096) == 0)
        Self.expectRefused(try BoundedRun.run(["--stdin"], input: "< '\(file)'"),
                           saying: "the input is larger than 1 GiB: this is not a change list")
    }

    @Test func aLineJustUnderTheBoundAndBlankLinesAreStillRead() throws {
        let long = String(repeating: "d/", count: 1000) + "file.txt"
        let result = try BoundedRun.run(["--stdin", "--format", "plain"],
                                        pipe: "{ printf 'a.txt\\n\\n\\r\\n'; head -c 500000 /dev/zero | tr '\\0' '\\n'; printf '\(long)\\n'; }")
        #expect(result.status == 0, "\(result.error)")
        #expect(result.text == "a.txt\n\(long)\n")
        let records = try BoundedRun.run(["--stdin", "-z", "--format", "plain"],
                                         pipe: "{ printf 'a.txt\\0'; head -c 900000 /dev/zero; printf 'b.txt\\0'; }")
        #expect(records.status == 0, "\(records.error)")
        #expect(records.output == Array("a.txt\0b.txt\0".utf8))
    }
}
