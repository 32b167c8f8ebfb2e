import CPNGRows

/// A PNG decoded a row at a time, for pictures too large to hold whole: the file (or bytes) is
/// read in pieces as libpng needs them and each row comes out as 8-bit straight-alpha RGBA, the
/// pixels `PNGCodec.decode` gives for the same file (libpng's classic reader set up as its
/// simplified API sets itself up, `Sources/CPNGRows`), so memory is a few rows, not the image.
///
/// Only non-interlaced files are read this way, at any bit depth (an interlaced image needs
/// every pass before its first row is whole; see `canStream`). The chunk structure is checked
/// first, exactly as for a whole decode (`PNGStructure.chunks(in:name:)`: declared lengths,
/// chunk count, image data against the declared size), and libpng is given only the chunks
/// that decide the pixels, as ranges of the source: metadata never reaches it.
///
/// Not thread-safe (one reader, one thread); readers are independent of each other.
public final class PNGRowReader {
    public let width: Int
    public let height: Int
    /// Whether the picture may have transparent pixels (an alpha channel or a tRNS chunk).
    public let hasAlpha: Bool
    /// Rows read so far.
    public private(set) var rowsRead = 0
    private let name: String
    private let stream: ChunkStream
    private let reader: OpaquePointer

    /// Whether a PNG whose IHDR says `interlaced` can be read a row at a time.
    public static func canStream(interlaced: Bool) -> Bool { !interlaced }

    /// Checks the chunks of the PNG in `source` and reads up to its image data.
    ///
    /// - Throws: `PNGError.unreadable` naming `name`: a malformed chunk structure, an
    ///   interlaced file, a side over `PNGCodec.maximumDimension`, or what libpng reports.
    public init(source: some ByteSource, name: String) throws {
        let chunks = try PNGStructure.chunks(in: source, name: name)
        let ranges = [0..<8] + PNGStructure.decodingChunks(chunks).map(\.bytes)
        let stream = ChunkStream(source: source, ranges: ranges)
        var message = [CChar](repeating: 0, count: 256)
        let side = UInt32(PNGCodec.maximumDimension)
        let opened = message.withUnsafeMutableBufferPointer { text in
            cv_png_rows_open(ChunkStream.readCallback, Unmanaged.passUnretained(stream).toOpaque(), side, side,
                             text.baseAddress, text.count)
        }
        guard let opened else {
            if let failure = stream.failure { throw failure }
            throw PNGError.unreadable(path: name, reason: Self.text(message))
        }
        reader = opened
        self.stream = stream
        self.name = name
        width = Int(cv_png_rows_width(opened))
        height = Int(cv_png_rows_height(opened))
        hasAlpha = cv_png_rows_has_alpha(opened) != 0
    }

    deinit { cv_png_rows_close(reader) }

    /// Decodes the next row into `row` (at least `width × 4` bytes).
    /// - Throws: `PNGError.unreadable` naming the file (truncated or damaged image data, or a
    ///   read error); no more rows can be read after it.
    public func readRow(into row: UnsafeMutableRawBufferPointer) throws {
        precondition(row.count >= width * 4 && rowsRead < height, "a row buffer too small, or every row read")
        guard cv_png_rows_read(reader, row.baseAddress!.assumingMemoryBound(to: UInt8.self)) != 0 else {
            if let failure = stream.failure { throw failure }
            throw PNGError.unreadable(path: name, reason: Self.text(cv_png_rows_message(reader)))
        }
        rowsRead += 1
    }

    private static func text(_ message: [CChar]) -> String {
        message.withUnsafeBufferPointer { text(UnsafePointer($0.baseAddress)) }
    }

    private static func text(_ pointer: UnsafePointer<CChar>?) -> String {
        let line = pointer.map { String(cString: $0) } ?? ""
        return line.isEmpty ? "not a PNG libpng can read" : line
    }
}

/// The bytes libpng reads: consecutive ranges of a source (the signature, then the chunks it is
/// given), read on demand.
private final class ChunkStream {
    let source: any ByteSource
    let ranges: [Range<Int>]
    private var range = 0
    private var offset: Int
    /// The source's error, if a read failed (libpng then reports a truncated file).
    private(set) var failure: (any Error)?

    init(source: any ByteSource, ranges: [Range<Int>]) {
        self.source = source
        self.ranges = ranges
        offset = ranges.first?.lowerBound ?? 0
    }

    /// Copies the next bytes into `buffer`; fewer than it holds only at the end or on a failure.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        var filled = 0
        while filled < buffer.count, range < ranges.count, failure == nil {
            let wanted = min(buffer.count - filled, ranges[range].upperBound - offset)
            do {
                let got = try source.read(at: offset, into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled..<(filled + wanted)]))
                filled += got
                offset += got
                if got < wanted { break }  // the file shrank
            } catch {
                failure = error
            }
            if offset == ranges[range].upperBound {
                range += 1
                if range < ranges.count { offset = ranges[range].lowerBound }
            }
        }
        return filled
    }

    static let readCallback: cv_png_read_fn = { context, buffer, count in
        guard let context, let buffer else { return 0 }
        let stream = Unmanaged<ChunkStream>.fromOpaque(context).takeUnretainedValue()
        return stream.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: count))
    }
}
