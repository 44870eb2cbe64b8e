internal import CLibGit2
import Glibc
import Locking

/// Reads objects from a repository's pack files directly: the index mapped and searched, the
/// entry inflated with libdeflate, delta chains (offset and reference deltas within one pack)
/// resolved against a cache of bases (``DeltaBaseCache``).
///
/// It answers only for what it can read whole and check: an object not in its packs, a
/// reference delta whose base is in another pack, or any entry that is damaged (bad header,
/// stream, or delta) gets `nil`, and libgit2's own backends read it instead, giving their
/// words for what is wrong. One reader serves one repository handle.
final class PackedObjectReader: @unchecked Sendable {
    /// What the reader learned of an object without reading it whole.
    struct Header: Equatable {
        /// git's object type number: 1 commit, 2 tree, 3 blob, 4 tag.
        var kind: UInt8
        var size: Int
    }

    let packs: [Pack]
    private let state: Locked<State>

    private struct State {
        var inflater: Inflater
        var cache: DeltaBaseCache
        /// The pack that held the last object found, searched first.
        var lastPack = 0
    }

    /// The longest delta chain followed (git's default `pack.depth` is 50; `--depth` allows 4,095).
    static let deepestChain = 10_000

    /// A reader of `packs`; `nil` when there is none or libdeflate cannot be set up.
    init?(packs: [Pack], cacheBudget: Int = 32 << 20) {
        guard !packs.isEmpty, let inflater = Inflater() else { return nil }
        self.packs = packs
        state = Locked(State(inflater: inflater, cache: DeltaBaseCache(budget: cacheBudget)))
    }

    /// Whether a pack holds the object with the 20-byte id at `id`.
    func contains(_ id: UnsafeRawPointer) -> Bool {
        state.withLock { locate(id, &$0) != nil }
    }

    /// The kind and size of the object with the 20-byte id at `id`.
    func header(of id: UnsafeRawPointer) -> Header? {
        state.withLock { state in
            guard let (number, offset) = locate(id, &state), let entry = packs[number].entry(at: offset) else { return nil }
            guard case .none = entry.base else {
                guard let kind = baseKind(number, entry), let delta = deltaBytes(packs[number], entry, state.inflater),
                      let size = delta.withUnsafeBytes({ PackDelta($0)?.resultSize }) else { return nil }
                return Header(kind: kind, size: size)
            }
            return Header(kind: entry.kind, size: entry.size)
        }
    }

    /// The object with the 20-byte id at `id`, read into memory from `allocate` (at least one
    /// byte is asked for); memory is handed back to `release` when the read fails part way.
    func read(_ id: UnsafeRawPointer, allocate: (Int) -> UnsafeMutableRawPointer?,
              release: (UnsafeMutableRawPointer) -> Void) -> (header: Header, content: UnsafeMutableRawPointer)? {
        state.withLock { state in
            guard let (number, offset) = locate(id, &state) else { return nil }
            return object(number, at: offset, &state, allocate: allocate, release: release)
        }
    }

    /// The object `id` read into an array, with where it was found; `nil` as ``read(_:allocate:release:)``.
    func read(_ id: ObjectID) -> (header: Header, bytes: [UInt8])? {
        var oid = id.oid
        return withUnsafeBytes(of: &oid.id) { raw in
            guard let (header, content) = read(raw.baseAddress!, allocate: { malloc($0) }, release: { free($0) }) else { return nil }
            defer { free(content) }
            return (header, Array(UnsafeRawBufferPointer(start: content, count: header.size)))
        }
    }

    /// Whether a pack holds `id`.
    func contains(_ id: ObjectID) -> Bool {
        var oid = id.oid
        return withUnsafeBytes(of: &oid.id) { contains($0.baseAddress!) }
    }

    /// `id`'s kind and size.
    func header(of id: ObjectID) -> Header? {
        var oid = id.oid
        return withUnsafeBytes(of: &oid.id) { header(of: $0.baseAddress!) }
    }

    /// How the entry of `id` is stored: whole (0) or as a delta, by offset (6) or reference (7).
    func storage(of id: ObjectID) -> UInt8? {
        var oid = id.oid
        return withUnsafeBytes(of: &oid.id) { raw in
            state.withLock { state in
                guard let (number, offset) = locate(raw.baseAddress!, &state), let entry = packs[number].entry(at: offset) else { return nil }
                return entry.kind > 4 ? entry.kind : 0
            }
        }
    }

    private func locate(_ id: UnsafeRawPointer, _ state: inout State) -> (Int, Int)? {
        if let offset = packs[state.lastPack].index.offset(of: id) { return (state.lastPack, offset) }
        for number in packs.indices where number != state.lastPack {
            if let offset = packs[number].index.offset(of: id) {
                state.lastPack = number
                return (number, offset)
            }
        }
        return nil
    }

    /// The entry's delta data inflated.
    private func deltaBytes(_ pack: Pack, _ entry: Pack.Entry, _ inflater: Inflater) -> [UInt8]? {
        inflater.inflated(pack.deflated(from: entry.dataStart), size: entry.size)
    }

    /// The offset of a delta entry's base in the same pack.
    private func baseOffset(_ pack: Pack, _ entry: Pack.Entry) -> Int? {
        switch entry.base {
        case .none: return nil
        case .offset(let offset): return offset
        case .reference(let at): return pack.index.offset(of: pack.data.bytes.baseAddress! + at)
        }
    }

    /// The kind of the object at the bottom of a delta entry's chain.
    private func baseKind(_ number: Int, _ entry: Pack.Entry) -> UInt8? {
        let pack = packs[number]
        var entry = entry
        for _ in 0..<Self.deepestChain {
            guard let offset = baseOffset(pack, entry), let next = pack.entry(at: offset) else { return nil }
            if case .none = next.base { return next.kind }
            entry = next
        }
        return nil
    }

    private func object(_ number: Int, at offset: Int, _ state: inout State, allocate: (Int) -> UnsafeMutableRawPointer?,
                        release: (UnsafeMutableRawPointer) -> Void) -> (header: Header, content: UnsafeMutableRawPointer)? {
        let pack = packs[number]
        var chain: [(offset: Int, entry: Pack.Entry)] = []
        var current = offset
        var base: DeltaBaseCache.Base
        while true {
            let key = DeltaBaseCache.Key(pack: number, offset: current)
            if !chain.isEmpty, let cached = state.cache[key] {
                base = cached
                break
            }
            guard chain.count < Self.deepestChain, let entry = pack.entry(at: current) else { return nil }
            if case .none = entry.base {
                if chain.isEmpty {
                    guard let content = allocate(max(entry.size, 1)) else { return nil }
                    guard state.inflater.inflate(pack.deflated(from: entry.dataStart), size: entry.size, into: content) else {
                        release(content)
                        return nil
                    }
                    return (Header(kind: entry.kind, size: entry.size), content)
                }
                guard let bytes = state.inflater.inflated(pack.deflated(from: entry.dataStart), size: entry.size) else { return nil }
                base = DeltaBaseCache.Base(kind: entry.kind, bytes: bytes)
                state.cache.keep(base, for: key)
                break
            }
            guard let next = baseOffset(pack, entry) else { return nil }
            chain.append((current, entry))
            current = next
        }
        for step in chain.indices.reversed() {
            let (deltaOffset, entry) = chain[step]
            guard let delta = deltaBytes(pack, entry, state.inflater) else { return nil }
            if step == 0 { return Self.result(of: delta, on: base, allocate: allocate, release: release) }
            guard let bytes = Self.applied(delta, to: base.bytes) else { return nil }
            base = DeltaBaseCache.Base(kind: base.kind, bytes: bytes)
            state.cache.keep(base, for: DeltaBaseCache.Key(pack: number, offset: deltaOffset))
        }
        return nil
    }

    /// `delta` applied to `base`, in an array.
    private static func applied(_ delta: [UInt8], to base: [UInt8]) -> [UInt8]? {
        delta.withUnsafeBytes { data -> [UInt8]? in
            guard let delta = PackDelta(data) else { return nil }
            var ok = false
            let bytes = [UInt8](unsafeUninitializedCapacity: max(delta.resultSize, 1)) { buffer, count in
                ok = base.withUnsafeBytes { delta.apply(to: $0, into: buffer.baseAddress!) }
                count = ok ? delta.resultSize : 0
            }
            return ok ? bytes : nil
        }
    }

    /// `delta` applied to `base`, in memory from `allocate`.
    private static func result(of delta: [UInt8], on base: DeltaBaseCache.Base, allocate: (Int) -> UnsafeMutableRawPointer?,
                               release: (UnsafeMutableRawPointer) -> Void) -> (header: Header, content: UnsafeMutableRawPointer)? {
        delta.withUnsafeBytes { data in
            guard let delta = PackDelta(data), let content = allocate(max(delta.resultSize, 1)) else { return nil }
            guard base.bytes.withUnsafeBytes({ delta.apply(to: $0, into: content) }) else {
                release(content)
                return nil
            }
            return (Header(kind: base.kind, size: delta.resultSize), content)
        }
    }
}
