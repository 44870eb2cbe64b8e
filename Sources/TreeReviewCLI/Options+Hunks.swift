extension Options {
    /// `--hunks` reads the content of a repository's comparison: not from a change list, not
    /// without line counts, not in the browser (its format is checked with the settings).
    func validateHunks() throws {
        guard hunks else { return }
        if let format, !writesAny(of: [.json], format: format) {
            throw refusal("--hunks applies to --format json, not \(format.rawValue)", accepted: "json")
        }
        if stdin {
            throw UsageError("--hunks does not apply to --stdin: hunks are read from a repository's content")
        }
        if !countLines {
            throw UsageError("--hunks cannot go with --no-stat: hunks come from the diff that counts lines")
        }
        if interactive {
            throw UsageError("--hunks does not apply to --interactive: the diff pane shows each file's hunks")
        }
    }
}
