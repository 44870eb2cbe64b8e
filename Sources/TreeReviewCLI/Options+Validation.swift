extension Options {
    /// Refuses options that cannot apply together, rather than ignoring one of them.
    func validate() throws {
        if interactive { try validateInteractive() }
        if stdin {
            if !revisions.isEmpty || staged {
                throw UsageError("--stdin reads the changes from standard input; it takes no revision or --staged")
            }
            if let option = repositoryOnlyOption, ["--include-generated", "--owners", "--owner"].contains(option) {
                throw UsageError("\(option) does not apply to --stdin: generated files and owners are read from a repository's compared side")
            }
            if let option = repositoryOnlyOption {
                if option == "--unviewed" {
                    throw UsageError("--unviewed does not apply to --stdin: viewed marks need the files' object ids")
                }
                let decided = option == "--no-untracked" ? "which files it lists" : "renames, copies and the rename limit"
                throw UsageError("\(option) does not apply to --stdin: the change list already decided \(decided)")
            }
        }
        if directoryDepth != nil, let format, format != .plain && format != .json {
            throw UsageError("--directories lists directories with --format plain or json, not \(format.rawValue)")
        }
        if !stdin, nulTerminated, let format, format != .plain {
            throw UsageError("-z cannot go with --format \(format.rawValue): without --stdin, -z means plain output with NUL-terminated paths")
        }
    }

    /// `-i` draws the tree itself: options about printed output do not apply.
    private func validateInteractive() throws {
        let printing: [(given: Bool, name: String)] = [
            (format != nil, "--format"), (nulTerminated && !stdin, "-z"), (exitCode, "--exit-code"),
            (search != nil, "--search"), (searchMode != nil, "--search-mode"), (showOwners, "--owners"),
            (!owners.isEmpty, "--owner"), (includeGenerated, "--include-generated"),
        ]
        if let option = printing.first(where: \.given) {
            let hint = option.name.hasPrefix("--search") ? ": press / to find" : ""
            throw UsageError("\(option.name) does not apply to --interactive\(hint)")
        }
    }
}
