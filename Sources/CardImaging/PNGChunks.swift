/// What a PNG file's chunks say before its image data, read in pure Swift without decoding:
/// the header fields and the colour-encoding chunks that decide how samples map to sRGB.
///
/// The scan is lenient: it stops at the first IDAT, at the end of the bytes, or at anything
/// malformed, and never traps on bad input; libpng then reports what is wrong with the file.
struct PNGChunkScan: Equatable {
    /// IHDR fields (zero when the file has no readable IHDR).
    var width = 0, height = 0, bitDepth = 0, colorType = 0
    var interlaced = false
    /// The gAMA chunk's value (encoding exponent × 100000), when present.
    var gamma: UInt32?
    /// Whether an sRGB, iCCP or cICP chunk is present before the image data.
    var hasSRGB = false, hasICCProfile = false, hasCICP = false

    /// The eight bytes every PNG file starts with.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Scans `bytes` up to the first IDAT chunk.
    /// - Complexity: O(number of chunks before IDAT).
    init(_ bytes: [UInt8]) {
        guard bytes.count >= 8, Array(bytes[0..<8]) == Self.signature else { return }
        for chunk in Self.chunks(in: bytes) {
            let data = bytes[chunk.dataStart..<chunk.dataStart + chunk.length]
            switch chunk.type {
            case "IHDR" where chunk.length == 13:
                width = Int(Self.uint32(bytes, at: chunk.dataStart))
                height = Int(Self.uint32(bytes, at: chunk.dataStart + 4))
                bitDepth = Int(data[data.startIndex + 8])
                colorType = Int(data[data.startIndex + 9])
                interlaced = data[data.startIndex + 12] != 0
            case "gAMA" where chunk.length == 4: gamma = Self.uint32(bytes, at: chunk.dataStart)
            case "sRGB": hasSRGB = true
            case "iCCP": hasICCProfile = true
            case "cICP": hasCICP = true
            case "IDAT": return
            default: break
            }
        }
    }

    /// The well-formed chunks of `bytes` in order, up to the end or the first malformed one:
    /// the type as text, where its data starts, its data length.
    static func chunks(in bytes: [UInt8]) -> [(type: String, start: Int, dataStart: Int, length: Int)] {
        var found: [(type: String, start: Int, dataStart: Int, length: Int)] = []
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = Int(uint32(bytes, at: offset))
            let dataStart = offset + 8
            guard length <= bytes.count - dataStart - 4 else { break }
            let typeBytes = bytes[offset + 4..<offset + 8]
            guard typeBytes.allSatisfy({ (65...90).contains($0) || (97...122).contains($0) }) else { break }
            found.append((String(decoding: typeBytes, as: UTF8.self), offset, dataStart, length))
            offset = dataStart + length + 4
        }
        return found
    }

    static func uint32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// A copy of `bytes` in which the colour-encoding chunks (gAMA, sRGB, iCCP, cICP) are renamed
    /// to private ancillary types (second letter lowercased, CRC recomputed), so libpng sees an
    /// untagged file and leaves the samples as they are.
    static func withoutColorEncoding(_ bytes: [UInt8]) -> [UInt8] {
        var copy = bytes
        for chunk in chunks(in: bytes) where ["gAMA", "sRGB", "iCCP", "cICP"].contains(chunk.type) {
            copy[chunk.start + 5] |= 0x20  // the private bit: libpng skips unknown ancillary chunks
            let crc = crc32(copy[chunk.start + 4..<chunk.dataStart + chunk.length])
            let crcAt = chunk.dataStart + chunk.length
            for i in 0..<4 { copy[crcAt + i] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * i)) }
        }
        return copy
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        (0..<8).reduce(UInt32(n)) { c, _ in c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }

    /// PNG's CRC-32 of `bytes`.
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        ~bytes.reduce(UInt32.max) { crcTable[Int(($0 ^ UInt32($1)) & 0xFF)] ^ ($0 >> 8) }
    }

    /// The exponent that maps this file's samples (normalised to 0…1) to libpng's sRGB model
    /// (a pure 2.2 power), as libpng's 8-bit output applies it: `1 / (gAMA · 2.2)` when the file
    /// has a gAMA chunk and no sRGB chunk and `gAMA · 2.2` differs from 1 by more than libpng's
    /// 5 % threshold; otherwise nil (no conversion).
    var sRGBExponent: Double? {
        guard let gamma, gamma > 0, !hasSRGB else { return nil }
        let product = Double(gamma) / 100_000 * 2.2
        return abs(product - 1) > 0.05 ? 1 / product : nil
    }
}
