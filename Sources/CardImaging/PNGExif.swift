/// A PNG's `eXIf` chunk (the EXIF TIFF structure, without JPEG's "Exif\0\0"), found by the
/// lenient chunk walk of `PNGChunkScan` in the bytes given (the file's first bytes): only
/// chunks before the first IDAT are looked at, as the PNG extensions place `eXIf` there.
public enum PNGExif {
    /// The range of the first `eXIf` chunk's data in `bytes`, wholly inside them; nil when the
    /// bytes are not a PNG's, or no such chunk comes before IDAT or the end of the bytes.
    /// - Complexity: O(number of chunks before IDAT).
    public static func range(in bytes: [UInt8]) -> Range<Int>? {
        guard bytes.count >= 8, bytes.starts(with: PNGChunkScan.signature) else { return nil }
        for chunk in PNGChunkScan.chunks(in: bytes) {
            switch chunk.type {
            case "eXIf": return chunk.dataStart..<(chunk.dataStart + chunk.length)
            case "IDAT": return nil
            default: continue
            }
        }
        return nil
    }
}
