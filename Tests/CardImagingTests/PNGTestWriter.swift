/// A PNG file assembled byte by byte for tests, independent of libpng: chunks with CRC-32, a zlib
/// stream of stored (uncompressed) deflate blocks with Adler-32, any filter type per scanline,
/// optional Adam7 interlacing, and every colour type and bit depth PNG allows.
struct TestPNG {
    enum ColorType: UInt8, CaseIterable, Sendable {
        case gray = 0, rgb = 2, palette = 3, grayAlpha = 4, rgba = 6

        /// Samples per pixel.
        var channels: Int {
            switch self {
            case .gray, .palette: 1
            case .grayAlpha: 2
            case .rgb: 3
            case .rgba: 4
            }
        }
    }

    var width: Int
    var height: Int
    var colorType: ColorType
    var bitDepth: Int
    /// `samples[y * width + x][channel]` at `bitDepth` (palette images: the index).
    var samples: [[Int]]
    /// PLTE entries (palette images).
    var palette: [(r: UInt8, g: UInt8, b: UInt8)] = []
    /// The tRNS chunk's data, written when non-nil.
    var transparency: [UInt8]?
    var interlaced = false
    /// Filter type (0…4) for the n-th scanline written, counting across Adam7 passes.
    var filterForScanline: @Sendable (Int) -> UInt8 = { _ in 0 }
    /// Ancillary chunks written before PLTE/IDAT, e.g. ("gAMA", [0, 1, 0x86, 0xA0]).
    var extraChunks: [(type: String, data: [UInt8])] = []
    /// The image data's zlib stream split into IDAT chunks of at most this many bytes (nil: one).
    var imageDataChunkSize: Int?

    /// Adam7 passes: first column, first row, column step, row step.
    static let adam7: [(x: Int, y: Int, dx: Int, dy: Int)] = [
        (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2),
    ]

    /// The whole file.
    func bytes() -> [UInt8] {
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header = Self.bigEndian32(UInt32(width)) + Self.bigEndian32(UInt32(height))
        header += [UInt8(bitDepth), colorType.rawValue, 0, 0, interlaced ? 1 : 0]
        file += Self.chunk("IHDR", header)
        for extra in extraChunks { file += Self.chunk(extra.type, extra.data) }
        if colorType == .palette { file += Self.chunk("PLTE", palette.flatMap { [$0.r, $0.g, $0.b] }) }
        if let transparency { file += Self.chunk("tRNS", transparency) }
        let stream = Self.zlibStored(filteredImageData())
        let size = max(imageDataChunkSize ?? stream.count, 1)
        for start in stride(from: 0, to: stream.count, by: size) {
            file += Self.chunk("IDAT", Array(stream[start..<min(start + size, stream.count)]))
        }
        file += Self.chunk("IEND", [])
        return file
    }

    /// The scanlines of the image (or of each Adam7 pass in turn), each prefixed by its filter type.
    func filteredImageData() -> [UInt8] {
        let passes = interlaced ? Self.adam7 : [(0, 0, 1, 1)]
        var out: [UInt8] = []
        var scanline = 0
        for pass in passes {
            let columns = Array(stride(from: pass.0, to: width, by: pass.2))
            let rows = Array(stride(from: pass.1, to: height, by: pass.3))
            guard !columns.isEmpty, !rows.isEmpty else { continue }  // empty passes are omitted
            var previous = [UInt8](repeating: 0, count: packedRowBytes(columns.count))
            for y in rows {
                let raw = packRow(columns.map { samples[y * width + $0] })
                let filter = filterForScanline(scanline)
                out.append(filter)
                out += Self.filter(raw, previous: previous, type: filter, bytesPerPixel: max(1, colorType.channels * bitDepth / 8))
                previous = raw
                scanline += 1
            }
        }
        return out
    }

    private func packedRowBytes(_ pixels: Int) -> Int { (pixels * colorType.channels * bitDepth + 7) / 8 }

    /// One row of pixels packed at `bitDepth`: sub-byte samples most significant bits first,
    /// 16-bit samples big-endian, the row padded to a whole byte.
    private func packRow(_ pixels: [[Int]]) -> [UInt8] {
        var row: [UInt8] = []
        var accumulator = 0, bits = 0
        for sample in pixels.joined() {
            switch bitDepth {
            case 16: row += [UInt8(sample >> 8), UInt8(sample & 0xFF)]
            case 8: row.append(UInt8(sample))
            default:
                accumulator = accumulator << bitDepth | sample
                bits += bitDepth
                if bits == 8 { row.append(UInt8(accumulator)); accumulator = 0; bits = 0 }
            }
        }
        if bits > 0 { row.append(UInt8(accumulator << (8 - bits))) }
        return row
    }

    /// Applies PNG filter `type` (0 None, 1 Sub, 2 Up, 3 Average, 4 Paeth) to a raw scanline.
    static func filter(_ raw: [UInt8], previous: [UInt8], type: UInt8, bytesPerPixel bpp: Int) -> [UInt8] {
        raw.indices.map { i in
            let left = i >= bpp ? Int(raw[i - bpp]) : 0, up = Int(previous[i]), upLeft = i >= bpp ? Int(previous[i - bpp]) : 0
            let predictor: Int
            switch type {
            case 1: predictor = left
            case 2: predictor = up
            case 3: predictor = (left + up) / 2
            case 4:
                let p = left + up - upLeft, pa = abs(p - left), pb = abs(p - up), pc = abs(p - upLeft)
                predictor = pa <= pb && pa <= pc ? left : (pb <= pc ? up : upLeft)
            default: predictor = 0
            }
            return UInt8(truncatingIfNeeded: Int(raw[i]) - predictor)
        }
    }

    static func bigEndian32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// A chunk: length, type, data, CRC-32 of type and data.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return bigEndian32(UInt32(data.count)) + typeBytes + data + bigEndian32(crc32(typeBytes + data))
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        (0..<8).reduce(UInt32(n)) { c, _ in c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }

    /// CRC-32 as PNG defines it (ISO 3309, reflected, initial and final XOR 0xFFFFFFFF).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        ~bytes.reduce(UInt32.max) { crcTable[Int(($0 ^ UInt32($1)) & 0xFF)] ^ ($0 >> 8) }
    }

    /// A zlib stream holding `data` in stored deflate blocks of at most 65535 bytes.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, data.count - offset)
            let final: UInt8 = offset + count == data.count ? 1 : 0
            out += [final, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += data[offset..<offset + count]
            offset += count
        } while offset < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + bigEndian32(b << 16 | a)
    }
}
