import CardFiles

/// Finds the XMP packet embedded in a picture, walking the file's own structure (only the
/// headers it needs are read, never the image data):
///
/// - JPEG: the APP1 segment named `http://ns.adobe.com/xap/1.0/` (before the first scan);
/// - PNG: the `iTXt` (or `tEXt`) chunk with keyword `XML:com.adobe.xmp`, uncompressed;
/// - WebP: the RIFF chunk `XMP `;
/// - TIFF and the camera RAWs built on it (DNG, CR2, NEF, ARW, PEF, ORF, RW2): tag 700 of IFD0;
/// - anything else (HEIC, AVIF, CR3, …): the first `<x:xmpmeta …>…</x:xmpmeta>` in the first
///   `scanWindow` bytes (exiftool's `-scanForXMP`).
///
/// Every length read from the file is checked against the file's size and `maximumPacketSize`
/// before anything is allocated.
public enum EmbeddedXMP {
    /// The largest packet taken (`XMPLimits.maximumSize`, 4 MiB, the sidecars' bound): real
    /// packets are a few KiB (darktable's history makes tens of KiB); larger ones are refused
    /// rather than read. What is taken then passes `XMPPreScan` before Exempi sees it.
    public static let maximumPacketSize = XMPLimits.maximumSize
    /// How far into a file of another format the packet is searched for (4 MiB).
    public static let scanWindow = 4 << 20
    /// The most segments, chunks or IFD entries walked (a file of millions of empty chunks
    /// costs at most this many small reads).
    static let maximumStructures = 100_000

    /// The packet embedded in the picture at `path` (opened through the file layer: a regular
    /// file only, never written), or nil when there is none or the file cannot be read.
    public static func packet(inPictureAt path: String) -> [UInt8]? {
        guard let file = try? ReadableFile(opening: path) else { return nil }
        let size = file.info.size
        return packet(size: size) { offset, count in
            guard offset >= 0, count > 0, offset <= size, count <= size - offset else { return [] }
            var bytes = [UInt8](repeating: 0, count: count)
            let got = (try? bytes.withUnsafeMutableBytes { try file.read(at: offset, into: $0) }) ?? 0
            return got == count ? bytes : Array(bytes[..<got])
        }
    }

    /// The packet embedded in `bytes` (a picture file's contents), or nil.
    public static func packet(in bytes: [UInt8]) -> [UInt8]? {
        packet(size: bytes.count) { offset, count in
            guard offset >= 0, count > 0, offset <= bytes.count, count <= bytes.count - offset else { return [] }
            return Array(bytes[offset..<(offset + count)])
        }
    }

    /// The walk over a file of `size` bytes whose bytes `read(offset, count)` returns (fewer
    /// than `count` at the end of the file).
    static func packet(size: Int, read: (Int, Int) -> [UInt8]) -> [UInt8]? {
        let head = read(0, min(size, 16))
        guard head.count >= 12 else { return nil }
        return withoutActuallyEscaping(read) { read in
            var reader = Reader(size: size, read: read)
            return walk(head, &reader)
        }
    }

    /// Picks the walk by the file's first bytes.
    private static func walk(_ head: [UInt8], _ reader: inout Reader) -> [UInt8]? {
        if head[0] == 0xFF, head[1] == 0xD8 { return reader.jpeg() }
        if head[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return reader.png() }
        if head[0..<4].elementsEqual(Array("RIFF".utf8)), head[8..<12].elementsEqual(Array("WEBP".utf8)) {
            return reader.webP()
        }
        if let bigEndian = tiffByteOrder(head) { return reader.tiff(bigEndian: bigEndian) }
        return reader.scan()
    }

    /// TIFF's byte order from its header (`II`/`MM` and a magic of 42, or ORF's and RW2's
    /// variants), or nil when `head` is not TIFF.
    static func tiffByteOrder(_ head: [UInt8]) -> Bool? {
        let bigEndian: Bool
        if head[0] == 0x49, head[1] == 0x49 { bigEndian = false } else if head[0] == 0x4D, head[1] == 0x4D { bigEndian = true } else { return nil }
        let magic = bigEndian ? Int(head[2]) << 8 | Int(head[3]) : Int(head[3]) << 8 | Int(head[2])
        return [42, 0x4F52, 0x5352, 0x55].contains(magic) ? bigEndian : nil
    }

    /// Reads structures at offsets, with the bounds and counts checked.
    struct Reader {
        let size: Int
        let read: (Int, Int) -> [UInt8]

        /// `count` bytes at `offset`, or nil when they are not all in the file or exceed the cap.
        func bytes(at offset: Int, _ count: Int) -> [UInt8]? {
            guard count > 0, count <= EmbeddedXMP.maximumPacketSize, offset >= 0, offset <= size,
                  count <= size - offset else { return nil }
            let got = read(offset, count)
            return got.count == count ? got : nil
        }

        /// JPEG: markers from after SOI to the first SOS, APP1 with the XMP name.
        mutating func jpeg() -> [UInt8]? {
            let name = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0]
            var position = 2
            for _ in 0..<EmbeddedXMP.maximumStructures {
                guard let marker = bytes(at: position, 2), marker[0] == 0xFF else { return nil }
                let code = marker[1]
                if code == 0xFF { position += 1; continue }  // fill byte
                if code == 0xD8 || code == 0x01 || (0xD0...0xD7).contains(code) { position += 2; continue }
                if code == 0xDA || code == 0xD9 { return nil }  // image data (or the end): no XMP before it
                guard let lengthBytes = bytes(at: position + 2, 2) else { return nil }
                let length = Int(lengthBytes[0]) << 8 | Int(lengthBytes[1])
                guard length >= 2 else { return nil }
                if code == 0xE1, length - 2 > name.count, bytes(at: position + 4, name.count) == name {
                    return bytes(at: position + 4 + name.count, length - 2 - name.count)
                }
                position += 2 + length
            }
            return nil
        }

        /// PNG: chunks to IEND; `iTXt`/`tEXt` with keyword `XML:com.adobe.xmp`.
        mutating func png() -> [UInt8]? {
            let keyword = Array("XML:com.adobe.xmp".utf8) + [0]
            var position = 8
            for _ in 0..<EmbeddedXMP.maximumStructures {
                guard let header = bytes(at: position, 8) else { return nil }
                let length = Int(header[0]) << 24 | Int(header[1]) << 16 | Int(header[2]) << 8 | Int(header[3])
                let type = String(decoding: header[4..<8], as: UTF8.self)
                if type == "IEND" { return nil }
                if type == "iTXt" || type == "tEXt", length > keyword.count,
                   bytes(at: position + 8, keyword.count) == keyword,
                   let data = bytes(at: position + 8, length) {
                    var rest = data[keyword.count...]
                    if type == "tEXt" { return Array(rest) }
                    // iTXt: compression flag, method, language tag NUL, translated keyword NUL, text.
                    guard rest.count >= 2, rest.first == 0 else { return nil }  // compressed: not read
                    rest = rest.dropFirst(2)
                    guard let language = rest.firstIndex(of: 0) else { return nil }
                    rest = rest[(language + 1)...]
                    guard let translated = rest.firstIndex(of: 0) else { return nil }
                    return Array(rest[(translated + 1)...])
                }
                position += 12 + length
            }
            return nil
        }

        /// WebP: RIFF chunks (padded to even sizes) after the 12-byte header; `XMP `.
        mutating func webP() -> [UInt8]? {
            var position = 12
            for _ in 0..<EmbeddedXMP.maximumStructures {
                guard let header = bytes(at: position, 8) else { return nil }
                let length = Int(header[4]) | Int(header[5]) << 8 | Int(header[6]) << 16 | Int(header[7]) << 24
                if header[0..<4].elementsEqual(Array("XMP ".utf8)) { return bytes(at: position + 8, length) }
                position += 8 + length + (length & 1)
            }
            return nil
        }

        /// TIFF: IFD0's tag 700 (XMP, type BYTE or UNDEFINED or ASCII).
        mutating func tiff(bigEndian: Bool) -> [UInt8]? {
            func integer(_ bytes: ArraySlice<UInt8>) -> Int {
                let ordered = bigEndian ? Array(bytes) : bytes.reversed()
                return ordered.reduce(0) { $0 << 8 | Int($1) }
            }
            guard let header = bytes(at: 4, 4) else { return nil }
            let directory = integer(header[0..<4])
            guard let countBytes = bytes(at: directory, 2) else { return nil }
            let entries = min(integer(countBytes[0..<2]), EmbeddedXMP.maximumStructures)
            guard entries > 0, let table = bytes(at: directory + 2, entries * 12) else { return nil }
            for entry in 0..<entries {
                let base = entry * 12
                guard integer(table[base..<(base + 2)]) == 700 else { continue }
                let type = integer(table[(base + 2)..<(base + 4)])
                guard type == 1 || type == 2 || type == 7 else { return nil }
                let count = integer(table[(base + 4)..<(base + 8)])
                if count <= 4 { return count > 0 ? Array(table[(base + 8)..<(base + 8 + count)]) : nil }
                return bytes(at: integer(table[(base + 8)..<(base + 12)]), count)
            }
            return nil
        }

        /// Any other format: the first `<x:xmpmeta` … `</x:xmpmeta>` in the first `scanWindow` bytes.
        mutating func scan() -> [UInt8]? {
            guard let window = bytes(at: 0, min(size, EmbeddedXMP.scanWindow)),
                  let start = find(Array("<x:xmpmeta".utf8), in: window, from: 0) else { return nil }
            let close = Array("</x:xmpmeta>".utf8)
            guard let end = find(close, in: window, from: start) else { return nil }
            return Array(window[start..<(end + close.count)])
        }

        /// The first index of `needle` in `haystack` at or after `from`.
        func find(_ needle: [UInt8], in haystack: [UInt8], from: Int) -> Int? {
            guard needle.count <= haystack.count else { return nil }
            var index = from
            let last = haystack.count - needle.count
            while index <= last {
                if haystack[index] == needle[0], haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
                index += 1
            }
            return nil
        }
    }
}
