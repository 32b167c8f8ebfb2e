import CZlib
import Foundation

/// Rows of a large PNG from checkpoints, for the photo view's regions (SPEC §10, "Pictures of
/// any size, whole"): zlib cannot seek in a deflate stream, so a region at the bottom of a
/// 200 MP PNG read through libpng inflates every row above it (1.4 s). This reader inflates the
/// image data itself (zlib, `CZlib`) and, every `interval` rows it passes, keeps a checkpoint —
/// a copy of the inflater (`inflateCopy`: its 32 KiB window and bit buffer), where its input
/// stood, and the row before (PNG's filters refer to it) — as zran.c does for gzip files; a
/// later region starts at the checkpoint above it. The first pass down the picture builds them
/// (`indexAll()`, or any region as it goes); 40 checkpoints of a 20,000 × 10,000 picture take
/// about 1.6 MB with their rows' 2.4 MB.
///
/// Only files whose rows libpng's simplified API would pass through untouched are indexed:
/// 8-bit greyscale, grey + alpha, RGB and RGBA, not interlaced, without tRNS and with no gamma
/// but sRGB's (`canIndex`); others use `PNGRowReader`. The rows come out as 8-bit RGBA, the
/// pixels libpng gives. The chunk structure is checked first, as for every PNG read.
///
/// Thread-safe: a lock serializes reads (one region at a time per picture).
public final class PNGRowIndex: @unchecked Sendable {
    public let width: Int
    public let height: Int
    public let hasAlpha: Bool
    /// Rows between checkpoints.
    public let interval: Int
    private let channels: Int
    private let name: String
    private let source: any ByteSource
    /// The IDAT chunks' data in the file, and where each starts in the concatenated stream.
    private let idat: [Range<Int>]
    private let idatStarts: [Int]
    private var checkpoints: [Checkpoint] = []
    private let lock = NSLock()

    /// A point to resume inflating at: before row `row`.
    private struct Checkpoint {
        var row: Int
        /// The inflater's state there (owned; `inflateEnd` when the index goes).
        var stream: UnsafeMutablePointer<z_stream>
        /// Where in the concatenated image data its next input byte is.
        var offset: Int
        /// Row `row − 1` unfiltered (zeros for row 0).
        var previous: [UInt8]
    }

    /// Whether the chunks of a PNG allow an index: 8-bit grey, grey + alpha, RGB or RGBA, not
    /// interlaced, no tRNS, no gAMA but sRGB's 1/2.2 (45455).
    static func canIndex(chunks: [PNGChunk], header: (depth: Int, colorType: Int, interlaced: Bool), gamma: Int?) -> Bool {
        header.depth == 8 && [0, 2, 4, 6].contains(header.colorType) && !header.interlaced
            && !chunks.contains { $0.type == "tRNS" } && (gamma == nil || gamma == 45455)
    }

    /// Checks the chunks of the PNG in `source` and reads its header; nil when the file cannot
    /// be indexed (`canIndex`).
    /// - Throws: `PNGError.unreadable` naming `name` for a malformed chunk structure.
    public static func open(source: some ByteSource, name: String, interval: Int = 256) throws -> PNGRowIndex? {
        let chunks = try PNGStructure.chunks(in: source, name: name)
        guard let ihdr = chunks.first, ihdr.type == "IHDR", ihdr.data.count == 13 else { return nil }
        var header = [UInt8](repeating: 0, count: 13)
        _ = try header.withUnsafeMutableBytes { try source.read(at: ihdr.data.lowerBound, into: $0) }
        func be32(_ at: Int) -> Int { Int(header[at]) << 24 | Int(header[at + 1]) << 16 | Int(header[at + 2]) << 8 | Int(header[at + 3]) }
        var gamma: Int?
        if let gama = chunks.first(where: { $0.type == "gAMA" }), gama.data.count == 4 {
            var bytes = [UInt8](repeating: 0, count: 4)
            _ = try bytes.withUnsafeMutableBytes { try source.read(at: gama.data.lowerBound, into: $0) }
            gamma = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        }
        let width = be32(0), height = be32(4), colorType = Int(header[9])
        guard width > 0, height > 0, width <= PNGCodec.maximumDimension, height <= PNGCodec.maximumDimension,
              canIndex(chunks: chunks, header: (Int(header[8]), colorType, header[12] != 0), gamma: gamma) else { return nil }
        let idat = chunks.filter { $0.type == "IDAT" }.map(\.data)
        guard !idat.isEmpty else { return nil }
        return PNGRowIndex(source: source, name: name, width: width, height: height,
                           channels: [0: 1, 4: 2, 2: 3, 6: 4][colorType]!, idat: idat, interval: max(interval, 1))
    }

    private init(source: any ByteSource, name: String, width: Int, height: Int, channels: Int, idat: [Range<Int>], interval: Int) {
        self.source = source
        self.name = name
        self.width = width
        self.height = height
        self.channels = channels
        self.idat = idat
        self.interval = interval
        hasAlpha = channels == 2 || channels == 4
        var starts: [Int] = [], total = 0
        for range in idat {
            starts.append(total)
            total += range.count
        }
        idatStarts = starts
    }

    deinit {
        for checkpoint in checkpoints {
            inflateEnd(checkpoint.stream)
            checkpoint.stream.deallocate()
        }
    }

    /// Checkpoints kept so far.
    public var checkpointCount: Int { lock.withLock { checkpoints.count } }

    /// Reads every row once, keeping a checkpoint every `interval` rows: afterwards any region
    /// starts within `interval` rows of its top.
    /// - Throws: `PNGError.unreadable` for damaged or truncated image data.
    public func indexAll() throws {
        try readRows(height..<height) { _, _ in }
    }

    /// Calls `body` with each row of `rows` (index, then `width` × 4 bytes of 8-bit RGBA), top
    /// to bottom, starting from the checkpoint at or above the first.
    /// - Throws: `PNGError.unreadable` naming the file for damaged or truncated image data; what
    ///   `body` throws.
    /// - Complexity: O((rows + interval) × width), plus the first pass down to them.
    public func readRows(_ rows: Range<Int>, _ body: (Int, UnsafePointer<UInt8>) throws -> Void) throws {
        lock.lock()
        defer { lock.unlock() }
        let wanted = rows.clamped(to: 0..<height)
        let target = rows.lowerBound >= height ? height : wanted.upperBound
        let start = checkpoints.last { $0.row <= (wanted.isEmpty ? target : wanted.lowerBound) }
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        defer { inflateEnd(stream); stream.deallocate() }
        let rowBytes = width * channels
        var previous: [UInt8]
        var row: Int, offset: Int
        if let start {
            guard inflateCopy(stream, start.stream) == Z_OK else { throw failure("zlib could not copy its state") }
            previous = start.previous
            row = start.row
            offset = start.offset
        } else {
            guard cv_inflate_init(stream) == Z_OK else { throw failure("zlib could not start") }
            previous = [UInt8](repeating: 0, count: rowBytes)
            row = 0
            offset = 0
        }
        var input = [UInt8](repeating: 0, count: 1 << 16)
        var inputStart = offset, inputCount = 0
        var current = [UInt8](repeating: 0, count: rowBytes + 1)
        var rgba = [UInt8](repeating: 255, count: width * 4)
        stream.pointee.avail_in = 0
        while row < target {
            if row % interval == 0, row > (checkpoints.last?.row ?? -1) {
                try keepCheckpoint(stream, row: row, offset: inputStart + inputCount - Int(stream.pointee.avail_in), previous: previous)
            }
            // One row: its filter byte and its samples.
            try current.withUnsafeMutableBufferPointer { out in
                stream.pointee.next_out = out.baseAddress
                stream.pointee.avail_out = uInt(out.count)
                while stream.pointee.avail_out > 0 {
                    if stream.pointee.avail_in == 0 {
                        inputStart += inputCount
                        inputCount = try read(at: inputStart, into: &input)
                        guard inputCount > 0 else { throw failure("truncated: the image data ends at row \(row) of \(height)") }
                        input.withUnsafeMutableBufferPointer { stream.pointee.next_in = $0.baseAddress }
                        stream.pointee.avail_in = uInt(inputCount)
                    }
                    let status = inflate(stream, Z_NO_FLUSH)
                    if status == Z_STREAM_END, stream.pointee.avail_out > 0 {
                        throw failure("truncated: the image data ends at row \(row) of \(height)")
                    }
                    guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
                        throw failure("damaged image data at row \(row) (zlib \(status))")
                    }
                }
            }
            try Self.unfilter(&current, previous: previous, channels: channels, row: row, name: name)
            // current[1...] is the row; it becomes the previous one.
            previous.withUnsafeMutableBufferPointer { to in
                current.withUnsafeBufferPointer { from in
                    to.baseAddress!.update(from: from.baseAddress! + 1, count: rowBytes)
                }
            }
            if wanted.contains(row) {
                Self.expand(previous, channels: channels, into: &rgba)
                try rgba.withUnsafeBufferPointer { try body(row, $0.baseAddress!) }
            }
            row += 1
        }
    }

    /// Keeps a copy of `stream` before row `row`.
    private func keepCheckpoint(_ stream: UnsafeMutablePointer<z_stream>, row: Int, offset: Int, previous: [UInt8]) throws {
        let copy = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        copy.initialize(to: z_stream())
        guard inflateCopy(copy, stream) == Z_OK else {
            copy.deallocate()
            throw failure("zlib could not copy its state")
        }
        checkpoints.append(Checkpoint(row: row, stream: copy, offset: offset, previous: previous))
    }

    /// Reads the concatenated image data from `offset` into `buffer`; returns how many bytes.
    private func read(at offset: Int, into buffer: inout [UInt8]) throws -> Int {
        guard var chunk = idatStarts.lastIndex(where: { $0 <= offset }) else { return 0 }
        var filled = 0, at = offset
        while filled < buffer.count, chunk < idat.count {
            let within = at - idatStarts[chunk]
            let range = idat[chunk]
            let available = range.count - within
            if available <= 0 {
                chunk += 1
                continue
            }
            let count = min(available, buffer.count - filled)
            let got = try buffer.withUnsafeMutableBytes {
                try source.read(at: range.lowerBound + within, into: UnsafeMutableRawBufferPointer(rebasing: $0[filled..<(filled + count)]))
            }
            filled += got
            at += got
            if got < count { break }
        }
        return filled
    }

    private func failure(_ reason: String) -> PNGError { .unreadable(path: name, reason: reason) }

    /// Undoes PNG's filter (`row[0]`) on `row[1...]` in place, `previous` being the row above
    /// unfiltered (bytes per pixel: `channels`).
    static func unfilter(_ row: inout [UInt8], previous: [UInt8], channels bpp: Int, row index: Int, name: String) throws {
        let filter = row[0]
        let count = row.count - 1
        try row.withUnsafeMutableBufferPointer { r in
            try previous.withUnsafeBufferPointer { up in
                let x = r.baseAddress! + 1, b = up.baseAddress!
                switch filter {
                case 0: break
                case 1: for i in bpp..<count { x[i] = x[i] &+ x[i - bpp] }
                case 2: for i in 0..<count { x[i] = x[i] &+ b[i] }
                case 3:
                    for i in 0..<count {
                        let left = i >= bpp ? Int(x[i - bpp]) : 0
                        x[i] = x[i] &+ UInt8((left + Int(b[i])) >> 1)
                    }
                case 4:
                    for i in 0..<count {
                        let a = i >= bpp ? Int(x[i - bpp]) : 0, c = i >= bpp ? Int(b[i - bpp]) : 0, bb = Int(b[i])
                        let p = a + bb - c, pa = abs(p - a), pb = abs(p - bb), pc = abs(p - c)
                        x[i] = x[i] &+ UInt8(pa <= pb && pa <= pc ? a : pb <= pc ? bb : c)
                    }
                default:
                    throw PNGError.unreadable(path: name, reason: "an unknown filter type \(filter) at row \(index)")
                }
            }
        }
    }

    /// One row of `channels` 8-bit samples a pixel as RGBA.
    static func expand(_ row: [UInt8], channels: Int, into rgba: inout [UInt8]) {
        let pixels = rgba.count / 4
        row.withUnsafeBufferPointer { from in
            rgba.withUnsafeMutableBufferPointer { to in
                switch channels {
                case 4: to.baseAddress!.update(from: from.baseAddress!, count: pixels * 4)
                case 3: for i in 0..<pixels { to[i * 4] = from[i * 3]; to[i * 4 + 1] = from[i * 3 + 1]; to[i * 4 + 2] = from[i * 3 + 2]; to[i * 4 + 3] = 255 }
                case 2: for i in 0..<pixels { let g = from[i * 2]; to[i * 4] = g; to[i * 4 + 1] = g; to[i * 4 + 2] = g; to[i * 4 + 3] = from[i * 2 + 1] }
                default: for i in 0..<pixels { let g = from[i]; to[i * 4] = g; to[i * 4 + 1] = g; to[i * 4 + 2] = g; to[i * 4 + 3] = 255 }
                }
            }
        }
    }
}
