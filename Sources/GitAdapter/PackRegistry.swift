import Foundation
import Locking

/// The packs of each object directory, mapped once per process and shared by every handle's
/// reader. A directory is listed again when its `pack/` directory's modification time changes
/// (a fetch or `git gc` wrote or removed packs); an object in a pack not listed yet is read by
/// libgit2, so a stale list costs speed, never an answer.
enum PackRegistry {
    private struct Listing {
        var modified: timespec
        var packs: [Pack]
    }

    private static let listings = Locked<[String: Listing]>([:])

    /// The packs in the `pack/` directories of `objectDirectories` (each ending in `/`).
    static func packs(in objectDirectories: [String]) -> [Pack] {
        objectDirectories.flatMap(packs(in:))
    }

    private static func packs(in objectDirectory: String) -> [Pack] {
        let directory = objectDirectory + "pack/"
        var status = stat()
        guard stat(directory, &status) == 0 else { return [] }
        let modified = status.st_mtim
        if let known = listings.withLock({ $0[directory] }),
           known.modified.tv_sec == modified.tv_sec, known.modified.tv_nsec == modified.tv_nsec {
            return known.packs
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let packs = names.filter { $0.hasSuffix(".idx") }.sorted().compactMap { name -> Pack? in
            let stem = directory + name.dropLast(".idx".count)
            return Pack(indexPath: stem + ".idx", packPath: stem + ".pack")
        }
        listings.withLock { $0[directory] = Listing(modified: modified, packs: packs) }
        return packs
    }
}
