/// Whether treereview runs inside a git hook, where nothing may wait for a key: git gives a
/// hook's standard output the terminal (a copy of its standard error) but never its standard
/// input, which is `/dev/null` (`pre-commit`, `commit-msg`, `post-checkout`…) or a pipe
/// (`pre-push`, `post-rewrite`, the receive hooks). git 2.39 sets no variable for hooks alone
/// (`GIT_INDEX_FILE` only for the commit hooks), but `GIT_EXEC_PATH` for every program it runs
/// (hooks, `!` aliases, `git treereview`), so the two together tell a hook from an alias or
/// `git treereview` typed at a terminal, which keep the terminal as standard input, and from a
/// shell, where git has set nothing.
enum GitHook {
    /// Whether a run with `environment` is a git hook's: git started it (`GIT_EXEC_PATH`, set
    /// by exec-cmd.c's `setup_path` for every program git runs) and standard input is not a
    /// terminal. `standardInputIsTerminal` is nil when standard input is the change list
    /// (`--stdin`), which says nothing of who started treereview.
    static func isRunning(environment: [String: String], standardInputIsTerminal: Bool?) -> Bool {
        guard let standardInputIsTerminal else { return false }
        return environment["GIT_EXEC_PATH"] != nil && !standardInputIsTerminal
    }
}
