extension Subcommand {
    /// `treereview viewed [<comparison> --] <path>...`: marks changed files viewed.
    static let viewed = Subcommand(
        name: "viewed",
        usage: "[<comparison> --] <path>...",
        arguments: .paths,
        help: "Mark the changed files at these paths (a directory: every one below it) viewed, with the content they have in the comparison (default: HEAD against the working tree)."
    ) { arguments, environment, io in
        try ViewedMarking(viewed: true).run(arguments, environment: environment, io: io)
    }

    /// `treereview unviewed [<comparison> --] <path>...`: removes their marks.
    static let unviewed = Subcommand(
        name: "unviewed",
        usage: "[<comparison> --] <path>...",
        arguments: .paths,
        help: "Remove the viewed marks of the changed files at these paths (a directory: every one below it)."
    ) { arguments, environment, io in
        try ViewedMarking(viewed: false).run(arguments, environment: environment, io: io)
    }
}
