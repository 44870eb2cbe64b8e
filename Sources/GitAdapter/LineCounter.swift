internal import CLibGit2
import Foundation
import TreeModel

/// Line counts as `git diff --numstat` prints them, for pairs of file sides, on all cores.
///
/// Work that needs no diff is done without one: the same blob on both sides is 0/0 and an
/// added or deleted file counts its lines; everything else goes through libgit2's patch
/// (git's own xdiff), one repository handle per worker.
struct LineCounter {
    /// One file to count: the old and new sides (`nil` for none).
    struct Job: Sendable {
        var old: FileSide?
        var new: FileSide?
    }

    /// What `--numstat` shows for one file.
    struct Count: Sendable, Equatable {
        var insertions: Int
        var deletions: Int
        var binary: Bool
    }

    let location: RepositoryLocation

    func count(_ jobs: [Job]) throws -> [Count] {
        try Parallel.map(count: jobs.count, chunk: 32, context: { try Worker(BlobReader(location)) }) { worker, index in
            try worker.count(jobs[index])
        }
    }

    /// Counts on one thread with its own repository handle.
    final class Worker {
        let reader: BlobReader
        private var options = git_diff_options()

        init(_ reader: BlobReader) {
            self.reader = reader
            git_diff_options_init(&options, UInt32(GIT_DIFF_OPTIONS_VERSION))
            options.context_lines = 0
            options.interhunk_lines = 0
        }

        func count(_ job: Job) throws -> Count {
            switch (job.old, job.new) {
            case (nil, nil):
                return Count(insertions: 0, deletions: 0, binary: false)
            case (let old?, nil):
                let (lines, binary) = try lineCount(old)
                return Count(insertions: 0, deletions: binary ? 0 : lines, binary: binary)
            case (nil, let new?):
                let (lines, binary) = try lineCount(new)
                return Count(insertions: binary ? 0 : lines, deletions: 0, binary: binary)
            case (let old?, let new?):
                let kindChanged = old.mode & 0o170000 != new.mode & 0o170000
                if !kindChanged && old.id == new.id && !old.id.isZero && !old.isSubmodule {
                    let binary = try isBinary(old) || isBinary(new)
                    return Count(insertions: 0, deletions: 0, binary: binary)
                }
                if kindChanged || old.isSubmodule || new.isSubmodule || new.inWorkingTree {
                    return try diffBuffers(old, new)
                }
                return try diffBlobs(old, new)
            }
        }

        /// Whether git treats the side as binary: the `diff` attribute, else a NUL in its first 8,000 bytes.
        private func isBinary(_ side: FileSide) throws -> Bool {
            if side.isSubmodule { return false }
            if let byAttribute = attributeSaysBinary(side.path) { return byAttribute }
            return try reader.withContent(of: side) { Similarity.isBinary($0) }
        }

        /// `true` for `-diff` (or `binary`), `false` for `diff`, `nil` when unspecified or a driver.
        private func attributeSaysBinary(_ path: [UInt8]) -> Bool? {
            var value: UnsafePointer<CChar>?
            let code = path.withUnsafeBufferPointer { buffer -> Int32 in
                var terminated = Array(buffer)
                terminated.append(0)
                return terminated.withUnsafeBufferPointer {
                    $0.baseAddress!.withMemoryRebound(to: CChar.self, capacity: $0.count) {
                        git_attr_get(&value, reader.repository.handle, 0, $0, "diff")
                    }
                }
            }
            guard code == 0 else { return nil }
            switch git_attr_value(value) {
            case GIT_ATTR_VALUE_FALSE: return true
            case GIT_ATTR_VALUE_TRUE: return false
            default: return nil
            }
        }

        /// The number of lines of an added or deleted file (a last line without a newline counts).
        private func lineCount(_ side: FileSide) throws -> (Int, Bool) {
            let attribute = side.isSubmodule ? false : attributeSaysBinary(side.path)
            return try reader.withContent(of: side) { bytes in
                if attribute ?? Similarity.isBinary(bytes) { return (0, true) }
                guard bytes.count > 0, let base = bytes.baseAddress else { return (0, false) }
                var lines = 0
                var cursor = base
                let end = base + bytes.count
                while cursor < end, let hit = memchr(cursor, 10, end - cursor) {
                    lines += 1
                    cursor = UnsafeRawPointer(hit) + 1
                }
                if bytes[bytes.count - 1] != 10 { lines += 1 }
                return (lines, false)
            }
        }

        private func stats(_ patch: OpaquePointer?) throws -> Count {
            guard let patch else { return Count(insertions: 0, deletions: 0, binary: false) }
            if let flags = git_patch_get_delta(patch)?.pointee.flags, flags & GIT_DIFF_FLAG_BINARY.rawValue != 0 {
                return Count(insertions: 0, deletions: 0, binary: true)
            }
            var context = 0, additions = 0, deletions = 0
            try LibGit2.check(git_patch_line_stats(&context, &additions, &deletions, patch), "git_patch_line_stats")
            return Count(insertions: additions, deletions: deletions, binary: false)
        }

        private func diffBlobs(_ old: FileSide, _ new: FileSide) throws -> Count {
            let repo = reader.repository.handle
            var oldID = old.id.oid, newID = new.id.oid
            var oldBlob: OpaquePointer?, newBlob: OpaquePointer?
            try LibGit2.check(git_blob_lookup(&oldBlob, repo, &oldID), "git_blob_lookup")
            defer { git_blob_free(oldBlob) }
            try LibGit2.check(git_blob_lookup(&newBlob, repo, &newID), "git_blob_lookup")
            defer { git_blob_free(newBlob) }
            var patch: OpaquePointer?
            let code = Self.withCPath(old.path) { oldPath in
                Self.withCPath(new.path) { newPath in
                    git_patch_from_blobs(&patch, oldBlob, oldPath, newBlob, newPath, &options)
                }
            }
            try LibGit2.check(code, "git_patch_from_blobs")
            defer { git_patch_free(patch) }
            return try stats(patch)
        }

        /// Old content against new content as buffers: type changes (a symlink's content is its
        /// target), submodules (`Subproject commit <id>`), working-tree files.
        private func diffBuffers(_ old: FileSide, _ new: FileSide) throws -> Count {
            let oldBytes = try reader.withContent(of: old) { Array($0) }
            let newBytes = try reader.withContent(of: new) { Array($0) }
            var patch: OpaquePointer?
            let code = oldBytes.withUnsafeBytes { o in
                newBytes.withUnsafeBytes { n in
                    Self.withCPath(old.path) { oldPath in
                        Self.withCPath(new.path) { newPath in
                            git_patch_from_buffers(&patch, o.baseAddress, o.count, oldPath, n.baseAddress, n.count, newPath, &options)
                        }
                    }
                }
            }
            try LibGit2.check(code, "git_patch_from_buffers")
            defer { git_patch_free(patch) }
            return try stats(patch)
        }

        static func withCPath<T>(_ path: [UInt8], _ body: (UnsafePointer<CChar>) -> T) -> T {
            var terminated = path
            terminated.append(0)
            return terminated.withUnsafeBufferPointer {
                $0.baseAddress!.withMemoryRebound(to: CChar.self, capacity: $0.count, body)
            }
        }
    }
}
