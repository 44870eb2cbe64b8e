import Foundation

/// The manual page `treereview(1)`, generated from ``OptionTable``, ``Subcommand/all`` and
/// ``Settings/configKeys`` and committed as `Docs/treereview.1` (a test keeps it current).
enum ManPage {
    /// The page, in roff with the `man` macros.
    static func render() -> String {
        var page = Roff()
        page.comment("Generated from the option table by treereview's ManPage.swift; do not edit.")
        page.macro("TH", "TREEREVIEW", "1", "", "treereview \(TreeReview.version)", "User Commands")
        page.macro("nh")
        page.macro("SH", "NAME")
        page.line("treereview \\- " + Roff.escape(summary))
        synopsis(&page)
        page.macro("SH", "DESCRIPTION")
        for (index, paragraph) in description.enumerated() {
            if index > 0 { page.macro("PP") }
            page.line(Roff.prose(paragraph))
        }
        page.macro("SH", "COMPARISONS")
        for comparison in comparisons {
            page.tagged(Roff.prose(comparison.arguments), Roff.prose(comparison.meaning))
        }
        page.macro("PP")
        page.line(Roff.prose(revisionsNote))
        page.macro("SH", "OPTIONS")
        for spec in OptionTable.all {
            page.tagged(tag(for: spec), body(for: spec))
        }
        page.macro("SH", "COMMANDS")
        for subcommand in Subcommand.all {
            page.tagged(Roff.bold("treereview \(subcommand.name)") + " " + Roff.prose(subcommand.usage), Roff.prose(subcommand.help))
        }
        configuration(&page)
        page.macro("SH", "ENVIRONMENT")
        for variable in environment {
            page.tagged(variable.names.map(Roff.bold).joined(separator: ", "), Roff.prose(variable.meaning))
        }
        page.macro("SH", "EXIT STATUS")
        for exit in exitStatuses {
            page.tagged(Roff.bold(exit.status), Roff.prose(exit.meaning))
        }
        page.macro("SH", "EXAMPLES")
        for example in examples {
            page.tagged(Roff.bold(example.command), Roff.prose(example.meaning))
        }
        page.macro("SH", "SEE ALSO")
        page.line(seeAlso.map { Roff.bold($0.0) + "(\($0.1))" }.joined(separator: ", "))
        return page.text
    }

    private static func synopsis(_ page: inout Roff) {
        page.macro("SH", "SYNOPSIS")
        page.macro("B", "treereview")
        let revisions = [
            Roff.italic("rev"),
            Roff.italic("a") + Roff.bold("..") + Roff.italic("b"),
            Roff.italic("a") + Roff.bold("...") + Roff.italic("b"),
            Roff.italic("a") + " " + Roff.italic("b"),
        ]
        page.line("[" + Roff.italic("options") + "] [" + revisions.joined(separator: " | ") + "] ["
                  + Roff.bold("--") + " " + Roff.italic("pathspec") + "...]")
        for subcommand in Subcommand.all {
            page.macro("br")
            page.macro("B", "treereview \(subcommand.name)")
            page.line(Roff.prose(subcommand.usage))
        }
    }

    private static func configuration(_ page: inout Roff) {
        page.macro("SH", "CONFIGURATION")
        page.line(Roff.prose(configurationNote))
        for key in Settings.configKeys {
            var sentences: [String] = []
            if let spec = OptionTable.all.first(where: { configKey(in: $0.help).key == key }), let long = spec.long {
                let values = spec.choices.isEmpty ? ["true", "false"] : spec.choices
                sentences.append("The default of " + Roff.bold("--" + long) + ": "
                                 + Roff.escape(values.dropLast().joined(separator: ", ") + " or " + values.last! + "."))
            }
            if let remark = configurationRemarks[key] { sentences.append(Roff.prose(remark)) }
            page.tagged(Roff.bold(key), sentences.joined(separator: " "))
        }
        for entry in gitConfiguration {
            page.tagged(Roff.bold(entry.key), Roff.prose(entry.meaning))
        }
    }

    /// `\fB\-M\fR[\fIn\fR], \fB\-\-find\-renames\fR[=\fIn\fR]`.
    private static func tag(for spec: OptionSpec) -> String {
        func withValue(_ name: String, long: Bool) -> String {
            switch spec.value {
            case .none: Roff.bold(name)
            case .required(let value): Roff.bold(name) + " " + Roff.italic(value)
            case .optional(let value): Roff.bold(name) + (long ? "[=" : "[") + Roff.italic(value) + "]"
            }
        }
        let short = spec.short.map { [withValue("-\($0)", long: false)] } ?? []
        return (short + spec.longNames.map { withValue("--\($0)", long: true) }).joined(separator: ", ")
    }

    private static func body(for spec: OptionSpec) -> String {
        let (text, key) = configKey(in: spec.help)
        guard let key else { return Roff.prose(text) }
        return Roff.prose(text) + " Its default can be set with " + Roff.bold(key) + "."
    }

    /// Help text without its trailing ` [treereview.key]`, and that key.
    static func configKey(in help: String) -> (text: String, key: String?) {
        guard help.hasSuffix("]"), let open = help.range(of: " [", options: .backwards) else { return (help, nil) }
        let key = String(help[open.upperBound..<help.index(before: help.endIndex)])
        guard Settings.configKeys.contains(key) else { return (help, nil) }
        return (String(help[..<open.lowerBound]), key)
    }
}
