import Foundation
import Testing
import TestSupport
import GitRules

/// Booleans and numbers read as `git config --type=bool` and `--type=int` read them: a few
/// hundred values (edge cases and generated ones) written to a config file, each read by git
/// and by ``GitConfigValue``: the same value, or both refuse.
@Suite struct GitConfigValueGitTests {
    static let edgeCases: [String?] = [
        nil, "", "2", "-1", "0", "1", "00", "-0", "+1", "0x10", "0X1f", "010", "08", "1k", "1K", "3m", "3M", "1g", "1G",
        "1kk", "1kb", "k", "0x", "-", "+", " 1", "\t1", "1 ", "2147483647", "2147483648", "-2147483647", "-2147483648",
        "-2147483649", "2097151k", "2097152k", "-2097152k", "2047m", "2048m", "1g", "2g", "-2g", "9223372036854775807",
        "9223372036854775808", "-9223372036854775808", "8589934591g", "8589934592g", "on", "off", "ON", "Off", "yes", "no",
        "YES", "nO", "true", "false", "TRUE", "FaLsE", "maybe", " true", "true ", "yes ", "truex", "t", "y", "n", "1\u{212A}",
        "tru\u{0130}", "\u{FF11}", "1.5", "1e3", "0b1", "١",
    ]

    /// Values made of number-like and word-like pieces, seeded.
    static func generated(count: Int) -> [String] {
        var random = SeededGenerator(state: 2026)
        let pieces = ["0", "1", "7", "9", "12", "-", "+", "0x", "0X", "f", "k", "m", "g", "K", "M", "G", " ", "\t", "true",
                      "no", "On", "x", "2147483647", "4294967296", "00", "e", "."]
        return (0..<count).map { _ in
            (0..<Int.random(in: 1...4, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
        }
    }

    /// `value` as a config file writes it after `key =`: in double quotes, `"` and `\`
    /// escaped, tabs as `\t`.
    private static func configText(_ value: String) -> String {
        var text = "\""
        for character in value {
            switch character {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\t": text += "\\t"
            default: text.append(character)
            }
        }
        return text + "\""
    }

    /// What git prints for `key` read as `type`, or `nil` when it refuses it.
    private static func git(_ file: String, _ key: String, type: String) throws -> String? {
        let result = try Shell.run("git", ["config", "-f", file, "--type=\(type)", key])
        if result.status != 0 {
            #expect(result.error.hasPrefix("fatal: bad "), "\(result.error)")
            return nil
        }
        return result.text.trimmingCharacters(in: .newlines)
    }

    @Test func booleansAndNumbersAreReadAsGitReadsThem() throws {
        let values = Self.edgeCases + Self.generated(count: 300).map(Optional.some)
        let file = try Fixtures.temporaryDirectory() + "/config"
        var text = "[v]\n"
        for (number, value) in values.enumerated() {
            text += value.map { "\tk\(number) = \(Self.configText($0))\n" } ?? "\tk\(number)\n"
        }
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        var outcomes: Set<String> = []
        for (number, value) in values.enumerated() {
            let key = "v.k\(number)"
            let gitBool = try Self.git(file, key, type: "bool")
            let ours = GitConfigValue.bool(value).map { $0 ? "true" : "false" }
            #expect(ours == gitBool, "--type=bool \(value.map { "'\($0)'" } ?? "(no value)")")
            let gitInt = try Self.git(file, key, type: "int")
            let oursInt = try? GitConfigValue.int(value, maximum: Int.max).get()
            #expect(oursInt.map(String.init) == gitInt, "--type=int \(value.map { "'\($0)'" } ?? "(no value)")")
            outcomes.insert("bool " + (gitBool == nil ? "refused" : "accepted"))
            outcomes.insert("int " + (gitInt == nil ? "refused" : "accepted"))
        }
        #expect(outcomes == ["bool refused", "bool accepted", "int refused", "int accepted"], "the values reach every outcome")
    }

    @Test func anIntIsWithinAnIntsRange() {
        #expect(GitConfigValue.int("2147483647") == .success(2_147_483_647))
        #expect(GitConfigValue.int("2147483648") == .failure(.outOfRange))
        #expect(GitConfigValue.int("2097152k") == .failure(.outOfRange))
        #expect(GitConfigValue.int("99999999999999999999", maximum: Int.max) == .failure(.outOfRange))
        #expect(GitConfigValue.int("1x") == .failure(.invalidUnit))
        #expect(GitConfigValue.int(nil) == .failure(.invalidUnit))
        #expect(GitConfigValue.bool("2147483648") == nil, "a boolean's number is an int")
    }

    @Test func colorSwitchesAreWordsOrBooleans() {
        #expect(GitConfigValue.colorSwitch("Never") == .never)
        #expect(GitConfigValue.colorSwitch("ALWAYS") == .always)
        #expect(GitConfigValue.colorSwitch("auto") == .auto)
        #expect(GitConfigValue.colorSwitch("true") == .auto)
        #expect(GitConfigValue.colorSwitch(nil) == .auto)
        #expect(GitConfigValue.colorSwitch("1") == .auto)
        #expect(GitConfigValue.colorSwitch("") == .never)
        #expect(GitConfigValue.colorSwitch("off") == .never)
        #expect(GitConfigValue.colorSwitch("sometimes") == nil)
    }
}
