import Testing
import TestSupport
import GitRules

/// ``SHA256`` agrees with `sha256sum` at every padding boundary (an empty input, 55, 56 and
/// 64 bytes, several blocks), on random bytes and on the hostile file names.
@Suite struct SHA256Tests {
    static var inputs: [[UInt8]] {
        var random = SeededGenerator(state: 256)
        var inputs: [[UInt8]] = [[], Array("abc".utf8), Array("src/app/main.swift".utf8)]
        for length in [1, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129, 1000] {
            inputs.append((0..<length).map { _ in UInt8.random(in: .min ... .max, using: &random) })
        }
        return inputs + HostileNames.names
    }

    @Test func itAgreesWithSha256sum() throws {
        for input in Self.inputs {
            let result = try Shell.run("sha256sum", [], input: input)
            let expected = String(String(decoding: result.output, as: UTF8.self).prefix(64))
            #expect(result.status == 0)
            #expect(SHA256.hex(input) == expected, "\(input.count) bytes: \(input.prefix(16))")
        }
    }

    @Test func theStandardVectorsHold() {
        #expect(SHA256.hex([UInt8]()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.digest(Array("abc".utf8)).count == 32)
    }
}
