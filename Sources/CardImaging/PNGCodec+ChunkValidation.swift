/// One chunk of a PNG file whose declared length has been checked against the bytes really there.
public struct PNGChunk: Equatable, Sendable {
    /// The four-letter chunk type, e.g. "IHDR", "tEXt".
    public let type: String
    /// Offset of the chunk's length field in the file, bytes.
    public let start: Int
    /// Where the chunk's data lies in the file (between the type and the CRC), bytes.
    public let data: Range<Int>

    /// Whether a decoder may skip the chunk (lowercase first letter: ancillary).
    public var isAncillary: Bool { type.utf8.first.map { $0 & 0x20 != 0 } ?? true }
    /// The whole chunk, length field to CRC, bytes in the file.
    public var bytes: Range<Int> { start..<(data.upperBound + 4) }
}

/// The chunk structure of a PNG file, validated in pure Swift before libpng sees a byte of it.
///
/// libpng allocates what a chunk's length field declares before it reads the chunk (a 49-byte
/// file declaring a 2 GiB `tEXt` chunk made it allocate 2.1 GB), and inflates compressed text and
/// profiles (zlib bombs). So every chunk — before and after the image data — is checked first:
/// its declared length must fit in the bytes really there, an ancillary chunk must be no larger
/// than `maximumAncillaryLength`, and the first chunk must be a 13-byte IHDR. Then libpng gets
/// only the chunks it uses for the pixels (`PNGStructure.decodingChunkTypes`): text, EXIF and
/// other metadata chunks never reach it, so it neither allocates for them nor inflates them.
public enum PNGStructure {
    /// The largest ancillary chunk accepted, bytes (8 MiB, libpng's own default limit for chunk
    /// allocations is 8,000,000): ICC profiles and EXIF blocks are far smaller in practice.
    public static let maximumAncillaryLength = 8 << 20

    /// The most chunks a PNG file may have (real files have a few dozen; each chunk costs a CRC
    /// check and a list entry here and a callback in libpng, so millions of empty ones cost time).
    public static let maximumChunkCount = 100_000

    /// Slack allowed on top of the raw image size for IDAT data, bytes (64 KiB): deflate's stored
    /// blocks add 5 bytes per 65,535 and zlib 6, so real files stay far below raw + raw/16 + this.
    public static let imageDataSlack = 64 << 10

    /// The largest length any PNG chunk may declare (2³¹ − 1, the PNG specification's limit).
    public static let maximumChunkLength = 0x7FFF_FFFF

    /// The chunk types handed to libpng: the critical ones and the ancillary ones that change how
    /// samples become colours (transparency, gamma, chromaticities, sRGB intent, ICC profile,
    /// significant bits, background). Everything else is metadata the viewer does not use.
    public static let decodingChunkTypes: Set<String> = [
        "IHDR", "PLTE", "IDAT", "IEND", "tRNS", "gAMA", "cHRM", "sRGB", "iCCP", "sBIT", "bKGD", "cICP",
    ]

    /// The chunks of `bytes`, in order, up to and including IEND (bytes after IEND are ignored; a
    /// file that ends cleanly after a whole chunk without IEND is accepted, as browsers show it).
    ///
    /// - Throws: `PNGError.unreadable` naming `name` with a one-line reason: not a PNG signature,
    ///   a truncated chunk header, a declared length past the end of the bytes or over
    ///   `maximumChunkLength`, an invalid type, an ancillary chunk over `maximumAncillaryLength`,
    ///   more than `maximumChunkCount` chunks, image data the declared size cannot need, or a
    ///   first chunk that is not a 13-byte IHDR.
    /// - Complexity: O(number of chunks); never allocates more than the chunk list.
    public static func chunks(of bytes: [UInt8], name: String = "<memory>") throws -> [PNGChunk] {
        try chunks(in: bytes, name: name)
    }

    /// The chunks of the PNG in `source` (a file read in pieces, or bytes in memory), checked as
    /// `chunks(of:name:)` says: only the chunks' headers are read (and the IHDR's fields), so a
    /// file's image data is not read here.
    public static func chunks(in source: some ByteSource, name: String = "<memory>") throws -> [PNGChunk] {
        func refuse(_ reason: String) -> PNGError { .unreadable(path: name, reason: reason) }
        let size = source.count
        guard size > 0 else { throw refuse("the file is empty") }
        var window = HeaderWindow(source: source, name: name)
        guard size >= 8, try window.eightBytes(at: 0) == PNGChunkScan.signatureWord else {
            throw refuse("not a PNG file (no PNG signature)")
        }
        var found: [PNGChunk] = []
        var offset = 8
        while offset < size {
            let remaining = size - offset
            guard remaining >= 8 else {
                throw refuse("truncated: \(remaining) bytes at byte \(offset) are too few for a chunk")
            }
            let header = try window.eightBytes(at: offset)
            let length = Int(header >> 32)
            let typeBytes = (0..<4).map { UInt8(truncatingIfNeeded: header >> (24 - 8 * $0)) }
            guard typeBytes.allSatisfy({ (65...90).contains($0) || (97...122).contains($0) }) else {
                throw refuse("invalid chunk type at byte \(offset + 4)")
            }
            let type = String(decoding: typeBytes, as: UTF8.self)
            guard length <= maximumChunkLength else {
                throw refuse("chunk '\(type)' at byte \(offset) declares \(length) bytes, more than PNG allows")
            }
            guard length <= remaining - 12 else {
                let there = max(0, remaining - 12)
                throw refuse("truncated: chunk '\(type)' at byte \(offset) declares \(length) bytes but only \(there) follow")
            }
            let chunk = PNGChunk(type: type, start: offset, data: (offset + 8)..<(offset + 8 + length))
            if found.isEmpty, type != "IHDR" || length != 13 {
                throw refuse("the first chunk is '\(type)' of \(length) bytes, not a 13-byte IHDR")
            }
            if chunk.isAncillary, length > maximumAncillaryLength {
                throw refuse("ancillary chunk '\(type)' of \(length) bytes is larger than \(maximumAncillaryLength)")
            }
            guard found.count < maximumChunkCount else {
                throw refuse("more than \(maximumChunkCount) chunks (at most \(maximumChunkCount))")
            }
            found.append(chunk)
            offset = chunk.bytes.upperBound
            if type == "IEND" { break }
        }
        guard !found.isEmpty else { throw refuse("no chunks after the PNG signature") }
        // The IHDR's 13 bytes of data lie at 16..<29, its CRC after them: two words cover them.
        let fields = try PNGHeaderFields(window.eightBytes(at: 16), window.eightBytes(at: 24))
        try checkImageDataCanHoldTheImage(fields, found, refuse)
        return found
    }

    /// Deflate compresses at most 1032:1 (a 258-byte match in 2 bits), so image data of n bytes
    /// inflates to at most 1032·n: an IHDR declaring more rows than that is refused before
    /// anything is allocated for its pixels (a 100-byte file cannot ask for 256 MiB). And image
    /// data beyond what the declared size can need — the raw rows with their filter bytes (and
    /// Adam7's up to 4 more bytes a row), plus raw/16, plus `imageDataSlack` — is refused too:
    /// it would only feed the inflater work.
    private static func checkImageDataCanHoldTheImage(_ header: PNGHeaderFields, _ chunks: [PNGChunk],
                                                      _ refuse: (String) -> PNGError) throws {
        let width = header.width, height = header.height, depth = header.bitDepth
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][header.colorType]
        // Bad header fields are libpng's to report; absurd sizes are refused as too large.
        guard let channels, [1, 2, 4, 8, 16].contains(depth), width > 0, height > 0, width <= PNGCodec.maximumDimension,
              height <= PNGCodec.maximumDimension else { return }
        let rowBytes = (width * channels * depth + 7) / 8 + 1  // + the filter byte; Adam7 needs more
        let imageData = chunks.reduce(0) { $0 + ($1.type == "IDAT" ? $1.data.count : 0) }
        if imageData * 1032 < rowBytes * height {
            throw refuse("truncated: \(imageData) bytes of image data cannot hold a \(width)x\(height) image")
        }
        let raw = (rowBytes + (header.interlaced ? 4 : 0)) * height
        let most = raw + raw / 16 + imageDataSlack
        if imageData > most {
            throw refuse("\(imageData) bytes of image data are more than a \(width)x\(height) image can need (at most \(most))")
        }
    }

    /// `bytes` with only the chunks in `decodingChunkTypes` (and any unknown critical chunk, which
    /// libpng then refuses), so libpng never allocates for or inflates metadata. Returns `bytes`
    /// itself when nothing is dropped.
    /// - Complexity: O(file size) when a chunk is dropped, else O(number of chunks).
    static func decodingBytes(_ bytes: [UInt8], chunks: [PNGChunk]) -> [UInt8] {
        let kept = decodingChunks(chunks)
        if kept.count == chunks.count { return bytes }
        var copy = Array(bytes.prefix(8))
        copy.reserveCapacity(kept.reduce(8) { $0 + $1.bytes.count })
        for chunk in kept { copy += bytes[chunk.bytes] }
        return copy
    }

    /// The chunks libpng is given: those in `decodingChunkTypes`, and any unknown critical chunk
    /// (which libpng then refuses).
    static func decodingChunks(_ chunks: [PNGChunk]) -> [PNGChunk] {
        chunks.filter { !$0.isAncillary || decodingChunkTypes.contains($0.type) }
    }

    /// The keyword/text pairs of the `tEXt` chunks in `chunks` (Latin-1, as PNG defines them),
    /// in file order. A chunk without the NUL separator or with an empty or over-long (> 79 bytes)
    /// keyword is ignored. Reads only the validated ranges.
    public static func textEntries(of bytes: [UInt8], chunks: [PNGChunk]) -> [(keyword: String, text: String)] {
        chunks.compactMap { chunk in
            guard chunk.type == "tEXt", let nul = bytes[chunk.data].firstIndex(of: 0) else { return nil }
            let keyword = bytes[chunk.data.lowerBound..<nul], text = bytes[(nul + 1)..<chunk.data.upperBound]
            guard (1...79).contains(keyword.count) else { return nil }
            return (latin1(keyword), latin1(text))
        }
    }

    /// A `tEXt` chunk (length, type, data, CRC) carrying `keyword` and `text`, both Latin-1
    /// (characters outside Latin-1 become "?"). The keyword is cut to PNG's 79 bytes.
    public static func textChunk(keyword: String, text: String) -> [UInt8] {
        let data = Array(latin1Bytes(keyword).prefix(79)) + [0] + latin1Bytes(text)
        return chunk(type: "tEXt", data: data)
    }

    /// A chunk of `type` with `data`: big-endian length, type, data, CRC-32 over type and data.
    public static func chunk(type: String, data: [UInt8]) -> [UInt8] {
        let typeAndData = Array(type.utf8) + data
        let crc = PNGChunkScan.crc32(typeAndData[...])
        return bigEndian(UInt32(data.count)) + typeAndData + bigEndian(crc)
    }

    /// PNG bytes with `extra` chunks (whole chunks, e.g. from `textChunk`) inserted right after
    /// IHDR, i.e. before the image data as readers expect text they use to decide validity.
    /// - Throws: `PNGError.unreadable` when `png` is not a well-formed PNG.
    public static func inserting(_ extra: [[UInt8]], into png: [UInt8]) throws -> [UInt8] {
        let header = try chunks(of: png)[0]
        return Array(png[..<header.bytes.upperBound]) + extra.joined() + png[header.bytes.upperBound...]
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func latin1(_ bytes: ArraySlice<UInt8>) -> String {
        String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }

    private static func latin1Bytes(_ text: String) -> [UInt8] {
        text.unicodeScalars.map { $0.value < 256 ? UInt8($0.value) : UInt8(ascii: "?") }
    }
}
