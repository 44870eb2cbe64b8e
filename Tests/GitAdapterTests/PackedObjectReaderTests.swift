import Foundation
import Testing
import TestSupport
@testable import GitAdapter

/// The pack reader against libgit2 alone, object by object and byte by byte: on
/// `Fixtures/repos/packs.sh` (offset and reference deltas in chains up to 23 deep, a thin pack
/// fixed, a multi-pack index, loose objects), and on any repository named by
/// `TREEREVIEW_VERIFY_PACKS` (`Scripts/verify-pack-reader`, for a real clone).
struct PackedObjectReaderTests {
    struct Tally {
        var packed = 0, loose = 0, offsetDeltas = 0, referenceDeltas = 0
        var kinds: Set<UInt8> = []
    }

    /// Reads every object git lists in `repo` both ways and expects the same kind, size and bytes;
    /// every object in a pack must be read by the pack reader, every other by libgit2 alone.
    static func compareEveryObject(in repo: String) throws -> Tally {
        let listing = try Shell.git(["cat-file", "--batch-all-objects", "--batch-check=%(objectname) %(objecttype) %(objectsize)"],
                                    in: repo).text
        let gitDirectory = try Shell.git(["rev-parse", "--absolute-git-dir"], in: repo).text.trimmingCharacters(in: .newlines)
        let packs = PackRegistry.packs(in: [gitDirectory + "/objects/"])
        let reader = try #require(PackedObjectReader(packs: packs, cacheBudget: 8 << 20))
        let plain = try Repository.open(at: repo, environment: TestEnvironment.variables(adding: ["TREEREVIEW_PACK_READER": "libgit2"]))
        let database = try ObjectDatabase(plain)
        let kinds: [Substring: UInt8] = ["commit": 1, "tree": 2, "blob": 3, "tag": 4]
        var tally = Tally()
        var mismatches: [String] = []
        for line in listing.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count == 3, let id = ObjectID(hex: String(fields[0])), let kind = kinds[fields[1]], let size = Int(fields[2]) else {
                Issue.record("git listed \(line)")
                continue
            }
            let expected = try database.read(id)
            if expected.kind != kind || expected.bytes.count != size { mismatches.append("\(id.hex): libgit2 disagrees with git") }
            guard reader.contains(id) else {
                tally.loose += 1
                if reader.read(id) != nil { mismatches.append("\(id.hex): read, but not in a pack") }
                continue
            }
            tally.packed += 1
            tally.kinds.insert(kind)
            switch reader.storage(of: id) {
            case 6: tally.offsetDeltas += 1
            case 7: tally.referenceDeltas += 1
            default: break
            }
            guard let (header, bytes) = reader.read(id) else {
                mismatches.append("\(id.hex): in a pack, not read")
                continue
            }
            if header != .init(kind: kind, size: size) || bytes != expected.bytes { mismatches.append("\(id.hex): content differs") }
            if reader.header(of: id) != header { mismatches.append("\(id.hex): header differs") }
            if mismatches.count > 20 { break }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
        return tally
    }

    @Test func everyObjectOfEveryPackShapeReadsAsLibgit2ReadsIt() throws {
        let repo = try Fixtures.repository("packs")
        let pack = repo + "/.git/objects/pack/"
        let names = try FileManager.default.contentsOfDirectory(atPath: pack)
        #expect(names.contains("multi-pack-index"))
        #expect(names.filter { $0.hasSuffix(".idx") }.count == 3)
        let tally = try Self.compareEveryObject(in: repo)
        #expect(tally.packed > 400)
        #expect(tally.loose > 0, "the last commit's objects are loose")
        #expect(tally.offsetDeltas > 40 && tally.referenceDeltas > 40, "\(tally)")
        #expect(tally.kinds == [1, 2, 3])
        var depths: Set<Int> = []
        for index in names where index.hasSuffix(".idx") {
            for line in try Shell.git(["verify-pack", "-v", pack + index], in: repo).text.split(separator: "\n") {
                let fields = line.split(separator: " ")
                if fields.count == 7, let depth = Int(fields[5]) { depths.insert(depth) }
            }
        }
        #expect(depths.isSuperset(of: Set(1...20)), "chains of every depth to 20: \(depths.sorted())")
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["TREEREVIEW_VERIFY_PACKS"] != nil))
    func everyObjectOfTheNamedRepository() throws {
        let repo = ProcessInfo.processInfo.environment["TREEREVIEW_VERIFY_PACKS"]!
        let tally = try Self.compareEveryObject(in: repo)
        print("pack reader: \(tally.packed) packed objects read as libgit2 reads them (\(tally.offsetDeltas) offset deltas, "
              + "\(tally.referenceDeltas) reference deltas), \(tally.loose) loose")
        #expect(tally.packed > 0)
    }

    @Test func aDamagedDeltaIsRefused() {
        let delta: [UInt8] = [5, 3, 0x91, 0, 3]
        let base: [UInt8] = Array("hello".utf8)
        var output = [UInt8](repeating: 0, count: 3)
        #expect(delta.withUnsafeBytes { d in base.withUnsafeBytes { b in PackDelta(d)!.apply(to: b, into: &output) } })
        #expect(output == Array("hel".utf8))
        for damaged: [UInt8] in [[5, 3, 0x91, 3, 3], [5, 3, 0], [4, 3, 0x91, 0, 3], [5, 4, 0x91, 0, 3], [5, 3, 3, 1], [5]] {
            var output = [UInt8](repeating: 0, count: 8)
            let applied = damaged.withUnsafeBytes { d in base.withUnsafeBytes { b in PackDelta(d).map { $0.apply(to: b, into: &output) } } }
            #expect(applied != true, "\(damaged)")
        }
    }
}
