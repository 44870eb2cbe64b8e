/// Decides whether to color output, from the option and the environment.
enum ColorDecision {
    /// `always` and `never` decide; `auto` colors a terminal unless `NO_COLOR` is set or
    /// `TERM` is `dumb`, and `CLICOLOR_FORCE` colors even when not a terminal.
    static func useColor(_ mode: ColorMode, environment: [String: String], isTerminal: Bool) -> Bool {
        switch mode {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
            if let force = environment["CLICOLOR_FORCE"], !force.isEmpty, force != "0" { return true }
            if environment["TERM"] == "dumb" { return false }
            return isTerminal
        }
    }
}
