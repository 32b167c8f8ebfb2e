/// The caps on what one picture may cost to decode, all checked from the file's header (and, for
/// JPEG, a marker scan) before a decoder allocates anything for it (SPEC §11). The decoders in
/// use cannot be cancelled once started, so these caps, not a timer, bound a worker's time.
public enum PictureLimits {
    /// The most scans (SOS markers) a JPEG may have: real progressive files have about 10, and
    /// libjpeg-turbo's own limit of 500 (TJFLAG_LIMITSCANS) still lets a crafted file cost seconds.
    public static let maximumScans = 64

    /// The most decode work a progressive JPEG may declare, pixels × scans: each scan revisits
    /// every coefficient, about 1 ns per pixel-scan here, so 2 G is about 2 s (a real 24 MP,
    /// 10-scan photo is 0.24 G).
    public static let maximumPixelScans = 2_000_000_000

    /// The most working memory a decoder may need beyond its output, bytes (192 MB): progressive
    /// and arithmetic-coded JPEG keep every DCT coefficient, interlaced and 16-bit PNG the whole
    /// image at its depth. With the output this keeps one picture under 256 MB.
    public static let maximumWorkingMemory = 192_000_000

    /// Refuses a JPEG whose scans, decode work or coefficient memory are over the caps.
    /// `bytes` is the whole file (the scans are counted in it).
    static func check(_ header: JPEGHeader, bytes: [UInt8], name: String) throws {
        try checkWorkingMemory(header.coefficientBytes, name: name)
        let scans = header.scanCount(in: bytes, stoppingAfter: maximumScans)
        guard scans <= maximumScans else {
            throw PictureError.corrupt(path: name, reason: "more than \(maximumScans) scans (at most \(maximumScans))")
        }
        if header.isProgressive, header.size.pixelCount * scans > maximumPixelScans {
            throw PictureError.tooMuchWork(path: name, pixelScans: header.size.pixelCount * scans)
        }
    }

    /// Refuses a picture whose decoder would need more than `maximumWorkingMemory` bytes.
    static func checkWorkingMemory(_ bytes: Int, name: String) throws {
        if bytes > maximumWorkingMemory { throw PictureError.tooMuchMemory(path: name, bytes: bytes) }
    }

    /// The bytes libpng keeps for a PNG read whole (interlaced, or 16 bits a sample): every
    /// pixel at its stored depth. 0 for other PNGs, read row by row. From IHDR's fields.
    static func pngWorkingMemory(width: Int, height: Int, bitDepth: Int, colorType: Int, interlaced: Bool) -> Int {
        guard interlaced || bitDepth == 16 else { return 0 }
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType] ?? 4
        return (width * channels * bitDepth + 7) / 8 * height
    }
}
