import Foundation
import Render
import Testing

@Suite struct JSONWriterTests {
    private func document(_ write: (inout JSONWriter) -> Void) -> String {
        var writer = JSONWriter()
        write(&writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test func escapesStrings() {
        let text = document { $0.string("q\" b\\ n\n t\t r\r b\u{08} f\u{0C} c\u{01}\u{1F} d\u{7F} c1\u{85} ls\u{2028} ps\u{2029} é日") }
        #expect(text == #""q\" b\\ n\n t\t r\r b\b f\f c\u0001\u001f d\u007f c1\u0085 ls\u2028 ps\u2029 é日""#)
    }

    @Test func escapedStringsParseBack() throws {
        let original = "\u{1B}[2J\u{0}\u{9B}\u{2028}\"\\/é\u{10FFFF}"
        let text = document { writer in
            writer.beginArray()
            writer.string(original)
            writer.endArray()
        }
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String])
        #expect(parsed == [original])
        #expect(!text.utf8.contains(0x1B))
    }

    @Test func prettyPrintsWithTwoSpaces() {
        let text = document { writer in
            writer.beginObject()
            writer.key("a")
            writer.int(-12)
            writer.key("list")
            writer.beginArray()
            writer.bool(true)
            writer.null()
            writer.beginObject()
            writer.endObject()
            writer.endArray()
            writer.key("empty")
            writer.beginArray()
            writer.endArray()
            writer.key("z")
            writer.bool(false)
            writer.endObject()
        }
        #expect(text == """
            {
              "a": -12,
              "list": [
                true,
                null,
                {}
              ],
              "empty": [],
              "z": false
            }
            """)
    }

    @Test func keysComeOutInTheOrderWritten() {
        let text = document { writer in
            writer.beginObject()
            for key in ["zeta", "alpha", "mid"] {
                writer.key(key)
                writer.int(0)
            }
            writer.endObject()
        }
        #expect(text == "{\n  \"zeta\": 0,\n  \"alpha\": 0,\n  \"mid\": 0\n}")
    }
}
