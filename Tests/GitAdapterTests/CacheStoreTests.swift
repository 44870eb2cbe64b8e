import Foundation
import Testing
import TestSupport
@testable import GitAdapter

/// The results cache's files: what is written is read back, a damaged file is never
/// trusted, the size stays bounded with the least recently used records going first, and
/// writers and readers may run at once.
struct CacheStoreTests {
    private static func id(_ n: Int) -> ObjectID {
        ObjectID(high: UInt64(bitPattern: Int64(n)) &* 0x9E37_79B9_7F4A_7C15, middle: UInt64(bitPattern: Int64(n)),
                 low: UInt32(truncatingIfNeeded: n))
    }

    static func record(_ n: Int, size: Int = 40, generation: UInt32 = 1) -> CacheRecord {
        CacheRecord(key: CacheKey(.lineCountOfPair, Self.id(n), Self.id(n + 1)), generation: generation,
                    value: (0..<size).map { UInt8(truncatingIfNeeded: n &+ $0) })
    }

    private static func segmentFiles(_ directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".seg") }.sorted()
    }

    @Test func keysKeepEveryBitOfTheirIDs() {
        let key = CacheKey(.fingerprint, flags: 2, Self.id(7), Self.id(-3))
        #expect(CacheKey(words: key.words) == key)
        #expect(key.kind == .fingerprint)
        #expect(CacheKey(.fingerprint, flags: 1, Self.id(7), Self.id(-3)) != key, "the flags are part of the key")
        #expect(CacheKey(.lineCountOfPair, Self.id(7), Self.id(8)) != CacheKey(.lineCountOfPair, Self.id(8), Self.id(7)), "a pair is ordered")
    }

    @Test func whatIsWrittenIsReadBack() throws {
        let directory = try Fixtures.temporaryDirectory()
        let records = (0..<200).map { Self.record($0, size: $0 % 7 * 13) }
        CacheStore(directory: directory)!.write(records, used: [])
        let store = try #require(CacheStore(directory: directory))
        #expect(store.segments.count == 1)
        #expect(store.generation == 2)
        for record in records {
            let value = try #require(store.value(for: record.key))
            #expect(Array(value) == record.value)
        }
        #expect(store.value(for: CacheKey(.lineCountOfPair, Self.id(1000), Self.id(1001))) == nil)
    }

    @Test func fingerprintsAndCountsRoundTrip() throws {
        let directory = try Fixtures.temporaryDirectory()
        let print = Fingerprint(Array("one line\nanother line\r\nand a third\n".utf8))
        let count = LineCounter.Count(insertions: 12, deletions: 3_000_000_000, binary: false)
        let binary = LineCounter.Count(insertions: 0, deletions: 0, binary: true)
        let writer = try #require(ResultCache(directory: directory))
        writer.add(print, for: .fingerprint(Self.id(1), binaryByAttribute: nil))
        writer.add(count, for: CacheKey(.lineCountOfPair, Self.id(1), Self.id(2)))
        writer.add(binary, for: CacheKey(.binaryOfBlob, Self.id(3)))
        writer.save()
        let reader = try #require(ResultCache(directory: directory))
        #expect(reader.fingerprint(.fingerprint(Self.id(1), binaryByAttribute: nil)) == print)
        #expect(reader.fingerprint(.fingerprint(Self.id(1), binaryByAttribute: false)) == nil, "judged text by the attribute: another key")
        #expect(reader.count(CacheKey(.lineCountOfPair, Self.id(1), Self.id(2))) == count)
        #expect(reader.count(CacheKey(.binaryOfBlob, Self.id(3))) == binary)
    }

    @Test func aDamagedValueIsAMissAndADamagedIndexIsIgnoredThenDeleted() throws {
        let directory = try Fixtures.temporaryDirectory()
        let records = (0..<50).map { Self.record($0) }.sorted { $0.key < $1.key }   // values in key order
        CacheStore(directory: directory)!.write(records, used: [])
        let name = try #require(try Self.segmentFiles(directory).first)
        let path = directory + "/" + name
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        bytes[bytes.count - 1] ^= 0x40   // the last record's value
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let store = try #require(CacheStore(directory: directory))
        #expect(store.value(for: records[49].key) == nil, "a value that fails its checksum is not used")
        #expect(store.value(for: records[0].key) != nil, "the other records are")

        bytes[CacheSegment.headerSize + 5] ^= 0x01   // a key in the index
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let damaged = try #require(CacheStore(directory: directory))
        #expect(damaged.segments.isEmpty)
        #expect(damaged.value(for: records[0].key) == nil)
        damaged.write([Self.record(99)], used: [])
        #expect(!FileManager.default.fileExists(atPath: path), "a damaged file is deleted, its records to be recomputed")
        #expect(try Self.segmentFiles(directory).count == 1)
    }

    @Test func truncatedOrForeignFilesAreNotTrusted() throws {
        let directory = try Fixtures.temporaryDirectory()
        CacheStore(directory: directory)!.write((0..<20).map { Self.record($0) }, used: [])
        let name = try #require(try Self.segmentFiles(directory).first)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name))
        for (index, cut) in [0, 7, 31, 32, 100, bytes.count - 1].enumerated() {
            try bytes.prefix(cut).write(to: URL(fileURLWithPath: directory + "/cut\(index).seg"))
        }
        try Data(repeating: 0xAB, count: 4096).write(to: URL(fileURLWithPath: directory + "/noise.seg"))
        let store = try #require(CacheStore(directory: directory))
        #expect(store.segments.map(\.name) == [name], "only the whole file is read")
        #expect(store.value(for: Self.record(19).key).map(Array.init) == Self.record(19).value)
    }

    @Test func tooManyFilesAreMergedIntoOne() throws {
        let directory = try Fixtures.temporaryDirectory()
        for batch in 0..<CacheStore.maximumSegments {
            CacheStore(directory: directory)!.write((0..<10).map { Self.record(batch * 10 + $0) }, used: [])
        }
        #expect(try Self.segmentFiles(directory).count == CacheStore.maximumSegments)
        CacheStore(directory: directory)!.write([Self.record(1000)], used: [])
        #expect(try Self.segmentFiles(directory).count == 1)
        let store = try #require(CacheStore(directory: directory))
        for n in Array(0..<(CacheStore.maximumSegments * 10)) + [1000] {
            #expect(store.value(for: Self.record(n).key).map(Array.init) == Self.record(n).value, "record \(n)")
        }
    }

    @Test func theSizeStaysBoundedAndRecentlyUsedRecordsStay() throws {
        let directory = try Fixtures.temporaryDirectory()
        let budget = 64 * 1024
        let early = (0..<20).map { Self.record($0, size: 500) }
        CacheStore(directory: directory, budget: budget)!.write(early, used: [])
        for round in 1...30 {
            let store = try #require(CacheStore(directory: directory, budget: budget))
            #expect(store.value(for: early[0].key) != nil, "round \(round)")
            store.write((0..<20).map { Self.record(round * 100 + $0, size: 500) }, used: [early[0].key])
            let size = try Self.segmentFiles(directory).reduce(0) { total, name in
                total + ((try FileManager.default.attributesOfItem(atPath: directory + "/" + name)[.size] as? Int) ?? 0)
            }
            #expect(size <= budget, "round \(round): \(size) bytes")
        }
        let store = try #require(CacheStore(directory: directory, budget: budget))
        #expect(store.value(for: early[0].key) != nil, "used in every run: kept")
        #expect(store.value(for: early[1].key) == nil, "never used again: evicted")
        #expect(store.value(for: Self.record(3000, size: 500).key) != nil, "the newest: kept")
    }

    @Test func concurrentWritersAndReadersSeeOnlyWholeFiles() async throws {
        let directory = try Fixtures.temporaryDirectory()
        let budget = 256 * 1024
        let wrong = await withTaskGroup(of: Int.self) { group in
            for writer in 0..<6 {
                group.addTask {
                    var wrong = 0
                    for round in 0..<15 {
                        guard let store = CacheStore(directory: directory, budget: budget) else { continue }
                        for n in stride(from: 0, to: 600, by: 37) {
                            if let value = store.value(for: Self.record(n, size: 300).key) {
                                wrong += Array(value) == Self.record(n, size: 300).value ? 0 : 1
                            }
                        }
                        store.write((0..<25).map { Self.record((writer * 15 + round) * 25 % 600 + $0, size: 300) }, used: [])
                    }
                    return wrong
                }
            }
            return await group.reduce(0, +)
        }
        #expect(wrong == 0, "a reader saw a value no writer wrote")
        let store = try #require(CacheStore(directory: directory, budget: budget))
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(store.segments.count == names.filter { $0.hasSuffix(".seg") }.count, "every file is a whole segment")
        #expect(!names.contains { $0.hasPrefix("tmp-") }, "no temporary file is left")
        #expect(store.segments.count <= CacheStore.maximumSegments, "writers take turns: the bound holds")
    }
}
