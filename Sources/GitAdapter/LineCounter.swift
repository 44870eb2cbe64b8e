internal import CLibGit2
import Foundation
import TreeModel

extension Repository {
    /// Fills in insertions, deletions and the binary flag of one change, as `git diff --numstat` counts them.
    func countLinesOfChange(_ change: inout FileChange, diff: DiffHandle, index: Int, delta: git_diff_delta) throws {
        if change.status == .typeChanged {
            try countTypeChange(&change, delta: delta)
            return
        }
        var patch: OpaquePointer?
        try LibGit2.check(git_patch_from_diff(&patch, diff.pointer, index), "git_patch_from_diff")
        defer { git_patch_free(patch) }
        let flags = patch.flatMap { git_patch_get_delta($0)?.pointee.flags } ?? delta.flags
        if flags & GIT_DIFF_FLAG_BINARY.rawValue != 0 {
            change.binary = true
            return
        }
        var context = 0, additions = 0, deletions = 0
        if let patch {
            try LibGit2.check(git_patch_line_stats(&context, &additions, &deletions, patch), "git_patch_line_stats")
        }
        change.binary = false
        change.insertions = additions
        change.deletions = deletions
    }

    /// A type change's lines: the old content against the new (a symlink's content is its target).
    private func countTypeChange(_ change: inout FileChange, delta: git_diff_delta) throws {
        let old = try content(of: delta.old_file)
        let new = try content(of: delta.new_file)
        var patch: OpaquePointer?
        var options = git_diff_options()
        git_diff_options_init(&options, UInt32(GIT_DIFF_OPTIONS_VERSION))
        options.context_lines = 0
        let code = old.withUnsafeBytes { o in
            new.withUnsafeBytes { n in
                git_patch_from_buffers(&patch, o.baseAddress, o.count, nil, n.baseAddress, n.count, nil, &options)
            }
        }
        try LibGit2.check(code, "git_patch_from_buffers")
        defer { git_patch_free(patch) }
        if let patch, let flags = git_patch_get_delta(patch)?.pointee.flags, flags & GIT_DIFF_FLAG_BINARY.rawValue != 0 {
            change.binary = true
            return
        }
        var context = 0, additions = 0, deletions = 0
        if let patch {
            try LibGit2.check(git_patch_line_stats(&context, &additions, &deletions, patch), "git_patch_line_stats")
        }
        change.binary = false
        change.insertions = additions
        change.deletions = deletions
    }

    /// The bytes git would diff for one side: the blob when its id is known, else the working-tree file.
    private func content(of file: git_diff_file) throws -> [UInt8] {
        if UInt32(file.mode) == FileMode.submodule.rawValue {
            return Array("Subproject commit \(Self.hex(file.id))\n".utf8)
        }
        var id = file.id
        if git_oid_is_zero(&id) == 0 {
            var blob: OpaquePointer?
            if git_blob_lookup(&blob, handle, &id) == 0, let blob {
                defer { git_blob_free(blob) }
                let size = Int(git_blob_rawsize(blob))
                guard size > 0, let raw = git_blob_rawcontent(blob) else { return [] }
                return Array(UnsafeRawBufferPointer(start: raw, count: size))
            }
        }
        guard let workdir, file.path != nil else { return [] }
        let fullPath = workdir + Self.path(file.path).lossyString
        if UInt32(file.mode) == FileMode.symlink.rawValue {
            let target = try FileManager.default.destinationOfSymbolicLink(atPath: fullPath)
            return Array(target.utf8)
        }
        return Array((try? Data(contentsOf: URL(fileURLWithPath: fullPath))) ?? Data())
    }
}
