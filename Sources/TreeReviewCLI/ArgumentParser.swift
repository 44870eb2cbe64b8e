import Annotations
import ChangeList
import PathFilters
import GitAdapter
import Render
import TreeModel

/// Parses arguments against ``OptionTable``.
struct ArgumentParser {
    /// Which options a subcommand accepts, and its name for refusing the others.
    struct Restriction {
        let keys: Set<OptionKey>
        let command: String
    }

    /// Parses `arguments` (without the program name); with a `restriction`, an option it
    /// does not list is an error.
    static func parse(_ arguments: [String], restriction: Restriction? = nil) throws -> Options {
        var options = Options()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                options.pathspecs = Array(arguments[index...])
                options.separated = true
                break
            }
            if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                let name = String(body.prefix { $0 != "=" })
                let attached = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
                guard let spec = OptionTable.long(name) else {
                    throw UsageError("unknown option '--\(name)'" + suggestion(for: name))
                }
                let value = try value(for: spec, name: "--\(name)", attached: attached, arguments: arguments, index: &index)
                try apply(spec, name: "--\(name)", value: value, to: &options, restriction: restriction)
            } else if argument.hasPrefix("-") && argument.count > 1 {
                var rest = Substring(argument.dropFirst())
                while let letter = rest.first {
                    rest = rest.dropFirst()
                    guard let spec = OptionTable.short(letter) else {
                        throw UsageError("unknown option '-\(letter)'" + suggestion(for: String(letter)))
                    }
                    if spec.value == .none {
                        try apply(spec, name: "-\(letter)", value: nil, to: &options, restriction: restriction)
                        continue
                    }
                    let attached = rest.isEmpty ? nil : String(rest)
                    let value = try value(for: spec, name: "-\(letter)", attached: attached, arguments: arguments, index: &index)
                    try apply(spec, name: "-\(letter)", value: value, to: &options, restriction: restriction)
                    break
                }
            } else {
                options.revisions.append(argument)
            }
        }
        try options.validate()
        return options
    }

    private static func value(
        for spec: OptionSpec, name: String, attached: String?, arguments: [String], index: inout Int
    ) throws -> String? {
        switch spec.value {
        case .none:
            if attached != nil { throw UsageError("option '\(name)' takes no value") }
            return nil
        case .optional:
            return attached
        case .required(let valueName):
            if let attached { return attached }
            guard index < arguments.count else {
                throw UsageError("option '\(name)' needs a value: \(name) <\(valueName)>")
            }
            index += 1
            return arguments[index - 1]
        }
    }

    private static func apply(
        _ spec: OptionSpec, name: String, value: String?, to options: inout Options, restriction: Restriction?
    ) throws {
        if let restriction, !restriction.keys.contains(spec.key) {
            throw UsageError("option '\(name)' does not apply to \(restriction.command)")
        }
        if let value, !spec.choices.isEmpty, !spec.choices.contains(value) {
            throw UsageError("invalid value '\(value)' for \(name): expected one of \(spec.choices.joined(separator: ", "))"
                + nearest(value, in: spec.choices).map { " (did you mean '\($0)'?)" }.orEmpty)
        }
        if spec.isRepositoryOnly && options.repositoryOnlyOption == nil {
            options.repositoryOnlyOption = name
        }
        switch spec.key {
        case .format: options.format = value.flatMap(OutputFormat.init(rawValue:))
        case .write:
            let file = try ReportFile(parsing: value ?? "", option: name)
            if options.writes.contains(where: { $0.path == file.path }) {
                throw UsageError("\(name) names '\(file.path)' twice")
            }
            options.writes.append(file)
        case .linkTemplate:
            do {
                options.linkTemplate = try LinkTemplate(parsing: value ?? "")
            } catch {
                throw UsageError("invalid value for \(name): \(error.description)")
            }
        case .title:
            guard let value, !value.isEmpty else { throw UsageError("empty text for \(name)") }
            options.title = value
        case .nulTerminated: options.nulTerminated = true
        case .color: options.color = value.flatMap(ColorMode.init(rawValue:)) ?? .always
        case .noColor: options.color = .never
        case .staged: options.staged = true
        case .mergeBase: options.mergeBase = true
        case .directory: options.directory = value
        case .noUntracked: options.includeUntracked = false
        case .findRenames:
            let threshold = try score(value, option: name)
            if case .copies(_, let harder) = options.renames {
                options.renames = .copies(threshold: threshold, harder: harder)
            } else {
                options.renames = .renames(threshold: threshold)
            }
        case .noRenames: options.renames = .off
        case .findCopies:
            let threshold = try score(value, option: name)
            if case .copies = options.renames {
                options.renames = .copies(threshold: threshold, harder: true)
            } else {
                options.renames = .copies(threshold: threshold, harder: false)
            }
        case .findCopiesHarder:
            if case .copies(let threshold, _) = options.renames {
                options.renames = .copies(threshold: threshold, harder: true)
            } else {
                options.renames = .copies(threshold: nil, harder: true)
            }
        case .noStat: options.countLines = false
        case .hunks: options.hunks = true
        case .noCache: options.useCache = false
        case .exitCode: options.exitCode = true
        case .unviewed: options.hidesViewed = true
        case .sinceReview: options.since = .lastReview
        case .since: options.since = .revision(value ?? "")
        case .flatten: options.flatten = true
        case .noFlatten: options.flatten = false
        case .stdin:
            options.stdin = true
            options.stdinForm = value.flatMap(ChangeListForm.init(rawValue:))
        case .sort: options.sort = value.flatMap(TreeOrder.init(rawValue:))
        case .depth:
            options.depth = try WholeNumber.parse(value ?? "", option: name)
        case .renameLimit:
            options.renameLimit = try WholeNumber.parse(value ?? "", option: name)
        case .directories:
            options.directoryDepth = try value.map { try WholeNumber.parse($0, option: name, atLeast: 1) } ?? 1
        case .groupBy:
            switch value {
            case "owner": options.groupByOwner = true
            case "package": options.groupByPackage = true
            case "group": options.groupByGroup = true
            default: throw UsageError("invalid value '\(value ?? "")' for \(name): expected owner, package or group")
            }
        case .filters:
            guard let value, !value.isEmpty else { throw UsageError("empty file name for \(name)") }
            options.filters = value
        case .group:
            guard let value, !value.isEmpty else { throw UsageError("empty group name for \(name)") }
            if !options.groups.contains(value) { options.groups.append(value) }
        case .predicateQuantifier: options.predicateQuantifier = value.flatMap(PredicateQuantifier.init(rawValue:))
        case .packages: options.packages = true
        case .affected: options.affected = true
        case .affectsAll:
            guard let value, !value.isEmpty else { throw UsageError("empty pattern for \(name)") }
            options.affectsAll.append(value)
        case .maxBytes:
            options.maxBytes = try WholeNumber.parse(value ?? "", option: name, atLeast: MarkdownRenderer.smallestMaxBytes)
        case .search: options.search = value
        case .searchMode: options.searchMode = value.flatMap(SearchMode.init(rawValue:))
        case .status: options.statusFilter = try StatusFilter(value ?? "")
        case .icons: options.icons = value.flatMap(IconMode.init(rawValue:))
        case .charset: options.charset = value.flatMap(Charset.init(rawValue:))
        case .includeGenerated: options.includeGenerated = true
        case .owners: options.showOwners = true
        case .owner:
            let owner = value ?? ""
            guard OwnerSyntax.isValid(Array(owner.utf8)) else {
                throw UsageError("invalid owner '\(owner)' for \(name): expected @user, @org/team or an email address")
            }
            options.owners.append(owner)
        case .ownersFrom: options.ownersFrom = value.flatMap(CodeOwnersSide.init(rawValue:))
        case .paginate: options.paginate = true
        case .noPager: options.paginate = false
        case .interactive: options.interactive = true
        case .help: options.showHelp = true
        case .version: options.showVersion = true
        }
    }

    private static func score(_ value: String?, option: String) throws -> Int? {
        guard let value, !value.isEmpty else { return nil }
        guard let score = RenameSetting.parseScore(value) else {
            throw UsageError("invalid similarity '\(value)' for \(option): expected a number such as 50 or 50%")
        }
        return score
    }

    /// " (did you mean '--format'?)" for the closest long option, or "".
    static func suggestion(for name: String) -> String {
        let names = OptionTable.all.flatMap(\.longNames)
        return nearest(name, in: names).map { "; did you mean '--\($0)'?" } ?? ""
    }

    /// The candidate closest to `word` by edit distance, if it is close enough to be a typo.
    static func nearest(_ word: String, in candidates: [String]) -> String? {
        let scored = candidates.map { ($0, EditDistance.between(word, $0)) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        return best.1 <= max(2, word.count / 3) ? best.0 : nil
    }
}

extension Optional where Wrapped == String {
    var orEmpty: String { self ?? "" }
}

/// Levenshtein distance, for "did you mean" suggestions.
enum EditDistance {
    static func between(_ a: String, _ b: String) -> Int {
        let x = Array(a), y = Array(b)
        guard !x.isEmpty else { return y.count }
        guard !y.isEmpty else { return x.count }
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[y.count]
    }
}

/// A problem with the command line, reported as one line and exit status 2.
struct UsageError: Error, Equatable, CustomStringConvertible {
    let message: String

    init(_ message: String) { self.message = message }

    var description: String { message }
}

/// The value of a numeric option (`--depth`, `-l`): decimal digits only, never overflowing.
enum WholeNumber {
    /// The largest value kept, as git's `int`: a larger one means the same (a depth deeper
    /// than any tree, a rename limit whose square no comparison reaches), so it is lowered to this.
    static let largest = Int(Int32.max)

    /// The number `text` spells, at most ``largest``; anything but digits is an error naming `option`.
    static func parse(_ text: String, option: String) throws -> Int {
        guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            throw UsageError("invalid value '\(text)' for \(option): expected a whole number, 0 or more")
        }
        var value = 0
        for digit in text.utf8 {
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
            if value > largest { return largest }
        }
        return value
    }

    /// The number `text` spells, which must be at least `least`.
    static func parse(_ text: String, option: String, atLeast least: Int) throws -> Int {
        let value = try parse(text, option: option)
        guard value >= least else {
            throw UsageError("invalid value '\(text)' for \(option): expected a whole number, \(least) or more")
        }
        return value
    }
}
