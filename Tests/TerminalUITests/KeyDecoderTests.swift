import Testing
@testable import TerminalUI

/// Decodes `text`'s bytes as one read followed by the Escape delay.
func decodeAll(_ bytes: [UInt8]) -> [InputEvent] {
    var decoder = KeyDecoder()
    return decoder.feed(bytes) + decoder.flush()
}

func decodeAll(_ text: String) -> [InputEvent] { decodeAll(Array(text.utf8)) }

func key(_ key: Key, _ modifiers: Modifiers = []) -> InputEvent { .key(KeyEvent(key, modifiers: modifiers)) }

@Suite struct KeyDecoderTests {
    /// An input and the event it decodes to, shown escaped in the test log.
    struct Sample: Sendable, CustomTestStringConvertible {
        let input: String
        let expected: InputEvent

        var testDescription: String {
            input.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "\\x" + String($0.value, radix: 16) : String($0) }
                .joined()
        }
    }

    static let samples: [Sample] = sequences.map(Sample.init)

    static let sequences: [(String, InputEvent)] = [
        ("\r", key(.enter)), ("\t", key(.tab)), ("\u{7F}", key(.backspace)), ("\u{08}", key(.backspace)),
        ("\u{1B}", key(.escape)),
        ("\u{1B}[A", key(.up)), ("\u{1B}[B", key(.down)), ("\u{1B}[C", key(.right)), ("\u{1B}[D", key(.left)),
        ("\u{1B}OA", key(.up)), ("\u{1B}OB", key(.down)), ("\u{1B}OC", key(.right)), ("\u{1B}OD", key(.left)),
        ("\u{1B}[H", key(.home)), ("\u{1B}[F", key(.end)), ("\u{1B}OH", key(.home)), ("\u{1B}OF", key(.end)),
        ("\u{1B}[1~", key(.home)), ("\u{1B}[4~", key(.end)), ("\u{1B}[7~", key(.home)), ("\u{1B}[8~", key(.end)),
        ("\u{1B}[2~", key(.insert)), ("\u{1B}[3~", key(.delete)),
        ("\u{1B}[5~", key(.pageUp)), ("\u{1B}[6~", key(.pageDown)),
        ("\u{1B}OP", key(.function(1))), ("\u{1B}OS", key(.function(4))), ("\u{1B}[15~", key(.function(5))),
        ("\u{1B}[17~", key(.function(6))), ("\u{1B}[21~", key(.function(10))), ("\u{1B}[24~", key(.function(12))),
        ("\u{1B}[[A", key(.function(1))), ("\u{1B}[[E", key(.function(5))),
        ("\u{1B}[1;5A", key(.up, .control)), ("\u{1B}[1;2B", key(.down, .shift)), ("\u{1B}[1;3C", key(.right, .alt)),
        ("\u{1B}[1;6D", key(.left, [.shift, .control])), ("\u{1B}[5;5~", key(.pageUp, .control)),
        ("\u{1B}[3;2~", key(.delete, .shift)), ("\u{1B}[1;5P", key(.function(1), .control)),
        ("\u{1B}[Z", key(.tab, .shift)), ("\u{1B}OM", key(.enter)), ("\u{1B}Oq", key(.character("1"))),
        ("\u{15}", .key(.control("u"))), ("\u{04}", .key(.control("d"))), ("\u{03}", .key(.control("c"))),
        ("\u{1A}", .key(.control("z"))), ("\u{01}", .key(.control("a"))), ("\n", .key(.control("j"))),
        ("\u{00}", .key(.control(" "))), ("\u{1C}", .key(.control("\\"))), ("\u{1F}", .key(.control("_"))),
        ("\u{1B}x", key(.character("x"), .alt)), ("\u{1B}\u{04}", key(.character("d"), [.alt, .control])),
        ("\u{1B}\r", key(.enter, .alt)), ("\u{1B}é", key(.character("é"), .alt)),
        ("\u{1B}[", key(.character("["), .alt)), ("\u{1B}O", key(.character("O"), .alt)),
        ("\u{1B}[I", .focus(true)), ("\u{1B}[O", .focus(false)),
        ("j", .key(.character("j"))), ("G", .key(.character("G"))), (" ", .key(.character(" "))),
        ("é", .key(.character("é"))), ("日", .key(.character("日"))), ("😀", .key(.character("😀"))),
    ]

    @Test(arguments: samples)
    func decodesSequence(_ sample: Sample) {
        #expect(decodeAll(sample.input) == [sample.expected])
    }

    @Test(arguments: samples)
    func decodesSequenceSplitAtEveryByte(_ sample: Sample) {
        var decoder = KeyDecoder()
        var events: [InputEvent] = []
        for byte in sample.input.utf8 { events += decoder.feed([byte]) }
        events += decoder.flush()
        #expect(events == [sample.expected])
    }

    @Test func waitsForTheRestOfASplitSequence() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}[1;".utf8)).isEmpty)
        #expect(decoder.hasPending)
        #expect(decoder.feed(Array("5".utf8)).isEmpty)
        #expect(decoder.feed(Array("Aj".utf8)) == [key(.up, .control), .key(.character("j"))])
        #expect(!decoder.hasPending)
        #expect(decoder.feed([0xE6, 0x97]).isEmpty)
        #expect(decoder.feed([0xA5]) == [.key(.character("日"))])
    }

    @Test func loneEscapeWaitsForTheDelay() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.hasPending)
        #expect(decoder.flush() == [key(.escape)])
        #expect(!decoder.hasPending)
        #expect(decoder.feed(Array("\u{1B}\u{1B}[B".utf8)) == [key(.escape), key(.down)])
    }

    @Test func decodesKeysInOneRead() {
        #expect(decodeAll("jj\u{1B}[Bk\r") == [
            .key(.character("j")), .key(.character("j")), key(.down), .key(.character("k")), key(.enter),
        ])
    }

    @Test func dropsUnknownAndMalformedSequences() {
        #expect(decodeAll("\u{1B}[99~a") == [.key(.character("a"))])
        #expect(decodeAll("\u{1B}[?1;2cb") == [.key(.character("b"))])
        #expect(decodeAll("\u{1B}[200~x\u{1B}[201~") == [.key(.character("x"))])
        #expect(decodeAll("\u{1B}[1;2 q") == [])
        #expect(decodeAll("\u{1B}[12\u{07}z") == [.key(.control("g")), .key(.character("z"))])
        #expect(decodeAll("\u{1B}[1;") == [])
        let endless = "\u{1B}[" + String(repeating: "1;", count: 100) + "A"
        #expect(!decodeAll(endless).contains(key(.up)))
    }

    @Test func invalidUTF8BecomesReplacementCharacters() {
        let replacement = InputEvent.key(.character("\u{FFFD}"))
        #expect(decodeAll([0xFF, 0x61]) == [replacement, .key(.character("a"))])
        #expect(decodeAll([0xC0, 0xAF]) == [replacement, replacement])
        #expect(decodeAll([0xED, 0xA0, 0x80]) == [replacement, replacement, replacement])
        #expect(decodeAll([0xE6, 0x97]) == [replacement, replacement])
    }

    @Test func neverReportsControlCharactersAsCharacters() {
        #expect(decodeAll([0xC2, 0x9B, 0x61]) == [.key(.character("a"))])
        #expect(decodeAll([0xC2, 0x85]) == [])
    }

    @Test func describesKeys() {
        #expect(KeyEvent.control("c").description == "ctrl+c")
        #expect(KeyEvent(.tab, modifiers: .shift).description == "shift+tab")
        #expect(KeyEvent(.pageDown, modifiers: [.alt, .control]).description == "ctrl+alt+pagedown")
        #expect(KeyEvent.character(" ").description == "space")
        #expect(KeyEvent(.function(5)).description == "f5")
    }
}
