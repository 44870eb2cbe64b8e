import Foundation
internal import CLibGit2

/// The `@{…}` forms of a revision that libgit2 1.5 reads differently from git 2.39, read as
/// git reads them: `<ref>@{<n>}` (the n-th prior value in the ref's own reflog: `HEAD@{1}`
/// reads HEAD's, where libgit2 reads the current branch's; `@{<n>}` the current branch's),
/// `<branch>@{upstream}` / `@{u}` and `<branch>@{push}` (which libgit2 does not know), with
/// git's messages. Other forms (`@{-<n>}`, dates) are left to libgit2.
struct ReflogRevision {
    /// The ref as written before `@{` (empty: the current branch).
    let base: String
    /// What is between the braces.
    let mark: Mark
    /// What follows the closing brace (`~2`, `^{tree}`, `:path`).
    let rest: Substring

    enum Mark: Equatable {
        case nth(Int)
        case upstream
        case push
    }

    /// The form at the start of `revision`, if it is one of these.
    init?(_ revision: String) {
        guard let open = revision.range(of: "@{"), let close = revision[open.upperBound...].firstIndex(of: "}") else {
            return nil
        }
        let content = revision[open.upperBound..<close]
        switch content.lowercased() {
        case "u", "upstream": mark = .upstream
        case "push": mark = .push
        default:
            guard !content.isEmpty, content.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(content) else { return nil }
            mark = .nth(number)
        }
        base = String(revision[..<open.lowerBound])
        if base.contains("@{") || base.contains(":") { return nil }
        rest = revision[revision.index(after: close)...]
    }
}

extension Repository {
    /// `revision` with a leading ``ReflogRevision`` form replaced by the object id it names,
    /// so that libgit2 reads only the rest (`HEAD@{1}~2` → `<id>~2`); unchanged otherwise.
    /// Throws git's words: `log for 'HEAD' only has 3 entries`, `no upstream configured for
    /// branch 'main'`, `HEAD does not point to a branch`, ….
    func expandingReflogForms(_ revision: String) throws -> String {
        guard let form = ReflogRevision(revision) else { return revision }
        let id: String
        switch form.mark {
        case .nth(let n):
            guard let found = try reflogEntry(form.base, n, revision: revision) else { return revision }
            id = found
        case .upstream, .push:
            let branch = try branchName(form.base)
            let tracking = try form.mark == .upstream ? upstream(of: branch) : pushDestination(of: branch)
            guard let target = referenceTarget(tracking) else {
                throw AdapterError.unknownRevision(revision, emptyRepository: false)
            }
            id = target
        }
        return id + form.rest
    }

    /// The `n`-th prior value of the reflog `base` names (git's `dwim_log`); `nil` when it has
    /// no reflog (git: an unknown revision).
    private func reflogEntry(_ base: String, _ n: Int, revision: String) throws -> String? {
        let name: String
        let shown: String
        if base.isEmpty || base == "@" {
            let head = symbolicTarget("HEAD")
            name = head ?? "HEAD"
            shown = head.flatMap { $0.hasPrefix("refs/heads/") ? String($0.dropFirst(11)) : nil } ?? "HEAD"
        } else {
            guard let found = reflogName(for: base) else { return nil }
            name = found
            shown = base
        }
        var reflog: OpaquePointer?
        guard git_reflog_read(&reflog, handle, name) == 0, let reflog else { return nil }
        defer { git_reflog_free(reflog) }
        let count = git_reflog_entrycount(reflog)
        if count == 0 { throw AdapterError.repository("log for \(name) is empty") }
        if n < count, let entry = git_reflog_entry_byindex(reflog, n) {
            return ObjectID(git_reflog_entry_id_new(entry).pointee).hex
        }
        if n == count, let entry = git_reflog_entry_byindex(reflog, count - 1) {
            let old = ObjectID(git_reflog_entry_id_old(entry).pointee)
            if !old.isZero { return old.hex }
        }
        throw AdapterError.repository("log for '\(shown)' only has \(count) entries")
    }

    /// The ref whose reflog `base` names, by git's rules (`X`, `refs/X`, `refs/tags/X`,
    /// `refs/heads/X`, `refs/remotes/X`, `refs/remotes/X/HEAD`): the first with a reflog, its
    /// own or, for a symbolic ref, its target's.
    private func reflogName(for base: String) -> String? {
        let rules = ["%@", "refs/%@", "refs/tags/%@", "refs/heads/%@", "refs/remotes/%@", "refs/remotes/%@/HEAD"]
        for rule in rules {
            let full = rule.replacingOccurrences(of: "%@", with: base)
            guard referenceTarget(full) != nil else { continue }
            if git_reference_has_log(handle, full) == 1 { return full }
            if let resolved = resolvedName(full), resolved != full, git_reference_has_log(handle, resolved) == 1 {
                return resolved
            }
        }
        return nil
    }

    /// The branch (`refs/heads/…`) that `base` of `@{u}`/`@{push}` names: the current one
    /// for an empty base or `HEAD`.
    private func branchName(_ base: String) throws -> String {
        if base.isEmpty || base == "HEAD" || base == "@" {
            guard let head = symbolicTarget("HEAD"), head.hasPrefix("refs/heads/") else {
                throw AdapterError.repository("HEAD does not point to a branch")
            }
            return head
        }
        return "refs/heads/" + base
    }

    /// The remote-tracking ref `branch`'s upstream is stored as (git's `branch_get_upstream`).
    func upstream(of branch: String) throws -> String {
        let short = String(branch.dropFirst("refs/heads/".count))
        let config = try configSnapshot()
        defer { git_config_free(config) }
        guard let merge = Self.string(config, "branch.\(short).merge") else {
            if referenceTarget(branch) == nil { throw AdapterError.repository("no such branch: '\(short)'") }
            throw AdapterError.repository("no upstream configured for branch '\(short)'")
        }
        let remote = Self.string(config, "branch.\(short).remote") ?? "origin"
        if remote == "." { return merge }
        guard let tracking = fetchTracking(of: merge, remote: remote) else {
            throw AdapterError.repository("upstream branch '\(merge)' not stored as a remote-tracking branch")
        }
        return tracking
    }

    /// The remote-tracking ref of where `git push` would push `branch` (git's `branch_get_push`).
    private func pushDestination(of branch: String) throws -> String {
        let short = String(branch.dropFirst("refs/heads/".count))
        let config = try configSnapshot()
        defer { git_config_free(config) }
        let remote = Self.string(config, "branch.\(short).pushremote") ?? Self.string(config, "remote.pushdefault")
            ?? Self.string(config, "branch.\(short).remote") ?? "origin"
        func tracking(_ destination: String) throws -> String {
            guard let found = fetchTracking(of: destination, remote: remote) else {
                throw AdapterError.repository("push destination '\(destination)' on remote '\(remote)' has no local tracking branch")
            }
            return found
        }
        let pushSpecs = Self.strings(config, "remote.\(remote).push")
        if !pushSpecs.isEmpty {
            guard let destination = RefspecList(pushSpecs).transform(branch) else {
                throw AdapterError.repository("push refspecs for '\(remote)' do not include '\(short)'")
            }
            return try tracking(destination)
        }
        if Self.bool(config, "remote.\(remote).mirror") { return try tracking(branch) }
        switch (Self.string(config, "push.default") ?? "simple").lowercased() {
        case "nothing":
            throw AdapterError.repository("push has no destination (push.default is 'nothing')")
        case "matching", "current":
            return try tracking(branch)
        case "upstream", "tracking":
            return try upstream(of: branch)
        default:
            let up = try upstream(of: branch)
            let current = try tracking(branch)
            guard current == up else {
                throw AdapterError.repository("cannot resolve 'simple' push to a single destination")
            }
            return current
        }
    }

    /// `ref` mapped through `remote`'s fetch refspecs (git's `apply_refspecs`).
    private func fetchTracking(of ref: String, remote: String) -> String? {
        guard let config = try? configSnapshot() else { return nil }
        defer { git_config_free(config) }
        return RefspecList(Self.strings(config, "remote.\(remote).fetch")).transform(ref)
    }

    /// The object id `name` (a full ref name) points at, resolved; `nil` when there is none.
    func referenceTarget(_ name: String) -> String? {
        var oid = git_oid()
        guard git_reference_name_to_id(&oid, handle, name) == 0 else { return nil }
        return ObjectID(oid).hex
    }

    /// The ref a symbolic ref `name` points at (one level), if it is one.
    private func symbolicTarget(_ name: String) -> String? {
        var reference: OpaquePointer?
        guard git_reference_lookup(&reference, handle, name) == 0, let reference else { return nil }
        defer { git_reference_free(reference) }
        return git_reference_symbolic_target(reference).map { String(cString: $0) }
    }

    /// The name of the direct ref `name` ends at.
    private func resolvedName(_ name: String) -> String? {
        var reference: OpaquePointer?, resolved: OpaquePointer?
        guard git_reference_lookup(&reference, handle, name) == 0, let reference else { return nil }
        defer { git_reference_free(reference) }
        guard git_reference_resolve(&resolved, reference) == 0, let resolved else { return nil }
        defer { git_reference_free(resolved) }
        return String(cString: git_reference_name(resolved))
    }

    private func configSnapshot() throws -> OpaquePointer {
        var snapshot: OpaquePointer?
        try LibGit2.check(git_repository_config_snapshot(&snapshot, handle))
        return snapshot!
    }

    private static func string(_ config: OpaquePointer, _ key: String) -> String? {
        strings(config, key).last
    }

    private static func bool(_ config: OpaquePointer, _ key: String) -> Bool {
        var value: Int32 = 0
        return git_config_get_bool(&value, config, key) == 0 && value != 0
    }

    /// Every value of `key` (a multivar), in order.
    private static func strings(_ config: OpaquePointer, _ key: String) -> [String] {
        var values: [String] = []
        let wanted = normalized(key)
        try? ConfigEntries.forEach(in: config) { name, value in
            if let value, normalized(name) == wanted { values.append(value) }
        }
        return values
    }

    /// A key with its section and name in lower case and its subsection as written.
    private static func normalized(_ key: String) -> String {
        guard let first = key.firstIndex(of: "."), let last = key.lastIndex(of: ".") else { return key.lowercased() }
        return key[..<first].lowercased() + key[first..<last] + key[last...].lowercased()
    }
}
