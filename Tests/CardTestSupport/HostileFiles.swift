import Foundation

/// Picture files written byte by byte for tests of hostile and broken input (SPEC §11), small and
/// quick to make however large the picture they declare: no encoder, no pixel buffer. PNG image
/// data is a zlib stream of zeros (`zlibZeros`); JPEG files use one-symbol Huffman tables, so a
/// flat grey picture of any size codes every 8×8 block in two bits (`flatJPEG`).
public enum HostileFiles {
    // MARK: PNG

    /// The eight bytes every PNG starts with.
    public static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A PNG chunk: big-endian length, type, data, CRC-32 of type and data.
    public static func pngChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeAndData = Array(type.utf8) + data
        return bigEndian32(data.count) + typeAndData + bigEndian32(Int(crc32(typeAndData)))
    }

    /// The signature and an IHDR chunk.
    public static func pngHeader(width: Int, height: Int, bitDepth: Int, colorType: Int, interlaced: Bool = false) -> [UInt8] {
        pngSignature + pngChunk("IHDR", bigEndian32(width) + bigEndian32(height)
            + [UInt8(bitDepth), UInt8(colorType), 0, 0, interlaced ? 1 : 0])
    }

    /// The bytes of the image data of a picture whose rows are all zero (filter byte 0, every
    /// sample 0), Adam7's seven passes when interlaced.
    public static func rawImageBytes(width: Int, height: Int, bitDepth: Int, colorType: Int, interlaced: Bool) -> Int {
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType] ?? 4
        func rows(_ w: Int, _ h: Int) -> Int { w == 0 || h == 0 ? 0 : ((w * channels * bitDepth + 7) / 8 + 1) * h }
        guard interlaced else { return rows(width, height) }
        let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        return passes.reduce(0) { total, pass in
            total + rows((width - pass.0 + pass.2 - 1) / pass.2, (height - pass.1 + pass.3 - 1) / pass.3)
        }
    }

    /// A whole PNG of zeros (black, or transparent with alpha): header, one IDAT of `zlibZeros`,
    /// IEND. An 8192² RGBA one is about 1.7 MB.
    public static func zerosPNG(width: Int, height: Int, bitDepth: Int = 8, colorType: Int = 6, interlaced: Bool = false) -> [UInt8] {
        let raw = rawImageBytes(width: width, height: height, bitDepth: bitDepth, colorType: colorType, interlaced: interlaced)
        return pngHeader(width: width, height: height, bitDepth: bitDepth, colorType: colorType, interlaced: interlaced)
            + pngChunk("IDAT", zlibZeros(count: raw)) + pngChunk("IEND", [])
    }

    /// A small valid PNG (`width × height` zeros) followed by `count` empty IDAT chunks before
    /// IEND: 12 bytes each.
    public static func emptyIDATChunks(_ count: Int, width: Int = 16, height: Int = 16) -> [UInt8] {
        let picture = zerosPNG(width: width, height: height, colorType: 2)
        let empty = pngChunk("IDAT", [])
        var bytes = Array(picture.dropLast(12))  // IEND back after the empty chunks
        bytes.reserveCapacity(bytes.count + count * empty.count + 12)
        for _ in 0..<count { bytes += empty }
        return bytes + pngChunk("IEND", [])
    }

    /// A zlib stream that inflates to `count` zero bytes from about count / 160 bytes: one
    /// literal zero, then back-references of 258 bytes at distance 1, in a fixed-Huffman deflate
    /// block (RFC 1951 §3.2.6), written bit by bit; the Adler-32 trailer is correct.
    public static func zlibZeros(count: Int) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        out.reserveCapacity(count / 150 + 16)
        var bits = BitWriter()
        func code(_ value: UInt64, _ length: Int) {  // Huffman codes go MSB-first
            var reversed: UInt64 = 0
            for i in 0..<length where value & (1 << UInt64(i)) != 0 { reversed |= 1 << UInt64(length - 1 - i) }
            bits.put(reversed, length, into: &out)
        }
        bits.put(1, 1, into: &out)  // BFINAL
        bits.put(1, 2, into: &out)  // BTYPE = 01, fixed Huffman codes
        var written = 0
        if count > 0 { code(0x30, 8); written = 1 }  // literal 0
        // Length symbol 285 (258 bytes, 8 bits 11000101) and distance code 0 (5 bits): 13 bits,
        // reversed once here.
        var match: UInt64 = 0
        for i in 0..<8 where 0xC5 & (1 << i) != 0 { match |= 1 << UInt64(7 - i) }
        while count - written >= 258 {
            bits.put(match, 13, into: &out)
            written += 258
        }
        while written < count { code(0x30, 8); written += 1 }  // the rest as literals
        code(0, 7)  // end of block (symbol 256)
        bits.flush(into: &out)
        let adler = UInt32(count % 65521) << 16 | 1  // zeros: a stays 1, b gains 1 per byte
        return out + bigEndian32(Int(adler))
    }

    // MARK: JPEG

    /// The layout of a JPEG's components: sampling factors, high nibble horizontal.
    public enum Color: Sendable {
        case gray, ycbcr444, ycbcr420, cmyk

        var factors: [UInt8] {
            switch self {
            case .gray: [0x11]
            case .ycbcr444: [0x11, 0x11, 0x11]
            case .ycbcr420: [0x22, 0x11, 0x11]
            case .cmyk: [0x11, 0x11, 0x11, 0x11]
            }
        }
    }

    /// A valid flat grey JPEG of `width × height` (sample 128 everywhere) without an encoder:
    /// one quantisation table of ones and one-symbol Huffman tables (DC category 0, AC end of
    /// block), so every block is two bits of zeros. Baseline: one interleaved scan.
    /// Progressive: the DC scan, then one AC scan per component (each block an end of band).
    /// A 16384² 4:2:0 baseline one is 1.5 MB; an 8192² 4:4:4 progressive one about 800 KB.
    public static func flatJPEG(width: Int, height: Int, color: Color = .ycbcr420, progressive: Bool = false) -> [UInt8] {
        let factors = color.factors
        let hMax = factors.map { Int($0 >> 4) }.max()!, vMax = factors.map { Int($0 & 0x0F) }.max()!
        let mcuColumns = (width + 8 * hMax - 1) / (8 * hMax), mcuRows = (height + 8 * vMax - 1) / (8 * vMax)
        let blocksPerMCU = factors.reduce(0) { $0 + Int($1 >> 4) * Int($1 & 0x0F) }
        var bytes = jpegHeader(width: width, height: height, factors: factors, frame: progressive ? 0xC2 : 0xC0)
        bytes += segment(0xC4, [0x00, 1] + [UInt8](repeating: 0, count: 15) + [0x00])  // DC table 0: category 0 is "0"
        bytes += segment(0xC4, [0x10, 1] + [UInt8](repeating: 0, count: 15) + [0x00])  // AC table 0: end of block is "0"
        let ids = (1...factors.count).map(UInt8.init)
        if !progressive {
            bytes += scanHeader(ids, start: 0, end: 63)
            bytes += zeroBits(mcuColumns * mcuRows * blocksPerMCU * 2)
        } else {
            bytes += scanHeader(ids, start: 0, end: 0)
            bytes += zeroBits(mcuColumns * mcuRows * blocksPerMCU)
            for (index, factor) in factors.enumerated() {
                // A non-interleaved scan covers the component's own blocks, not whole MCUs.
                let componentWidth = (width * Int(factor >> 4) + hMax - 1) / hMax
                let componentHeight = (height * Int(factor & 0x0F) + vMax - 1) / vMax
                bytes += scanHeader([ids[index]], start: 1, end: 63)
                bytes += zeroBits(((componentWidth + 7) / 8) * ((componentHeight + 7) / 8))
            }
        }
        return bytes + [0xFF, 0xD9]
    }

    /// A JPEG of `scans` scans (each a scan header and one byte of data) declaring
    /// `width × height`: its scans are counted before anything decodes it.
    public static func manyScansJPEG(width: Int, height: Int, scans: Int) -> [UInt8] {
        var bytes = jpegHeader(width: width, height: height, factors: Color.ycbcr444.factors, frame: 0xC2)
        bytes += segment(0xC4, [0x00, 1] + [UInt8](repeating: 0, count: 15) + [0x00])
        bytes += segment(0xC4, [0x10, 1] + [UInt8](repeating: 0, count: 15) + [0x00])
        for scan in 0..<scans {
            bytes += scan == 0 ? scanHeader([1, 2, 3], start: 0, end: 0) : scanHeader([UInt8(1 + scan % 3)], start: 1, end: 63)
            bytes.append(0)
        }
        return bytes + [0xFF, 0xD9]
    }

    /// An arithmetic-coded progressive JPEG (SOF10) declaring `width × height`, of about 260
    /// bytes: a header, a DC scan of `dataBytes` bytes, the end. CMYK files carry Adobe's marker.
    public static func arithmeticJPEG(width: Int, height: Int, color: Color = .ycbcr420, dataBytes: Int = 150) -> [UInt8] {
        let factors = color.factors
        var bytes = jpegHeader(width: width, height: height, factors: factors, frame: 0xCA, adobe: color == .cmyk)
        bytes += scanHeader((1...factors.count).map(UInt8.init), start: 0, end: 0)
        bytes += (0..<dataBytes).map { UInt8(truncatingIfNeeded: $0 * 37 + 11) & 0x7F }
        return bytes + [0xFF, 0xD9]
    }

    /// SOI, (Adobe's APP14), a quantisation table of ones, and a frame header of `frame`.
    static func jpegHeader(width: Int, height: Int, factors: [UInt8], frame: UInt8, adobe: Bool = false) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        if adobe { bytes += segment(0xEE, Array("Adobe".utf8) + [0, 100, 0, 0, 0, 0, 0]) }
        bytes += segment(0xDB, [0x00] + [UInt8](repeating: 1, count: 64))
        var sof: [UInt8] = [8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), UInt8(factors.count)]
        for (index, factor) in factors.enumerated() { sof += [UInt8(index + 1), factor, 0] }
        return bytes + segment(frame, sof)
    }

    /// A scan header over `components` (tables 0), spectral selection `start…end`.
    static func scanHeader(_ components: [UInt8], start: UInt8, end: UInt8) -> [UInt8] {
        segment(0xDA, [UInt8(components.count)] + components.flatMap { [$0, 0x00] } + [start, end, 0])
    }

    /// A marker segment: FF, the marker, the length (data + 2), the data.
    static func segment(_ marker: UInt8, _ data: [UInt8]) -> [UInt8] {
        [0xFF, marker, UInt8((data.count + 2) >> 8), UInt8((data.count + 2) & 0xFF)] + data
    }

    /// `bits` zero bits as whole bytes, the last padded with ones as JPEG requires.
    static func zeroBits(_ bits: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: (bits + 7) / 8)
        if bits % 8 != 0 { bytes[bytes.count - 1] = UInt8(0xFF >> (bits % 8)) }
        return bytes
    }

    // MARK: The cases of issue 19

    /// A file a case adds to a folder: its name and how it is made at a path.
    public struct File: Sendable {
        public var name: String
        public var make: @Sendable (_ path: String) throws -> Void

        public init(_ name: String, _ make: @escaping @Sendable (_ path: String) throws -> Void) {
            self.name = name
            self.make = make
        }

        /// A file of `bytes()`.
        public init(_ name: String, bytes: @escaping @Sendable () -> [UInt8]) {
            self.init(name) { path in try Data(bytes()).write(to: URL(fileURLWithPath: path)) }
        }
    }

    /// One hostile case: the files it adds to a folder of good pictures (named to sort after
    /// them), the files a warning must name (one line each), and the colour a valid one shows.
    public struct Case: Sendable, CustomStringConvertible {
        public var description: String
        public var files: [File]
        public var refused: [String]
        public var shows: [UInt8]?
    }

    /// Why a special file could not be made.
    public struct MakeError: Error, CustomStringConvertible {
        public var description: String
    }

    /// The cases of issue 19 ("hostile and broken input").
    public static let cases: [Case] = [
        Case(description: "three progressive 8192×8192 JPEGs of about 800 KB",
             files: (1...3).map { File("b\($0)-progressive.jpg") { flatJPEG(width: 8192, height: 8192, color: .ycbcr444, progressive: true) } },
             refused: (1...3).map { "b\($0)-progressive.jpg" }),
        Case(description: "a 260-byte arithmetic-coded progressive JPEG declaring 8192×8192",
             files: [File("b-arithmetic.jpg") { arithmeticJPEG(width: 8192, height: 8192) }], refused: ["b-arithmetic.jpg"]),
        Case(description: "an arithmetic-coded CMYK JPEG declaring 8192×8192",
             files: [File("b-cmyk.jpg") { arithmeticJPEG(width: 8192, height: 8192, color: .cmyk) }], refused: ["b-cmyk.jpg"]),
        Case(description: "a PNG 8192×8192 of zeros (valid: shown black, in the memory of its card)",
             files: [File("b-zeros.png") { zerosPNG(width: 8192, height: 8192, colorType: 2) }], refused: [], shows: [0, 0, 0]),
        Case(description: "a 16-bit interlaced 8000×8000 PNG",
             files: [File("b-deep.png") { zerosPNG(width: 8000, height: 8000, bitDepth: 16, colorType: 2, interlaced: true) }],
             refused: ["b-deep.png"]),
        Case(description: "a PNG with two million empty IDAT chunks",
             files: [File("b-chunks.png") { emptyIDATChunks(2_000_000) }], refused: ["b-chunks.png"]),
        Case(description: "a sparse 2 GiB .jpg whose name holds escape sequences",
             files: [File("b-\u{1B}]0;owned\u{07}\u{1B}[31m.jpg") { path in
                 try Data([0xFF, 0xD8, 0xFF, 0xE0]).write(to: URL(fileURLWithPath: path))
                 guard truncate(path, 2 << 30) == 0 else { throw MakeError(description: "cannot extend \(path) to 2 GiB") }
             }],
             refused: ["b-\u{1B}]0;owned\u{07}\u{1B}[31m.jpg"]),
        Case(description: "a 4096×4096 JPEG of 600 scans",
             files: [File("b-600-scans.jpg") { manyScansJPEG(width: 4096, height: 4096, scans: 600) }], refused: ["b-600-scans.jpg"]),
        Case(description: "a 4096×4096 JPEG of 499 scans",
             files: [File("b-499-scans.jpg") { manyScansJPEG(width: 4096, height: 4096, scans: 499) }], refused: ["b-499-scans.jpg"]),
        Case(description: "a FIFO named photo.jpg",
             files: [File("photo.jpg") { path in
                 guard mkfifo(path, 0o644) == 0 else { throw MakeError(description: "cannot make the FIFO \(path)") }
             }],
             refused: ["photo.jpg"]),
    ]

    /// The largest pictures the default limits allow, whose memory is their output's: a
    /// 16384² flat baseline JPEG (1.5 MB) and an 8-bit 16384² PNG of zeros (5 MB).
    public static let largest: [File] = [
        File("flat-16384.jpg") { flatJPEG(width: 16384, height: 16384) },
        File("zeros-16384.png") { zerosPNG(width: 16384, height: 16384, colorType: 2) },
    ]

    // MARK: Helpers

    static func bigEndian32(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        (0..<8).reduce(UInt32(n)) { c, _ in c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }

    /// PNG's CRC-32.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc = UInt32.max
        for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return ~crc
    }
}

/// Bits packed least-significant first into bytes, as deflate packs them.
private struct BitWriter {
    var buffer: UInt64 = 0
    var count = 0

    mutating func put(_ value: UInt64, _ bits: Int, into out: inout [UInt8]) {
        buffer |= value << UInt64(count)
        count += bits
        while count >= 8 {
            out.append(UInt8(buffer & 0xFF))
            buffer >>= 8
            count -= 8
        }
    }

    mutating func flush(into out: inout [UInt8]) {
        if count > 0 { out.append(UInt8(buffer & 0xFF)) }
        buffer = 0
        count = 0
    }
}
