import CardMath

/// A single HEVC-coded image item (`hvc1`) of a HEIF file, found by reading the file's `meta`
/// box ourselves: where its coded bytes lie (`iloc` extents in the file), its decoder
/// configuration (`hvcC`: the parameter-set NAL units and the NAL length size), and its
/// rotations and mirrorings (irot, imir, in `ipma` order) — what `HEVCFrameDecoder` needs to
/// decode it with libde265 directly, without libheif's copy of the planes.
///
/// Only the simple case is taken, every other one left to libheif (`init` returns nil): an
/// `hvc1` item whose data is in this file (`iloc` versions 0–2, construction method 0, data
/// reference 0, extents of a known length), 8-bit 4:2:0 per its `hvcC`, whose SPS there reads,
/// with no `clap` crop.
/// Every offset and length is checked against the file's bytes.
struct HEVCItem {
    /// The parameter sets (VPS, SPS, PPS, SEI…) from `hvcC`'s arrays: ranges of the file's bytes.
    var parameterSets: [Range<Int>]
    /// The item's coded bytes: ranges of the file's bytes, in order (NAL units, each after a
    /// big-endian length of `lengthSize` bytes; a unit may straddle two extents).
    var extents: [Range<Int>]
    /// Bytes of each NAL unit's length prefix (`hvcC`'s lengthSizeMinusOne + 1: 1, 2 or 4).
    var lengthSize: Int
    /// The item's rotations and mirrorings, in the order they apply.
    var transforms: [HEIFCoding.Transform]
    /// The frame size its (first) SPS declares, pixels: what libde265 allocates, before the
    /// conformance window crops it to the picture (`HEVCSequenceSize`).
    var codedSize: PixelSize

    /// The coded bytes in all: what libde265 copies into its NAL queue.
    var codedBytes: Int { extents.reduce(0) { $0 + $1.count } + parameterSets.reduce(0) { $0 + $1.count } }

    /// Reads item `item` of `bytes` (a whole HEIF file); nil when it is not the simple case above
    /// or anything about it does not read.
    /// - Complexity: O(boxes in `meta` + entries of `iloc` and `ipma`).
    init?(_ bytes: UnsafeRawBufferPointer, item: Int) {
        typealias C = HEIFCoding
        guard let meta = C.children(bytes, 0..<bytes.count).first(where: { $0.type == "meta" }), meta.payload.count >= 4 else { return nil }
        let inMeta = C.children(bytes, (meta.payload.lowerBound + 4)..<meta.payload.upperBound)
        guard let iinf = inMeta.first(where: { $0.type == "iinf" }), Self.itemType(item, iinf: iinf.payload, in: bytes) == "hvc1",
              let iloc = inMeta.first(where: { $0.type == "iloc" }),
              let extents = Self.extents(of: item, iloc: iloc.payload, in: bytes), !extents.isEmpty,
              let iprp = inMeta.first(where: { $0.type == "iprp" }),
              let ipco = C.children(bytes, iprp.payload).first(where: { $0.type == "ipco" }),
              let ipma = C.children(bytes, iprp.payload).first(where: { $0.type == "ipma" }),
              let associated = C.associations(of: item, ipma: ipma.payload, in: bytes) else { return nil }
        let properties = C.children(bytes, ipco.payload)
        var hvcC: Range<Int>?
        var transforms: [HEIFCoding.Transform] = []
        for index in associated {
            guard index >= 1, index <= properties.count else { continue }
            let box = properties[index - 1]
            if box.type == "hvcC" {
                guard hvcC == nil else { return nil }
                hvcC = box.payload
                continue
            }
            switch C.geometry(of: box, in: bytes) {
            case .transform(let transform): transforms.append(transform)
            case .crop, .unreadable: return nil
            case .other: break
            }
        }
        guard let hvcC, let configuration = Self.configuration(hvcC, in: bytes),
              let sps = configuration.units.lazy.compactMap({ HEVCSequenceSize.size(ofSPS: UnsafeRawBufferPointer(rebasing: bytes[$0])) }).first
        else { return nil }
        self.extents = extents
        self.transforms = transforms
        codedSize = sps
        (parameterSets, lengthSize) = configuration
    }

    /// The `infe` item type of `item` in `iinf` (versions 2 and 3), or nil.
    static func itemType(_ item: Int, iinf: Range<Int>, in bytes: UnsafeRawBufferPointer) -> String? {
        guard iinf.count >= 6 else { return nil }
        let start = iinf.lowerBound + 4 + (bytes[iinf.lowerBound] == 0 ? 2 : 4)
        for infe in HEIFCoding.children(bytes, start..<iinf.upperBound) where infe.type == "infe" && infe.payload.count >= 4 {
            let version = bytes[infe.payload.lowerBound]
            guard version >= 2 else { continue }
            let idBytes = version == 2 ? 2 : 4, at = infe.payload.lowerBound + 4
            guard at + idBytes + 6 <= infe.payload.upperBound, HEIFCoding.integer(bytes, at, idBytes) == item else { continue }
            return HEIFCoding.fourCC(bytes, at + idBytes + 2)
        }
        return nil
    }

    /// The extents of `item` in `iloc` as ranges of `bytes`: nil unless the box reads (versions
    /// 0–2), the item's data is in this file by offset (construction method 0, data reference 0),
    /// and every extent has a length and lies within `bytes`.
    static func extents(of item: Int, iloc: Range<Int>, in bytes: UnsafeRawBufferPointer) -> [Range<Int>]? {
        guard iloc.count >= 8 else { return nil }
        let version = Int(bytes[iloc.lowerBound])
        guard version <= 2 else { return nil }
        let sizes = bytes[iloc.lowerBound + 4], more = bytes[iloc.lowerBound + 5]
        let offsetSize = Int(sizes >> 4), lengthSize = Int(sizes & 15), baseSize = Int(more >> 4)
        let indexSize = version >= 1 ? Int(more & 15) : 0
        guard [offsetSize, lengthSize, baseSize, indexSize].allSatisfy({ [0, 4, 8].contains($0) }) else { return nil }
        let idBytes = version < 2 ? 2 : 4
        var at = iloc.lowerBound + 6
        guard let count = HEIFCoding.integer(bytes, at, idBytes) else { return nil }
        at += idBytes
        /// The next `size`-byte integer within the box (0 bytes: 0), or nil.
        func next(_ size: Int) -> Int? {
            guard at + size <= iloc.upperBound, let value = size == 0 ? 0 : HEIFCoding.integer(bytes, at, size) else { return nil }
            at += size
            return value
        }
        for _ in 0..<min(count, 1 << 16) {
            guard let id = next(idBytes), let method = version >= 1 ? next(2) : 0, let reference = next(2),
                  let base = next(baseSize), let extentCount = next(2) else { return nil }
            var found: [Range<Int>] = []
            for _ in 0..<extentCount {
                guard next(indexSize) != nil, let offset = next(offsetSize), let length = next(lengthSize) else { return nil }
                guard id == item else { continue }
                guard length > 0, offset <= bytes.count, base <= bytes.count - offset,
                      length <= bytes.count - base - offset else { return nil }
                found.append((base + offset)..<(base + offset + length))
            }
            guard id == item else { continue }
            return method & 15 == 0 && reference == 0 ? found : nil
        }
        return nil
    }

    /// `hvcC`'s NAL units and length size, when it declares 8-bit 4:2:0 (nil otherwise, or when
    /// it does not read). ISO/IEC 14496-15 §8.3.3.1: 22 bytes of fields, then the arrays.
    static func configuration(_ hvcC: Range<Int>, in bytes: UnsafeRawBufferPointer) -> (units: [Range<Int>], lengthSize: Int)? {
        guard hvcC.count >= 23 else { return nil }
        let base = hvcC.lowerBound
        let chroma = bytes[base + 16] & 3, lumaBits = bytes[base + 17] & 7, chromaBits = bytes[base + 18] & 7
        let lengthSize = Int(bytes[base + 21] & 3) + 1
        guard chroma == 1, lumaBits == 0, chromaBits == 0, lengthSize != 3 else { return nil }
        var units: [Range<Int>] = []
        var at = base + 23
        for _ in 0..<Int(bytes[base + 22]) {
            guard at + 3 <= hvcC.upperBound, let count = HEIFCoding.integer(bytes, at + 1, 2) else { return nil }
            at += 3
            for _ in 0..<count {
                guard at + 2 <= hvcC.upperBound, let length = HEIFCoding.integer(bytes, at, 2),
                      length <= hvcC.upperBound - at - 2 else { return nil }
                if length > 0 { units.append((at + 2)..<(at + 2 + length)) }
                at += 2 + length
            }
        }
        return units.isEmpty ? nil : (units, lengthSize)
    }
}
