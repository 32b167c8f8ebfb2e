/// The caps on what one picture may cost to decode, all checked from the file's size and header
/// (and, for JPEG, a marker scan) before a decoder allocates anything for it (SPEC §11). The
/// decoders in use cannot be cancelled once started, so these caps, not a timer, bound a
/// worker's time and memory.
///
/// A value: the command line's `--max-file-size`, `--max-pixels` and `--max-picture-memory`
/// travel in one through the viewer's builder to the decoders on the workers; `standard` holds
/// the defaults. The caps with no flag are named constants here.
public struct PictureLimits: Sendable, Equatable {
    /// The largest file a decoder that takes the file whole may get (JPEG through TurboJPEG; a
    /// PNG read whole: interlaced or 16-bit), bytes: 64 MB. The file is in memory for the whole
    /// decode, on top of the working memory.
    public static let defaultWholeFileSize = 64_000_000

    /// The largest file read as a stream (PNG rows), bytes: 1 GiB. Only the output and a few
    /// rows are in memory, so the size bounds the time spent inflating, not memory.
    public static let defaultStreamedFileSize = 1 << 30

    /// The most pixels a picture may declare (268 MP = 2²⁸ = 16384²): baseline JPEG is decoded
    /// through DCT scaling and 8-bit non-interlaced PNG reduced row by row, so their memory is
    /// the output's; pictures whose decoder holds them whole are bounded by the working memory.
    public static let defaultMaximumPixels = 1 << 28

    /// The most working memory a decoder may need beyond its input and output, bytes (192 MB):
    /// progressive, multi-scan and arithmetic-coded JPEG keep every DCT coefficient; a PNG read
    /// whole (interlaced or 16-bit) keeps the whole image at 8 bits, and at 16 when deep. With
    /// the file a decoder holds whole (at most `defaultWholeFileSize`), one decode holds at most
    /// 256 MB besides its output; the whole estimate goes through the decode budget.
    public static let defaultWorkingMemory = 192_000_000

    /// The estimated memory all decoding workers together may use at once, at least (384 MB:
    /// two pictures at the working-memory cap); see `decodeBudget`. With large valid pictures
    /// the viewer's peak is at most this over its memory without them, plus their texture
    /// layers (docs/LIMITS.md, `DecodeBudgetPeakTests`).
    public static let defaultDecodeBudget = 384_000_000

    /// The most scans (SOS markers) a JPEG may have: real progressive files have about 10, and
    /// libjpeg-turbo's own limit of 500 (TJFLAG_LIMITSCANS) still lets a crafted file cost seconds.
    public static let maximumScans = 64

    /// The most decode work a progressive JPEG may declare, pixels × scans: each scan revisits
    /// every coefficient, about 1 ns per pixel-scan here, so 2 G is about 2 s (a real 24 MP,
    /// 10-scan photo is 0.24 G).
    public static let maximumPixelScans = 2_000_000_000

    /// The defaults.
    public static let standard = PictureLimits()

    /// `--max-file-size`: one cap for every format, bytes; nil: each format's default
    /// (`defaultWholeFileSize` or `defaultStreamedFileSize`, by how its decoder reads the file).
    public var maximumFileSize: Int?
    /// `--max-pixels`: the most pixels a picture may declare.
    public var maximumPixels: Int
    /// `--max-picture-memory`: the most working memory one decode may need, bytes.
    public var maximumWorkingMemory: Int

    public init(maximumFileSize: Int? = nil, maximumPixels: Int = defaultMaximumPixels,
                maximumWorkingMemory: Int = defaultWorkingMemory) {
        self.maximumFileSize = maximumFileSize
        self.maximumPixels = maximumPixels
        self.maximumWorkingMemory = maximumWorkingMemory
    }

    /// The largest file a decoder may get, bytes: read whole (`streamed: false`) or as a stream.
    public func fileSizeCap(streamed: Bool) -> Int {
        maximumFileSize ?? (streamed ? Self.defaultStreamedFileSize : Self.defaultWholeFileSize)
    }

    /// The estimated memory every decoding worker together may use at once, bytes: the default
    /// budget, or room for two pictures at the working-memory cap when that is raised.
    public var decodeBudget: Int { max(Self.defaultDecodeBudget, 2 * maximumWorkingMemory) }

    /// Refuses a file of `size` bytes over the cap for its reading.
    func checkFileSize(_ size: Int, streamed: Bool, name: String) throws {
        let cap = fileSizeCap(streamed: streamed)
        if size > cap { throw PictureError.fileTooLarge(path: name, bytes: size, limit: cap) }
    }

    /// Refuses empty sizes and those over `PictureDecoder.maximumDimension` a side or
    /// `maximumPixels` in all.
    func checkSize(_ width: Int, _ height: Int, name: String) throws {
        guard width > 0, height > 0 else {
            throw PictureError.corrupt(path: name, reason: "the header declares a \(width)x\(height) picture")
        }
        guard width <= PictureDecoder.maximumDimension, height <= PictureDecoder.maximumDimension,
              width * height <= maximumPixels else {
            throw PictureError.tooLarge(path: name, width: width, height: height, maximumPixels: maximumPixels)
        }
    }

    /// Refuses a decode that would need more than `maximumWorkingMemory` bytes.
    func checkWorkingMemory(_ bytes: Int, name: String) throws {
        if bytes > maximumWorkingMemory {
            throw PictureError.tooMuchMemory(path: name, bytes: bytes, limit: maximumWorkingMemory)
        }
    }

    /// Refuses a JPEG whose scans, decode work or coefficient memory are over the caps.
    /// `bytes` is the whole file (the scans are counted in it).
    func check(_ header: JPEGHeader, bytes: [UInt8], name: String) throws {
        try checkWorkingMemory(header.coefficientBytes, name: name)
        let scans = header.scanCount(in: bytes, stoppingAfter: Self.maximumScans)
        guard scans <= Self.maximumScans else {
            throw PictureError.corrupt(path: name, reason: "more than \(Self.maximumScans) scans (at most \(Self.maximumScans))")
        }
        if header.isProgressive, header.size.pixelCount * scans > Self.maximumPixelScans {
            throw PictureError.tooMuchWork(path: name, pixelScans: header.size.pixelCount * scans)
        }
    }
}

/// The command line's way of writing the limits: a whole number, or a number with a unit.
extension PictureLimits {
    /// Byte units: decimal (B, KB, MB, GB, TB: 10³ steps; K, M, G, T alike) and binary (KiB,
    /// MiB, GiB, TiB: 2¹⁰ steps), in any case.
    static let byteUnits: [String: Double] = [
        "": 1, "b": 1, "k": 1e3, "kb": 1e3, "m": 1e6, "mb": 1e6, "g": 1e9, "gb": 1e9, "t": 1e12, "tb": 1e12,
        "kib": 1024, "mib": 1_048_576, "gib": 1_073_741_824, "tib": 1_099_511_627_776,
    ]

    /// Pixel units: P (one), KP, MP, GP (10³ steps; K, M, G alike), in any case.
    static let pixelUnits: [String: Double] = [
        "": 1, "p": 1, "k": 1e3, "kp": 1e3, "m": 1e6, "mp": 1e6, "g": 1e9, "gp": 1e9,
    ]

    /// Bytes written as `500000000`, `64MB`, `1GiB`, `1.5 GB`: a whole number of bytes ≥ 1
    /// once the unit is applied (fractions of a byte are rounded down); nil for anything else.
    public static func bytes(from text: String) -> Int? {
        quantity(text, units: byteUnits)
    }

    /// Pixels written as `100000000`, `268MP`, `0.5GP` or `WxH` (`16384x16384`): a whole
    /// number ≥ 1; nil for anything else.
    public static func pixels(from text: String) -> Int? {
        let sides = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        if sides.count == 2 {
            guard let width = Int(sides[0]), let height = Int(sides[1]), width > 0, height > 0,
                  width.multipliedReportingOverflow(by: height).overflow == false else { return nil }
            return width * height
        }
        return quantity(text, units: pixelUnits)
    }

    private static func quantity(_ text: String, units: [String: Double]) -> Int? {
        let trimmed = text.drop { $0 == " " }
        let number = trimmed.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        let unit = String(trimmed.dropFirst(number.count).filter { $0 != " " }).lowercased()
        guard !number.isEmpty, number.filter({ $0 == "." }).count <= 1, number != ".",
              let value = Double(number), let scale = units[unit] else { return nil }
        let result = (value * scale).rounded(.down)
        guard result >= 1, result < 9.0e18 else { return nil }
        return Int(result)
    }
}
