import Foundation
internal import CLibGit2

/// A tree object read raw from the object database and split into entries, as git reads
/// trees: no parsed object, no object cache. The entries' names point into the raw data,
/// which lives as long as this object.
final class RawTree {
    private let object: OpaquePointer
    let items: [TreeWalk.Item]

    /// Reads tree `id`, found at `path` (ending in `/`, empty for the top), for messages.
    init(_ database: ObjectDatabase, _ id: ObjectID, path: [UInt8], objectsDirectory: String) throws {
        var oid = id.oid
        var object: OpaquePointer?
        let shownPath = path.isEmpty ? nil : Array(path.dropLast())
        let code = git_odb_read(&object, database.pointer, &oid)
        guard code == 0, let object else {
            throw LibGit2.objectError(code, id: id, isTree: true, path: shownPath, objectsDirectory: objectsDirectory)
        }
        self.object = object
        guard git_odb_object_type(object) == GIT_OBJECT_TREE else {
            git_odb_object_free(object)
            throw AdapterError.missingObject(id: id.hex, isTree: true, path: shownPath.map { String(decoding: $0, as: UTF8.self) })
        }
        let size = git_odb_object_size(object)
        var items: [TreeWalk.Item] = []
        if size > 0, let data = git_odb_object_data(object) {
            let base = data.assumingMemoryBound(to: UInt8.self)
            let end = base + size
            var cursor = base
            while cursor < end {
                var mode: UInt32 = 0
                while cursor < end && cursor.pointee != 0x20 {
                    mode = mode << 3 | UInt32(cursor.pointee &- 0x30)
                    cursor += 1
                }
                cursor += 1
                let name = cursor
                while cursor < end && cursor.pointee != 0 { cursor += 1 }
                let nameLength = cursor - name
                cursor += 1
                guard end - cursor >= 20 else {
                    git_odb_object_free(object)
                    throw AdapterError.corruptObject(id: id.hex, looseFile: nil,
                                                     path: shownPath.map { String(decoding: $0, as: UTF8.self) })
                }
                let id = ObjectID(rawBytes: UnsafeRawPointer(cursor))
                cursor += 20
                items.append(TreeWalk.Item(name: UnsafeBufferPointer(start: name, count: nameLength), mode: mode, id: id))
            }
        }
        self.items = items
    }

    deinit { git_odb_object_free(object) }
}
