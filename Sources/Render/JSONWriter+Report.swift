import TreeModel

/// The pieces of the JSON report that appear in more than one place.
extension JSONWriter {
    mutating func field(_ name: StaticString, _ value: String?) {
        key(literal: name)
        if let value { string(value) } else { null() }
    }

    mutating func field(_ name: StaticString, _ value: Int?) {
        key(literal: name)
        if let value { int(value) } else { null() }
    }

    mutating func field(_ name: StaticString, _ value: Bool?) {
        key(literal: name)
        if let value { bool(value) } else { null() }
    }

    /// A string known to need no escaping (a literal of plain ASCII) under `name`.
    mutating func literalField(_ name: StaticString, _ value: StaticString) {
        key(literal: name)
        beginValue()
        buffer.append(UInt8(ascii: "\""))
        buffer.append(value)
        buffer.append(UInt8(ascii: "\""))
    }

    /// A status's name as the schema writes it: its raw value, as a literal.
    static func literal(of status: ChangeStatus) -> StaticString {
        status.jsonName
    }

    /// Makes sure the name of resolution `number` of a run's ``FileIcons/resolutions``, and of
    /// every one before it, is ready for ``iconField(_:)``: quoted and escaped, once per run.
    mutating func noteIcon(_ number: Int, of resolutions: [IconResolution]) {
        while iconNames.count <= number {
            var name = resolutions[iconNames.count].name
            var escaped = ByteBuffer(capacity: 64)
            escaped.append(UInt8(ascii: "\""))
            name.withUTF8 { JSONWriter.appendEscaped(utf8: $0, to: &escaped) }
            escaped.append(UInt8(ascii: "\""))
            iconNames.append(escaped.array)
        }
    }

    /// `"icon"`: the name of icon `number`, made ready by ``noteIcon(_:of:)``.
    mutating func iconField(_ number: Int) {
        key(literal: "icon")
        beginValue()
        buffer.append(iconNames[number])
    }

    /// A mode as six octal digits (`"100644"`), or `null`.
    mutating func modeField(_ name: StaticString, _ mode: FileMode?) {
        key(literal: name)
        guard let mode else { return null() }
        beginValue()
        let digits = buffer.reserve(8)
        digits[0] = UInt8(ascii: "\"")
        var value = mode.rawValue
        for position in (1...6).reversed() {
            digits[position] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value & 7)
            value >>= 3
        }
        digits[7] = UInt8(ascii: "\"")
        buffer.commit(8)
    }

    /// A path as lossy text under `name`, plus its exact bytes in base64 under `bytesName`
    /// when they are not valid UTF-8.
    mutating func pathField(_ name: StaticString, _ bytesName: StaticString, _ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { pathField(name, bytesName, $0) }
    }

    /// A path given as a buffer, as ``pathField(_:_:_:)-([UInt8])`` writes it.
    mutating func pathField(_ name: StaticString, _ bytesName: StaticString, _ bytes: UnsafeBufferPointer<UInt8>) {
        if JSONWriter.isASCII(bytes) {
            key(literal: name)
            utf8String(bytes)
        } else if let text = String(validating: bytes, as: UTF8.self) {
            field(name, text)
        } else {
            field(name, String(decoding: bytes, as: UTF8.self))
            field(bytesName, Base64.encode(Array(bytes)))
        }
    }

    /// The `comparison` object: what was compared (with `codeOwners` when owners were read),
    /// then `files`, its number of files before `filters` (counted as `summary` counts them;
    /// `files` itself when there is no filter), and `filters`, each active filter as
    /// ``writeFilter(_:)`` writes it.
    mutating func writeComparison(_ comparison: ComparisonLabel, filters: ActiveFilters, files: Int) {
        beginObject()
        field("mode", comparison.kind.rawValue)
        field("spec", comparison.spec)
        field("old", comparison.old)
        field("new", comparison.new)
        if let since = comparison.sinceReview { writeSinceReview(since) }
        if let codeOwners = comparison.codeOwners { writeCodeOwners(codeOwners) }
        field("files", filters.isEmpty ? files : filters.comparisonFiles)
        key(literal: "filters")
        beginArray()
        for filter in filters.filters { writeFilter(filter) }
        endArray()
        endObject()
    }

    /// One filter of `comparison.filters`: `{"filter": "status", "keep": [...], "drop": [...]}`,
    /// `{"filter": "owner", "owners": [...]}`, `{"filter": "search", "query": "..."}`,
    /// `{"filter": "unviewed"}`, `{"filter": "sinceReview", "head": "...", "revision": ...}`.
    mutating func writeFilter(_ filter: ActiveFilters.Filter) {
        beginObject()
        switch filter {
        case let .status(kept, dropped):
            literalField("filter", "status")
            for (name, statuses) in [("keep", kept), ("drop", dropped)] as [(StaticString, Set<ChangeStatus>)] {
                key(literal: name)
                beginArray()
                for status in ChangeStatus.allCases where statuses.contains(status) { string(status.rawValue) }
                endArray()
            }
        case .owner(let owners):
            literalField("filter", "owner")
            writeOwners(owners)
        case .search(let query):
            literalField("filter", "search")
            field("query", query)
        case .unviewed:
            literalField("filter", "unviewed")
        case .group(let names):
            literalField("filter", "group")
            key(literal: "groups")
            beginArray()
            for name in names { string(name) }
            endArray()
        case .sinceReview(let note):
            literalField("filter", "sinceReview")
            field("head", note.head)
            field("revision", note.revision)
        }
        endObject()
    }

    /// A summary; `leftOut`, the generated and vendored files it does not count.
    mutating func writeSummary(_ summary: ChangeSummary, linesCounted: Bool, leftOut: LeftOutFiles = LeftOutFiles()) {
        beginObject()
        field("files", summary.files)
        field("added", summary.count(.added))
        field("modified", summary.count(.modified))
        field("deleted", summary.count(.deleted))
        field("renamed", summary.count(.renamed))
        field("copied", summary.count(.copied))
        field("typeChanged", summary.count(.typeChanged))
        field("untracked", summary.count(.untracked))
        field("unmerged", summary.count(.unmerged))
        field("binary", linesCounted ? summary.binary : nil)
        field("insertions", linesCounted ? summary.insertions : nil)
        field("deletions", linesCounted ? summary.deletions : nil)
        field("excludedGenerated", leftOut.generated.files)
        field("excludedVendored", leftOut.vendored.files)
        endObject()
    }

    /// The `directories` array: each directory as text, lossily where it is not valid UTF-8,
    /// and each text once (two directories that differ only in invalid bytes are one).
    mutating func writeDirectories(_ directories: [[UInt8]]) {
        beginArray()
        var written: Set<String> = []
        for directory in directories {
            let text = String(decoding: directory, as: UTF8.self)
            if written.insert(text).inserted { string(text) }
        }
        endArray()
    }

    /// The fields of a `files` entry, in schema order, without the braces (and without `kind`,
    /// which comes first in an entry and a node alike); `icon` is the number of its icon, made
    /// ready by ``noteIcon(_:of:)``; `kinds` and `owners` are the file's
    /// annotations (`owners` `nil` when no CODEOWNERS file was read).
    mutating func writeChangeFields(_ change: borrowing FileChange, linesCounted: Bool, icon: Int,
                                    kinds: FileAnnotations.Kinds = [], owners: [String]? = nil,
                                    changedSinceReview: Bool = false) {
        pathField("path", "pathBytes", change.path.bytes)
        if let oldPath = change.oldPath {
            pathField("oldPath", "oldPathBytes", oldPath.bytes)
        }
        if let status = change.status {
            literalField("status", JSONWriter.literal(of: status))
        }
        if change.oldPath != nil {
            field("similarity", change.similarity)
        }
        field("insertions", linesCounted ? change.insertions : nil)
        field("deletions", linesCounted ? change.deletions : nil)
        field("binary", linesCounted ? change.binary : nil)
        modeField("oldMode", change.oldMode)
        modeField("newMode", change.newMode)
        if change.isSubmodule {
            field("oldCommit", change.oldCommit?.hex)
            field("newCommit", change.newCommit?.hex)
        }
        iconField(icon)
        if change.partiallyStaged { field("partiallyStaged", true) }
        switch change.viewState {
        case .notViewed: break
        case .viewed: field("viewed", true)
        case .changedSinceViewed: field("changedSinceViewed", true)
        }
        if changedSinceReview { field("changedSinceReview", true) }
        if kinds.contains(.generated) { field("generated", true) }
        if kinds.contains(.vendored) { field("vendored", true) }
        if let owners { writeOwners(owners) }
    }

    /// `"owners": [...]`.
    mutating func writeOwners(_ owners: [String]) {
        key(literal: "owners")
        beginArray()
        for owner in owners { string(owner) }
        endArray()
    }
}

extension JSONWriter {
    /// The comparison's `"sinceReview"`: the head reviewed, the old side then, the counts.
    mutating func writeSinceReview(_ since: SinceReviewNote) {
        key(literal: "sinceReview")
        beginObject()
        field("head", since.head)
        field("base", since.base)
        field("revision", since.revision)
        field("changed", since.changed)
        field("files", since.files)
        endObject()
    }
}
