import CardMath

/// The frame size an HEVC sequence parameter set declares (`pic_width_in_luma_samples`,
/// `pic_height_in_luma_samples`, H.265 §7.3.2.2): what libde265 allocates its frame at, before
/// the conformance window crops it — read before anything is decoded, so that a file whose SPS
/// declares more than its item's `ispe` is not handed to libde265 directly.
enum HEVCSequenceSize {
    /// The size in `unit` (a whole NAL unit: its 2-byte header, then the RBSP with emulation
    /// prevention bytes), or nil when it is not an SPS or does not read.
    static func size(ofSPS unit: UnsafeRawBufferPointer) -> PixelSize? {
        guard unit.count >= 3, (unit[0] >> 1) & 0x3F == 33 else { return nil }
        // The RBSP: every 0x03 after two zero bytes dropped (at most the first 256 bytes: the
        // size comes within the first 40 or so).
        var rbsp: [UInt8] = []
        var zeros = 0
        for byte in unit.dropFirst(2).prefix(256) {
            if zeros >= 2, byte == 3 { zeros = 0; continue }
            rbsp.append(byte)
            zeros = byte == 0 ? zeros + 1 : 0
        }
        var reader = BitReader(bytes: rbsp)
        guard reader.skip(4), let subLayers = reader.bits(3), reader.skip(1), reader.skip(96) else { return nil }
        var profilePresent: [Bool] = [], levelPresent: [Bool] = []
        for _ in 0..<subLayers {
            guard let profile = reader.bits(1), let level = reader.bits(1) else { return nil }
            profilePresent.append(profile == 1)
            levelPresent.append(level == 1)
        }
        if subLayers > 0, !reader.skip(2 * (8 - subLayers)) { return nil }
        for layer in 0..<subLayers {
            guard reader.skip(profilePresent[layer] ? 88 : 0), reader.skip(levelPresent[layer] ? 8 : 0) else { return nil }
        }
        guard reader.exponentialGolomb() != nil, let chroma = reader.exponentialGolomb() else { return nil }
        if chroma == 3, !reader.skip(1) { return nil }
        guard let width = reader.exponentialGolomb(), let height = reader.exponentialGolomb() else { return nil }
        return PixelSize(width: width, height: height)
    }

    /// Big-endian bits of a byte array, read from the first.
    struct BitReader {
        let bytes: [UInt8]
        var position = 0

        /// The next `count` (≤ 32) bits as an integer, or nil past the end.
        mutating func bits(_ count: Int) -> Int? {
            guard count <= 32, position + count <= bytes.count * 8 else { return nil }
            var value = 0
            for _ in 0..<count {
                value = value << 1 | Int(bytes[position >> 3] >> (7 - position & 7) & 1)
                position += 1
            }
            return value
        }

        /// Skips `count` bits; false past the end.
        mutating func skip(_ count: Int) -> Bool {
            guard position + count <= bytes.count * 8 else { return false }
            position += count
            return true
        }

        /// An unsigned exponential-Golomb code (`ue(v)`), or nil past the end or over 2³¹.
        mutating func exponentialGolomb() -> Int? {
            var zeros = 0
            while true {
                guard let bit = bits(1) else { return nil }
                if bit == 1 { break }
                zeros += 1
                guard zeros <= 31 else { return nil }
            }
            guard let rest = bits(zeros) else { return nil }
            return (1 << zeros) - 1 + rest
        }
    }
}
