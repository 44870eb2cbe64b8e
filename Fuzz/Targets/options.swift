/// The argument parser together with treereview.* git config: no crash; errors are one line with status 2.
///
/// Input: one item per line (NUL stands for a LF inside an item). An item
/// `treereview.KEY=VALUE` becomes a config entry (KEY reduced to letters, digits and `-`),
/// written into a scratch repository's `.git/config`; every other item is an argument.
/// The command runs in that repository (two branches, a staged and an unstaged change),
/// reading a fixed change list when `--stdin` is given. It must end with status 0, 1 (only
/// with `--exit-code`) or 2, and on 2 print one line on standard error and nothing else.
import Foundation

private let repository = OptionsRepository.make()

/// Makes the repository before the first input, so that what making it allocates is not
/// taken for a leak of that input.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzOptionsInitialize(_ argc: UnsafeMutablePointer<Int32>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> Int32 {
    _ = repository.path
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOptions(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    var arguments: [String] = []
    var config: [(key: String, value: [UInt8])] = []
    let prefix = Array("treereview.".utf8)
    for line in input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
        let item = Fuzz.swappingNulAndNewline(Array(line))
        if item.starts(with: prefix), let equals = item.firstIndex(of: UInt8(ascii: "=")) {
            config.append((OptionsRepository.key(item[prefix.count..<equals]), Array(item[(equals + 1)...])))
        } else {
            arguments.append(String(decoding: item, as: UTF8.self))
        }
    }
    repository.writeConfig(config)
    let stdin = Array("M\ta.txt\nR090\tdir/old.txt\tdir/new.txt\nA\t\"sp\\303\\251cial\\ttab\"\n".utf8)
    let outcome = Fuzz.run(arguments, input: stdin, directory: repository.path)
    switch outcome.status {
    case 0: break
    case 1: Fuzz.check(arguments.contains("--exit-code"), "status 1 without --exit-code: \(arguments)")
    default: Fuzz.checkUsageError(outcome, "arguments \(arguments), config \(config)")
    }
    return 0
}

/// A scratch repository made once per process with git, whose `treereview` config section
/// is rewritten for every input.
private struct OptionsRepository: Sendable {
    let path: String
    private let baseConfig: [UInt8]

    static func make() -> OptionsRepository {
        let path = Fuzz.makeScratchDirectory("options")
        let script = """
            git init -q -b main && git config user.name Fuzz && git config user.email fuzz@example.com &&
            mkdir dir && printf 'one\\ntwo\\n' > a.txt && printf 'a\\nb\\nc\\nd\\n' > dir/old.txt &&
            git add . && git commit -q -m one && git checkout -q -b feature &&
            git mv dir/old.txt dir/new.txt && printf 'one\\n' > a.txt && git commit -q -am two &&
            git checkout -q main && printf 'x\\n' > b.txt && git add b.txt && printf 'three\\n' >> a.txt
            """
        let status = Fuzz.shell(script, in: path, environment: ["GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null", "HOME": path])
        guard status == 0, let base = FileManager.default.contents(atPath: path + "/.git/config") else {
            fatalError("cannot make the scratch repository in \(path)")
        }
        return OptionsRepository(path: path, baseConfig: Array(base))
    }

    /// A config key from fuzzed bytes: letters, digits and `-`, starting with a letter.
    static func key(_ bytes: ArraySlice<UInt8>) -> String {
        let kept = bytes.filter { $0 < 0x80 && (Character(Unicode.Scalar($0)).isLetter || Character(Unicode.Scalar($0)).isNumber || $0 == UInt8(ascii: "-")) }
        let key = String(decoding: kept, as: UTF8.self)
        return key.first?.isLetter == true ? key : "k" + key
    }

    /// Replaces the repository's config with its original plus a `[treereview]` section.
    func writeConfig(_ entries: [(key: String, value: [UInt8])]) {
        var text = baseConfig
        if !entries.isEmpty {
            text += Array("[treereview]\n".utf8)
            for (key, value) in entries {
                text += Array("\t\(key) = \"".utf8) + Self.escaped(value) + Array("\"\n".utf8)
            }
        }
        guard FileManager.default.createFile(atPath: path + "/.git/config", contents: Data(text)) else {
            fatalError("cannot write the scratch repository's config")
        }
    }

    /// A config value inside double quotes: `\`, `"`, LF and TAB escaped as git writes them.
    private static func escaped(_ value: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        for byte in value {
            switch byte {
            case UInt8(ascii: "\\"): output += Array("\\\\".utf8)
            case UInt8(ascii: "\""): output += Array("\\\"".utf8)
            case UInt8(ascii: "\n"): output += Array("\\n".utf8)
            case UInt8(ascii: "\t"): output += Array("\\t".utf8)
            default: output.append(byte)
            }
        }
        return output
    }
}
