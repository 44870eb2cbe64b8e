import Foundation
import Testing
import TestSupport
@testable import TreeReviewCLI

/// Drives each shell's completion of a command line, with the script the subcommand prints,
/// and returns the words offered.
enum CompletionHarness {
    /// The branches fixture plus a tag (`v1.0`) and a remote-tracking branch (`origin/topic`).
    static func repository() throws -> String { try repositoryResult.get() }

    private static let repositoryResult = Result<String, any Error> {
        let repo = try Fixtures.fresh("branches")
        try Shell.git(["tag", "v1.0", "main"], in: repo)
        try Shell.git(["update-ref", "refs/remotes/origin/topic", "feature"], in: repo)
        return repo
    }

    /// The words `bash` offers for `line` (cursor at its end), run in `directory`: the
    /// script is sourced, `COMP_LINE`, `COMP_POINT`, `COMP_WORDS` and `COMP_CWORD` are set as
    /// bash sets them, and `COMPREPLY` is printed.
    static func bash(_ line: String, in directory: String, subcommands: [Subcommand] = Subcommand.all) throws -> [String] {
        let driver = #"""
        source "$1"
        COMP_LINE=$2
        COMP_POINT=${#COMP_LINE}
        read -ra COMP_WORDS <<< "${COMP_LINE//=/ = }"
        [[ $COMP_LINE == *[[:space:]] ]] && COMP_WORDS+=("")
        COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
        _treereview treereview "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
        ((${#COMPREPLY[@]})) && printf '%s\n' "${COMPREPLY[@]}"
        exit 0
        """#
        return try words(Shell.run("bash", ["-c", driver, "driver", script(.bash, subcommands: subcommands), line], in: directory))
    }

    /// The words zsh's completion system offers for `line`: an interactive zsh on a
    /// pseudo-terminal (`zpty`) with the script on `$fpath` and `compinit` run, where `compadd`
    /// is wrapped to print each match after zsh's own matching; `TAB` is sent.
    static func zsh(_ line: String, in directory: String, subcommands: [Subcommand] = Subcommand.all) throws -> [String] {
        let functions = try temporary.appendingPathComponent("zsh-functions-" + subcommands.map(\.name).joined(separator: "-"))
        try FileManager.default.createDirectory(at: functions, withIntermediateDirectories: true)
        try Completion.script(for: .zsh, subcommands: subcommands).write(to: functions.appendingPathComponent("_treereview"), atomically: true, encoding: .utf8)
        let driver = #"""
        zmodload zsh/zpty
        zpty z zsh -f -i
        zpty -w z "fpath=(${(q)1} \$fpath); PROMPT= ; RPROMPT="
        zpty -w z 'autoload -Uz compinit; compinit -u -D; bindkey "^I" complete-word'
        zpty -w z 'zstyle ":completion:*" insert-tab false'
        zpty -w z 'mark() { print -rn -- $'"'"'\0\n'"'"' }; compprefuncs=(mark); comppostfuncs=(mark exit)'
        zpty -w z 'compadd() { if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return; fi; local -a hits; builtin compadd -A hits "$@"; local h; for h in $hits; do print -r -- "HIT:$IPREFIX$h"; done }'
        zpty -w z "$2"$'\t'
        integer marks=0
        local line
        while zpty -r z line; do
          [[ $line == *$'\0'* ]] && { (( marks++ )) && break; continue }
          (( marks )) && [[ $line == *HIT:* ]] && print -r -- ${${line#*HIT:}%%[$'\r\n']*}
        done
        """#
        return try words(Shell.run("timeout", ["30", "zsh", "-f", "-c", driver, "driver", functions.path, line], in: directory))
    }

    /// The words fish offers for `line` (`complete -C`), first field only. fish gets XDG
    /// directories of its own: it creates files there, and the shared home must stay empty.
    static func fish(_ line: String, in directory: String, subcommands: [Subcommand] = Subcommand.all) throws -> [String] {
        let xdg = NSTemporaryDirectory() + "treereview-fish-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: xdg) }
        let result = try Shell.run("fish", ["--no-config", "-c", "source $argv[1]; complete -C $argv[2]",
                                            try script(.fish, subcommands: subcommands), line],
                                   in: directory,
                                   environment: ["XDG_CONFIG_HOME": xdg, "XDG_DATA_HOME": xdg, "XDG_CACHE_HOME": xdg])
        return try words(result).map { String($0.prefix { $0 != "\t" }) }
    }

    /// Writes the script for `shell` to a temporary file; returns its path.
    static func script(_ shell: CompletionShell, subcommands: [Subcommand] = Subcommand.all) throws -> String {
        let name = (subcommands.map(\.name) + [shell.rawValue]).joined(separator: ".")
        let url = try temporary.appendingPathComponent(name)
        try Completion.script(for: shell, subcommands: subcommands).write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// Whether `tool` is on PATH; records an issue naming the Debian package when not.
    static func require(_ tool: String, package: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let found = (try? Shell.run("sh", ["-c", "command -v \(tool)"]).status) == 0
        if !found {
            Issue.record("\(tool) is not installed: apt-get install -y \(package)", sourceLocation: sourceLocation)
        }
        return found
    }

    private static var temporary: URL {
        get throws { URL(fileURLWithPath: try temporaryResult.get()) }
    }

    private static let temporaryResult = Result<String, any Error> { try Fixtures.temporaryDirectory() }

    private static func words(_ result: Shell.Result) throws -> [String] {
        guard result.status == 0, result.error.isEmpty else {
            throw CLIFailure(message: "completion failed (\(result.status)): \(result.error)")
        }
        return result.text.split(separator: "\n").map(String.init)
    }
}
