internal import CLibGit2
import Foundation

/// The hunks of a text patch, from libgit2's xdiff (git's own): each hunk's header as xdiff
/// writes it (with the function name its diff driver finds) and its lines.
struct PatchHunks {
    /// One hunk.
    struct Hunk {
        /// `@@ -1,3 +1,4 @@ name`, without its LF.
        var header: [UInt8]
        /// The lines, each its origin (`+`, `-`, space) and content (with its LF, if it has one).
        var lines: [(origin: UInt8, content: [UInt8])]
    }

    let options: PatchOptions
    let repository: Repository

    /// The hunks between `old` and `new` (`nil` for none), compared as text. The old side is
    /// handed to libgit2 as a blob when it is one, so that the path's diff driver (its
    /// `xfuncname`) finds the function names.
    func hunks(old: PatchSide?, new: PatchSide?, oldPath: [UInt8], newPath: [UInt8]) throws -> [Hunk] {
        var diffOptions = git_diff_options()
        git_diff_options_init(&diffOptions, UInt32(GIT_DIFF_OPTIONS_VERSION))
        diffOptions.context_lines = UInt32(clamping: options.context)
        diffOptions.interhunk_lines = UInt32(clamping: options.interhunkContext)
        diffOptions.flags |= GIT_DIFF_FORCE_TEXT.rawValue
        if options.indentHeuristic { diffOptions.flags |= GIT_DIFF_INDENT_HEURISTIC.rawValue }
        switch options.algorithm {
        case .minimal: diffOptions.flags |= GIT_DIFF_MINIMAL.rawValue
        case .patience: diffOptions.flags |= GIT_DIFF_PATIENCE.rawValue
        case .myers, .default, .histogram: break
        }
        var patch: OpaquePointer?
        let newContent = new?.content ?? []
        let code: Int32
        if let old, let blob = try lookUpBlob(old) {
            defer { git_blob_free(blob) }
            code = oldPath.withCString { oldName in
                newPath.withCString { newName in
                    newContent.withUnsafeBytes { newBytes in
                        git_patch_from_blob_and_buffer(&patch, blob, oldName, newBytes.baseAddress, newBytes.count,
                                                       newName, &diffOptions)
                    }
                }
            }
        } else {
            let oldContent = old?.content ?? []
            code = oldPath.withCString { oldName in
                newPath.withCString { newName in
                    oldContent.withUnsafeBytes { oldBytes in
                        newContent.withUnsafeBytes { newBytes in
                            git_patch_from_buffers(&patch, oldBytes.baseAddress, oldBytes.count, oldName,
                                                   newBytes.baseAddress, newBytes.count, newName, &diffOptions)
                        }
                    }
                }
            }
        }
        guard code == 0, let patch else {
            throw PatchError.diffFailed(path: String(decoding: newPath, as: UTF8.self), message: LibGit2.failure(code).message)
        }
        defer { git_patch_free(patch) }
        return (0..<git_patch_num_hunks(patch)).map { Self.hunk($0, of: patch) }
    }

    private static func hunk(_ index: Int, of patch: OpaquePointer) -> Hunk {
        var hunkPointer: UnsafePointer<git_diff_hunk>?
        var lineCount = 0
        git_patch_get_hunk(&hunkPointer, &lineCount, patch, index)
        guard let hunk = hunkPointer?.pointee else { return Hunk(header: [], lines: []) }
        var header = withUnsafeBytes(of: hunk.header) { Array($0.prefix(hunk.header_len)) }
        while header.last == UInt8(ascii: "\n") { header.removeLast() }
        var result = Hunk(header: header, lines: [])
        for lineIndex in 0..<lineCount {
            var linePointer: UnsafePointer<git_diff_line>?
            guard git_patch_get_line_in_hunk(&linePointer, patch, index, lineIndex) == 0,
                  let line = linePointer?.pointee else { continue }
            let origin = UInt8(bitPattern: line.origin)
            guard origin == UInt8(ascii: "+") || origin == UInt8(ascii: "-") || origin == UInt8(ascii: " ") else { continue }
            let content = line.content.map {
                Array(UnsafeRawBufferPointer(start: UnsafeRawPointer($0), count: line.content_len))
            } ?? []
            result.lines.append((origin, content))
        }
        return result
    }

    /// The old side's blob, when it is a blob in the object database.
    private func lookUpBlob(_ side: PatchSide) throws -> OpaquePointer? {
        guard !side.file.isSubmodule, !side.file.inWorkingTree, !side.file.id.isZero else { return nil }
        var oid = side.file.id.oid
        var blob: OpaquePointer?
        guard git_blob_lookup(&blob, repository.handle, &oid) == 0 else { return nil }
        return blob
    }
}
