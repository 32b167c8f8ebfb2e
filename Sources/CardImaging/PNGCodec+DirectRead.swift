import CDeflate
import CardPixels

/// The direct read of the most common PNGs — 8-bit RGB or RGBA, not interlaced, without
/// transparency chunks or colour conversion: every thumbnail this program writes, and those
/// GNOME and KDE write — without libpng: the image data inflated by libdeflate (about twice as
/// fast as zlib's inflate, which took two thirds of reading an x-large thumbnail) and the rows
/// unfiltered here. The pixels are the ones libpng gives for such a file, byte for byte (tests
/// compare the two for every filter type).
///
/// Anything else, and anything off in the image data — a CRC that does not match, image data
/// that does not inflate to exactly the rows the header declares, an unknown filter type — is
/// left to libpng (`readDirectly` returns nil), which reads it or reports it in its own words.
/// The chunk structure has been validated before (`PNGStructure.chunks`), so every range used
/// here lies inside the bytes.
extension PNGCodec {
    /// Ancillary chunks that change how libpng's simplified API turns this kind of file's
    /// samples into pixels (transparency; profiles the direct read does not interpret): a file
    /// with one of these goes to libpng. A gAMA chunk is allowed when no conversion follows
    /// from it (`PNGChunkScan.sRGBExponent` is nil).
    static let chunksLeftToLibpng: Set<String> = ["tRNS", "iCCP", "cICP"]

    /// The pixels of `bytes` (whose `chunks` are validated) as 8-bit straight-alpha RGBA, or nil
    /// when the file is not one the direct read handles (see the extension's notes).
    /// - Complexity: O(file size + width · height); allocates the inflated rows and the image
    ///   (and a copy of the image data when it spans several IDAT chunks).
    static func readDirectly(_ bytes: [UInt8], chunks: [PNGChunk]) -> RGBAImage? {
        guard let layout = DirectLayout(bytes, chunks: chunks) else { return nil }
        let stride = layout.rowBytes + 1
        var rows = [UInt8](unsafeUninitializedCapacity: stride * layout.height) { _, count in count = stride * layout.height }
        let inflated = rows.withUnsafeMutableBytes { out in
            layout.withImageData(bytes, chunks: chunks) { data in inflate(data, into: out) }
        }
        guard inflated, unfilter(&rows, layout: layout) else { return nil }
        return RGBAImage(width: layout.width, height: layout.height, pixels: rgba(rows, layout: layout))
    }

    /// What the direct read needs from the header, and the checks that decide it applies.
    struct DirectLayout {
        let width: Int, height: Int
        /// Bytes a pixel: 3 (RGB) or 4 (RGBA).
        let channels: Int
        /// Bytes of one row's samples (without its filter byte).
        var rowBytes: Int { width * channels }
        /// The IDAT chunks' indices in the chunk list (consecutive, as PNG requires).
        let imageData: Range<Int>

        init?(_ bytes: [UInt8], chunks: [PNGChunk]) {
            let header = chunks[0].data.lowerBound  // a 13-byte IHDR (validated)
            width = Int(PNGChunkScan.uint32(bytes, at: header))
            height = Int(PNGChunkScan.uint32(bytes, at: header + 4))
            let depth = bytes[header + 8], colorType = bytes[header + 9]
            let compression = bytes[header + 10], filter = bytes[header + 11], interlace = bytes[header + 12]
            guard depth == 8, colorType == 2 || colorType == 6, compression == 0, filter == 0, interlace == 0,
                  width > 0, height > 0, width <= PNGCodec.maximumDimension, height <= PNGCodec.maximumDimension,
                  width * height <= PNGCodec.maximumPixelCount else { return nil }
            channels = colorType == 6 ? 4 : 3
            guard let first = chunks.firstIndex(where: { $0.type == "IDAT" }) else { return nil }
            let end = chunks[first...].firstIndex { $0.type != "IDAT" } ?? chunks.endIndex
            imageData = first..<end
            for (index, chunk) in chunks.enumerated() {
                if chunk.type == "IDAT", !imageData.contains(index) { return nil }  // split image data
                if !chunk.isAncillary, !["IHDR", "PLTE", "IDAT", "IEND"].contains(chunk.type) { return nil }
                if PNGCodec.chunksLeftToLibpng.contains(chunk.type) { return nil }
            }
            guard PNGChunkScan(bytes).sRGBExponent == nil else { return nil }
            // libpng checks the CRCs of critical chunks: so does this read, or it steps aside.
            for chunk in [chunks[0]] + chunks[imageData] where !Self.crcMatches(bytes, chunk) { return nil }
        }

        /// Runs `body` over the image data: the one IDAT chunk's bytes in place, or the chunks'
        /// data joined in a copy.
        func withImageData<R>(_ bytes: [UInt8], chunks: [PNGChunk], _ body: (UnsafeRawBufferPointer) -> R) -> R {
            if imageData.count == 1 {
                return bytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[chunks[imageData.lowerBound].data])) }
            }
            var joined: [UInt8] = []
            joined.reserveCapacity(chunks[imageData].reduce(0) { $0 + $1.data.count })
            for chunk in chunks[imageData] { joined += bytes[chunk.data] }
            return joined.withUnsafeBytes(body)
        }

        /// Whether the CRC stored after `chunk` is the CRC-32 of its type and data.
        static func crcMatches(_ bytes: [UInt8], _ chunk: PNGChunk) -> Bool {
            let stored = PNGChunkScan.uint32(bytes, at: chunk.data.upperBound)
            let computed = bytes.withUnsafeBytes { raw in
                libdeflate_crc32(0, raw.baseAddress! + chunk.start + 4, chunk.data.count + 4)
            }
            return stored == computed
        }
    }

    /// Inflates the zlib stream `data` into exactly `out.count` bytes (the Adler-32 checked).
    /// False when the stream is damaged or holds more or fewer bytes.
    static func inflate(_ data: UnsafeRawBufferPointer, into out: UnsafeMutableRawBufferPointer) -> Bool {
        guard let decompressor = libdeflate_alloc_decompressor() else { return false }
        defer { libdeflate_free_decompressor(decompressor) }
        // A nil actual-size pointer asks for exactly out.count bytes: fewer is an error too.
        let result = libdeflate_zlib_decompress(decompressor, data.baseAddress, data.count, out.baseAddress, out.count, nil)
        return result == LIBDEFLATE_SUCCESS
    }

    /// Undoes the rows' filters in place (PNG filter method 0: None, Sub, Up, Average, Paeth,
    /// each relative to the pixel `channels` bytes to the left and the row above, zero outside).
    /// False for a filter type other than 0…4.
    static func unfilter(_ rows: inout [UInt8], layout: DirectLayout) -> Bool {
        let count = layout.rowBytes, step = layout.channels, stride = count + 1
        let zeros = [UInt8](repeating: 0, count: count)
        return rows.withUnsafeMutableBufferPointer { buffer in
            zeros.withUnsafeBufferPointer { zero in
                let base = buffer.baseAddress!
                for y in 0..<layout.height {
                    let row = base + y * stride + 1
                    let above = y == 0 ? UnsafeMutablePointer(mutating: zero.baseAddress!) : row - stride
                    switch row[-1] {
                    case 0: break
                    case 1: for i in step..<count { row[i] &+= row[i - step] }
                    case 2: for i in 0..<count { row[i] &+= above[i] }
                    case 3:
                        for i in 0..<step { row[i] &+= above[i] >> 1 }
                        for i in step..<count { row[i] &+= UInt8((UInt16(row[i - step]) + UInt16(above[i])) >> 1) }
                    case 4:
                        for i in 0..<step { row[i] &+= above[i] }  // left and upper left are zero: the byte above
                        for i in step..<count { row[i] &+= paeth(row[i - step], above[i], above[i - step]) }
                    default: return false
                    }
                }
                return true
            }
        }
    }

    /// The Paeth predictor: of left `a`, above `b` and upper left `c`, the one nearest to
    /// a + b − c (ties to a, then b).
    @inline(__always)
    static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let a = Int(a), b = Int(b), c = Int(c)
        let pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c)
        return UInt8(pa <= pb && pa <= pc ? a : pb <= pc ? b : c)
    }

    /// The unfiltered rows as packed RGBA (RGB gets alpha 255).
    static func rgba(_ rows: [UInt8], layout: DirectLayout) -> [UInt8] {
        let width = layout.width, stride = layout.rowBytes + 1
        return [UInt8](unsafeUninitializedCapacity: width * layout.height * 4) { out, count in
            rows.withUnsafeBufferPointer { source in
                for y in 0..<layout.height {
                    let row = source.baseAddress! + y * stride + 1, target = out.baseAddress! + y * width * 4
                    if layout.channels == 4 {
                        target.update(from: row, count: width * 4)
                    } else {
                        for x in 0..<width {
                            target[4 * x] = row[3 * x]
                            target[4 * x + 1] = row[3 * x + 1]
                            target[4 * x + 2] = row[3 * x + 2]
                            target[4 * x + 3] = 255
                        }
                    }
                }
            }
            count = width * layout.height * 4
        }
    }
}
