import CardFiles
import CardImaging
import CardMath
import CardPixels

/// A picture decoded for the viewer: upright 8-bit straight-alpha RGBA at about the size asked
/// for, and the size of the whole picture.
public struct DecodedPicture: Sendable, Equatable {
    /// The pixels, upright (EXIF orientation applied), rows top to bottom.
    public var image: RGBAImage
    /// The picture's own size, upright, pixels (what a full-resolution decode would give).
    public var fullSize: PixelSize
    /// The file's format, from its first bytes.
    public var format: PictureFormat
    /// True when the pixels come from a smaller picture the file embeds (a JPEG's EXIF or MPF
    /// preview, `JPEGEmbeddedPreview`), not from its main image.
    public var fromEmbeddedPreview: Bool

    public init(image: RGBAImage, fullSize: PixelSize, format: PictureFormat, fromEmbeddedPreview: Bool = false) {
        self.image = image
        self.fullSize = fullSize
        self.format = format
        self.fromEmbeddedPreview = fromEmbeddedPreview
    }
}

/// What a picture file's header says, read without decoding it.
public struct PictureInfo: Sendable, Equatable {
    /// The picture's size as shown (after EXIF orientation), pixels.
    public var size: PixelSize
    /// The file's format.
    public var format: PictureFormat
    /// How the stored pixels are turned to show upright (always `.up` for PNG).
    public var orientation: PictureOrientation
}

/// Lets a decode start once the memory it will take is free: a budget that several decoding
/// threads share (the viewer's workers: `DecodeBudget`). The decoder asks before it reads a
/// file whole or allocates any pixels, with the estimate from the file's size and header.
public protocol DecodeAdmission: Sendable {
    /// Runs `body` once `bytes` may be taken, waiting while they are in use by other decodes,
    /// and gives them back when it returns or throws.
    /// - Throws: a `PictureError` naming `name` when `bytes` can never be had (more than the
    ///   whole budget), or when the budget is closed.
    func admit<Result>(_ bytes: Int, name: String, _ body: () throws -> Result) throws -> Result
}

/// What decoding a picture costs, bytes, estimated from the file's size and header before any
/// pixel is decoded.
public struct PictureCost: Equatable, Sendable {
    /// The file held in memory for the decode (0 when it is read as a stream).
    public var input = 0
    /// The decoder's own memory beyond its input and output (`PictureLimits.maximumWorkingMemory`
    /// caps it): JPEG's coefficients, a whole PNG image, a streamed PNG's rows.
    public var working = 0
    /// The pixels made: the output, and a larger image it is reduced from.
    public var output = 0

    /// All of it: what a decode takes from the decode budget.
    public var total: Int { input + working + output }
}

/// The one entry point for decoding picture files (PNG, JPEG, HEIF, WebP, TIFF and GIF chosen by
/// their first bytes; camera RAW by its name and first bytes), called by the loader's worker threads.
///
/// Every cap of `PictureLimits` is checked from the file's size and header before anything is
/// read whole or allocated for pixels: the file's size for the way its decoder reads it (JPEG
/// and PNG read whole: 64 MB; PNG read as a stream: 1 GiB), the declared pixels, the working
/// memory; then the estimated cost goes through the admission (the workers' decode budget), and
/// only then is the file read. 8-bit non-interlaced PNG over 4 MP is decoded a row at a time and
/// reduced as it goes (`PNGRowReader`, `RowDownscaler`); baseline JPEG through DCT scaling: their
/// memory is the output's.
///
/// Thread-safe: no shared mutable state; every call owns its buffers and decoder handles.
/// Errors are `PictureError`s, one line naming the file.
public enum PictureDecoder {
    /// Pictures wider or taller than this are refused as absurd, from their header (PNG's limit,
    /// the largest texture side GL drivers commonly allow).
    public static let maximumDimension = PNGCodec.maximumDimension

    /// PNGs of at most this many pixels (4 MP, 2048²) are read whole even when they could be
    /// streamed: the whole decode's direct read (libdeflate, `PNGCodec`) is about 1.4× as fast as
    /// libpng's rows, and costs at most 32 MiB here (rows and RGBA, 8 bytes a pixel).
    public static let wholePNGPixels = 2048 * 2048

    /// The first bytes read for a JPEG's header, bytes (64 KiB); its header segments are read
    /// on, four times as much each time, up to `maximumHeaderBytes`.
    static let headerBytes = 64 << 10
    /// The most bytes a JPEG's header segments (everything before the first scan: APPn, COM,
    /// tables) may take, bytes (16 MiB). EXIF, XMP, ICC and MPF data are a few hundred KB; the
    /// header is read before the decode budget admits the decode, so this bounds what a worker
    /// holds for it. A file whose first scan starts later is refused as too large
    /// (`PictureError.headerTooLarge`); one that ends first is truncated.
    public static let maximumHeaderBytes = 16 << 20

    /// Decodes the picture at `path` at about `target` (upright pixels; aspect kept; never
    /// larger than the picture), within `limits`, once `admission` lets its cost in. An embedded
    /// ICC profile is honoured (`ColorConversion`). With `embeddedPreviews`, a JPEG that carries
    /// a preview covering the target with the main image's aspect (`JPEGEmbeddedPreview`) is
    /// decoded from the preview instead (the main image when the preview fails to decode).
    /// - Complexity: PNG: O(file size + file pixels), memory O(output). JPEG: O(file size +
    ///   decoded pixels), the decoded pixels being about the target's thanks to DCT scaling.
    public static func decode(contentsOf path: String, target: PictureTarget = .fullSize,
                              limits: PictureLimits = .standard, admission: (any DecodeAdmission)? = nil,
                              embeddedPreviews: Bool = false) throws -> DecodedPicture {
        try decode(source: open(path), name: path, target: target, limits: limits, admission: admission,
                   embeddedPreviews: embeddedPreviews)
    }

    /// Decodes picture bytes; `name` labels errors.
    public static func decode(_ bytes: [UInt8], name: String = "<memory>", target: PictureTarget = .fullSize,
                              limits: PictureLimits = .standard, admission: (any DecodeAdmission)? = nil,
                              embeddedPreviews: Bool = false) throws -> DecodedPicture {
        try decode(source: bytes, name: name, target: target, limits: limits, admission: admission,
                   embeddedPreviews: embeddedPreviews)
    }

    /// The size (upright) and format of the picture at `path`, from its size and first bytes
    /// only (PNG's IHDR; JPEG's header segments, read on only while they continue), checked
    /// against `limits` as a decode would be.
    public static func probe(contentsOf path: String, limits: PictureLimits = .standard) throws -> PictureInfo {
        try plan(open(path), name: path, target: .fullSize, limits: limits).info
    }

    /// The size and format of the picture in `bytes` (the whole file, or its first bytes: a
    /// header cut short is reported as truncated).
    public static func probe(_ bytes: [UInt8], name: String = "<memory>", limits: PictureLimits = .standard) throws -> PictureInfo {
        try plan(bytes, name: name, target: .fullSize, limits: limits).info
    }

    /// What decoding the picture at `path` at `target` would cost (checked against `limits`
    /// as a decode is), without decoding it.
    public static func cost(contentsOf path: String, target: PictureTarget, limits: PictureLimits = .standard) throws -> PictureCost {
        try plan(open(path), name: path, target: target, limits: limits).cost
    }

    static func open(_ path: String) throws -> FileSource {
        do {
            return try FileSource(opening: path)
        } catch {
            throw PictureBytes.pictureError(error)
        }
    }

    // MARK: The plan: size, header, caps, cost

    /// How a picture is decoded.
    enum Route {
        /// PNG a row at a time, reduced as the rows come.
        case pngRows
        /// PNG read whole (interlaced, 16-bit, or of at most `wholePNGPixels`), through `PNGCodec`.
        case pngWhole
        /// JPEG through TurboJPEG (the file read whole).
        case jpeg(JPEGHeader)
        /// HEIF through libheif (the file read whole by the plan): the image chosen to decode,
        /// the primary image or a thumbnail large enough for the target, and the worker threads
        /// libde265 gets for a direct decode (`HEIFDecoder.threads`, counted in the cost).
        case heif(HEIFFile, image: OpaquePointer, threads: Int)
        /// Camera RAW through LibRaw: its preview, or its raw data at half size.
        case raw(RAWDecoder.Route)
        /// WebP through libwebp, scaled as it is decoded (the file read whole).
        case webp(WebPHeader)
        /// TIFF through libtiff's client I/O, a strip or row of tiles at a time.
        case tiff(TIFFHeader)
        /// GIF's first frame through giflib (the file read whole).
        case gif(GIFHeader)
    }

    /// A picture's header, checked against the limits, and what decoding it at a target costs.
    struct Plan {
        var info: PictureInfo
        var route: Route
        /// The decoded size (upright), from the target.
        var wanted: PixelSize
        var cost: PictureCost
    }

    /// Reads the signature and header of `source` and checks the caps in their order: the file's
    /// size for its reading, the declared size, the working memory.
    /// `streamingAbove`: PNGs of more pixels are read a row at a time when they can be
    /// (`wholePNGPixels`; tests lower it to compare both reads).
    static func plan(_ source: some ByteSource, name: String, target: PictureTarget, limits: PictureLimits,
                     streamingAbove: Int = wholePNGPixels) throws -> Plan {
        do {
            let signature = try prefix(of: source, count: HEIFSignature.prefixLength)
            switch PictureFormat(signature: signature, name: name) {
            case .png: return try planPNG(source, name: name, target: target, limits: limits, streamingAbove: streamingAbove)
            case .jpeg: return try planJPEG(source, name: name, target: target, limits: limits)
            case .heif: return try planHEIF(source, name: name, target: target, limits: limits)
            case .raw: return try planRAW(source, name: name, target: target, limits: limits)
            case .webp: return try planWebP(source, name: name, target: target, limits: limits)
            case .tiff: return try planTIFF(source, name: name, target: target, limits: limits)
            case .gif: return try planGIF(source, name: name, target: target, limits: limits)
            case nil:
                throw source.count == 0 ? PictureError.truncated(path: name, reason: "the file is empty")
                    : PictureError.unsupported(path: name, reason: PictureError.notAPictureReason)
            }
        } catch let error as FileReadError {
            throw PictureBytes.pictureError(error)
        }
    }

    private static func planPNG(_ source: some ByteSource, name: String, target: PictureTarget, limits: PictureLimits,
                                streamingAbove: Int) throws -> Plan {
        // The first chunk must be a 13-byte IHDR: length, type, width, height at bytes 16–23.
        let bytes = try prefix(of: source, count: 33)
        guard bytes.count >= 33 else { throw PictureError.truncated(path: name, reason: "the PNG header is cut short") }
        guard bytes[8..<16].elementsEqual([0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]) else {
            throw PictureError.corrupt(path: name, reason: "the first chunk is not a 13-byte IHDR")
        }
        let width = Int(bigEndian32(bytes, at: 16)), height = Int(bigEndian32(bytes, at: 20))
        let depth = Int(bytes[24]), interlaced = bytes[28] != 0
        // PNG allows at most 2³¹ − 1 a side; then width × height stays below 2⁶² (no overflow).
        guard width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw PictureError.corrupt(path: name, reason: "a side of more than 2³¹ − 1 pixels")
        }
        let streamed = depth <= 8 && PNGRowReader.canStream(interlaced: interlaced) && width * height > streamingAbove
        try limits.checkFileSize(source.count, streamed: streamed, name: name)
        try limits.checkSize(width, height, name: name)
        let full = PixelSize(width: width, height: height)
        let wanted = target.size(for: full)
        var cost = PictureCost(output: wanted.pixelCount * 4)
        if streamed {
            // libpng's rows (at most 8 bytes a pixel each, two of them), one RGBA row, the sums.
            cost.working = width * 4 * 5 + RowDownscaler.workingBytes(width: width, size: wanted)
        } else {
            cost.input = source.count
            cost.working = wholePNGWorkingMemory(width: width, height: height, bitDepth: depth, interlaced: interlaced)
            if wanted == full { cost.output = 0 }  // the whole image is the output
        }
        try limits.checkWorkingMemory(cost.working, name: name)
        return Plan(info: PictureInfo(size: full, format: .png, orientation: .up), route: streamed ? .pngRows : .pngWhole,
                    wanted: wanted, cost: cost)
    }

    /// The memory a PNG read whole holds beyond its file: the whole image as 8-bit RGBA; and the
    /// inflated rows too (at most 4 more bytes a pixel) for 8-bit non-interlaced files, which the
    /// direct read unfilters in place (`PNGCodec.readDirectly`); and at 16 bits a sample (8 more
    /// bytes a pixel) for 16-bit files, which libpng's linear output is read through
    /// (`PNGCodec.decodeSixteenBitFromLinear`).
    static func wholePNGWorkingMemory(width: Int, height: Int, bitDepth: Int, interlaced: Bool) -> Int {
        width * height * (bitDepth == 16 ? 12 : interlaced ? 4 : 8)
    }

    private static func planJPEG(_ source: some ByteSource, name: String, target: PictureTarget, limits: PictureLimits) throws -> Plan {
        // Read whole by TurboJPEG: the size is checked before anything past the signature is read.
        try limits.checkFileSize(source.count, streamed: false, name: name)
        var limit = headerBytes
        var header: JPEGHeader
        while true {
            let bytes = try prefix(of: source, count: limit)
            switch JPEGHeader.scan(bytes) {
            case let .header(found): header = found
            case .needsMoreBytes where bytes.count < source.count && limit < maximumHeaderBytes:
                limit = min(limit * 4, maximumHeaderBytes)
                continue
            case .needsMoreBytes where bytes.count < source.count:
                throw PictureError.headerTooLarge(path: name, limit: maximumHeaderBytes)
            case .needsMoreBytes:
                throw PictureError.truncated(path: name, reason: "the file ends inside the JPEG header")
            case let .malformed(reason):
                throw PictureError.corrupt(path: name, reason: reason)
            }
            break
        }
        try limits.checkSize(header.size.width, header.size.height, name: name)
        try limits.checkWorkingMemory(header.coefficientBytes, name: name)
        let wanted = target.size(for: header.uprightSize)
        let scaled = JPEGDecoder.scaledSize(of: header.size, covering: header.orientation.swapsAxes ? wanted.transposed : wanted)
        var output = scaled.pixelCount * 4
        if scaled.pixelCount != wanted.pixelCount { output += wanted.pixelCount * 4 }
        if header.orientation != .up { output += wanted.pixelCount * 4 }
        let cost = PictureCost(input: source.count, working: header.coefficientBytes, output: output)
        return Plan(info: PictureInfo(size: header.uprightSize, format: .jpeg, orientation: header.orientation),
                    route: .jpeg(header), wanted: wanted, cost: cost)
    }

    /// HEIF: the file read whole (64 MB cap) and parsed by libheif; the caps checked on the
    /// primary image's size (after irot/imir); the cost that of the image chosen for the target
    /// (a large-enough thumbnail, else the primary image): its planes and the decoder's memory
    /// (`HEIFDecoder.workingBytes`), and the output. libheif 1.15 decodes a whole image, so the
    /// working memory and the output together stay within `--max-picture-memory`: a target whose
    /// RGBA would not fit (a 48 MP picture at full size) is decoded at the largest size of its
    /// shape that does (`DecodedPicture.image` smaller than `fullSize`).
    private static func planHEIF(_ source: some ByteSource, name: String, target: PictureTarget, limits: PictureLimits) throws -> Plan {
        try limits.checkFileSize(source.count, streamed: false, name: name)
        let file = try HEIFFile(source: source, name: name)
        let full = HEIFFile.size(of: file.primary)
        try limits.checkSize(full.width, full.height, name: name)
        var wanted = target.size(for: full)
        let image = file.image(covering: wanted, full: full)
        let size = HEIFFile.size(of: image)
        try limits.checkSize(size.width, size.height, name: name)
        let threads = HEIFDecoder.threads(file, handle: image, wanted: wanted, limits: limits)
        let working = HEIFDecoder.workingBytes(file, handle: image, wanted: wanted, threads: threads)
        try limits.checkWorkingMemory(working, name: name)
        let room = (limits.maximumWorkingMemory - working) / 4
        if wanted.pixelCount > room {
            guard room >= 1 else { throw PictureError.tooMuchMemory(path: name, bytes: working + 4, limit: limits.maximumWorkingMemory) }
            let scale = (Double(room) / Double(wanted.pixelCount)).squareRoot()
            let box = PixelSize(width: max(1, Int(Double(wanted.width) * scale)), height: max(1, Int(Double(wanted.height) * scale)))
            wanted = PictureTarget.stretch(box).size(for: wanted)
        }
        let cost = PictureCost(input: source.count, working: working, output: wanted.pixelCount * 4)
        return Plan(info: PictureInfo(size: full, format: .heif, orientation: .up), route: .heif(file, image: image, threads: threads),
                    wanted: wanted, cost: cost)
    }

    /// Camera RAW: a regular file of at most 1 GiB (LibRaw reads it itself), its header parsed
    /// by LibRaw, its preview unpacked and planned (`RAWDecoder.plan`).
    private static func planRAW(_ source: some ByteSource, name: String, target: PictureTarget, limits: PictureLimits) throws -> Plan {
        try limits.checkFileSize(source.count, streamed: true, name: name)
        let file = try RAWFile(source: source, name: name, limits: limits)
        let planned = try RAWDecoder.plan(file, inputBytes: source is FileSource ? 0 : source.count, name: name,
                                          target: target, limits: limits)
        return Plan(info: PictureInfo(size: planned.size, format: .raw, orientation: file.orientation), route: .raw(planned.route),
                    wanted: planned.wanted, cost: planned.cost)
    }

    // MARK: Decoding

    static func decode(source: some ByteSource, name: String, target: PictureTarget, limits: PictureLimits,
                       admission: (any DecodeAdmission)?, streamingAbove: Int = wholePNGPixels,
                       embeddedPreviews: Bool = false) throws -> DecodedPicture {
        let plan = try plan(source, name: name, target: target, limits: limits, streamingAbove: streamingAbove)
        let previews = embeddedPreviews && target != .fullSize
        let run = { try decode(source, plan: plan, name: name, limits: limits, embeddedPreviews: previews) }
        do {
            return try admission?.admit(plan.cost.total, name: name, run) ?? run()
        } catch let error as FileReadError {
            throw PictureBytes.pictureError(error)
        } catch let error as PNGError {
            throw pictureError(error, name: name)
        }
    }

    private static func decode(_ source: some ByteSource, plan: Plan, name: String, limits: PictureLimits,
                               embeddedPreviews: Bool) throws -> DecodedPicture {
        let full = plan.info.size
        switch plan.route {
        case .pngRows:
            var image = try decodeRows(source, name: name, full: full, wanted: plan.wanted)
            convertToSRGB(&image, pngSource: source)
            return DecodedPicture(image: image, fullSize: full, format: .png)
        case .pngWhole:
            // The chunk structure first, from the chunks' headers: a file of millions of chunks
            // is refused without being read whole.
            _ = try PNGStructure.chunks(in: source, name: name)
            let bytes = try wholeBytes(source)
            var image = AreaDownscaler.downscale(try PNGCodec.decode(bytes, name: name), to: plan.wanted)
            convertToSRGB(&image, pngSource: bytes)
            return DecodedPicture(image: image, fullSize: full, format: .png)
        case let .jpeg(header):
            let bytes = try wholeBytes(source)
            if embeddedPreviews, let picture = decodePreview(bytes, main: header, plan: plan, name: name, limits: limits) {
                return picture
            }
            try limits.check(header, bytes: bytes, name: name)
            var image = try JPEGDecoder.decode(bytes, header: header, target: plan.wanted, name: name)
            convertToSRGB(&image, jpeg: bytes, header: header)
            return DecodedPicture(image: image, fullSize: full, format: .jpeg)
        case let .heif(file, image, threads):
            let decoded = try HEIFDecoder.decode(file, handle: image, wanted: plan.wanted, threads: threads, name: name)
            return DecodedPicture(image: decoded, fullSize: full, format: .heif)
        case let .raw(route):
            let decoded = try RAWDecoder.decode(route, wanted: plan.wanted, name: name, limits: limits)
            return DecodedPicture(image: decoded, fullSize: full, format: .raw)
        case let .webp(header):
            let image = try WebPDecoder.decode(wholeBytes(source), header: header, target: plan.wanted, name: name)
            return DecodedPicture(image: image, fullSize: full, format: .webp)
        case let .tiff(header):
            let image = try TIFFDecoder.decode(source, header: header, target: plan.wanted, name: name, limits: limits)
            return DecodedPicture(image: image, fullSize: full, format: .tiff)
        case let .gif(header):
            let image = try GIFDecoder.decode(wholeBytes(source), header: header, target: plan.wanted, name: name)
            return DecodedPicture(image: image, fullSize: full, format: .gif)
        }
    }

    /// The picture decoded from the smallest embedded preview that covers the plan's size, with
    /// the main image's orientation and (when the preview has none of its own) its ICC profile;
    /// nil when there is none or it fails to decode (the caller decodes the main image).
    private static func decodePreview(_ bytes: [UInt8], main: JPEGHeader, plan: Plan, name: String,
                                      limits: PictureLimits) -> DecodedPicture? {
        guard let preview = JPEGEmbeddedPreview.preview(in: bytes, main: main, covering: plan.wanted) else { return nil }
        let previewBytes = Array(bytes[preview.range])
        var header = preview.header
        header.orientation = main.orientation
        guard (try? limits.check(header, bytes: previewBytes, name: name)) != nil,
              var image = try? JPEGDecoder.decode(previewBytes, header: header, target: plan.wanted, name: name)
        else { return nil }
        if header.components == 3 {
            let profile = JPEGICCProfile.profile(in: previewBytes, before: header.scanOffset)
                ?? (main.components == 3 ? JPEGICCProfile.profile(in: bytes, before: main.scanOffset) : nil)
            if let profile {
                ColorConversion.convertToSRGB(&image, iccProfile: profile)
            } else if ExifColorSpace.isAdobeRGB(jpeg: bytes, before: main.scanOffset) {
                ColorConversion.convertAdobeRGBToSRGB(&image)
            }
        }
        return DecodedPicture(image: image, fullSize: plan.info.size, format: .jpeg, fromEmbeddedPreview: true)
    }

    /// Honours a JPEG's ICC profile (APP2 `ICC_PROFILE`) on its decoded pixels, or, when it
    /// embeds none, the Adobe RGB its EXIF declares (`ExifColorSpace`: InteropIndex "R03", as
    /// cameras set to Adobe RGB write it); greyscale and CMYK files are left as they are.
    static func convertToSRGB(_ image: inout RGBAImage, jpeg bytes: [UInt8], header: JPEGHeader) {
        guard header.components == 3 else { return }
        if let profile = JPEGICCProfile.profile(in: bytes, before: header.scanOffset) {
            ColorConversion.convertToSRGB(&image, iccProfile: profile)
        } else if ExifColorSpace.isAdobeRGB(jpeg: bytes, before: header.scanOffset) {
            ColorConversion.convertAdobeRGBToSRGB(&image)
        }
    }

    /// Honours a PNG's ICC profile (`iCCP`) on its decoded pixels (a grey profile changes nothing).
    static func convertToSRGB(_ image: inout RGBAImage, pngSource source: some ByteSource) {
        guard let profile = PNGICCProfile.profile(in: source, maximumBytes: ColorConversion.maximumProfileBytes) else { return }
        ColorConversion.convertToSRGB(&image, iccProfile: profile)
    }

    /// A PNG decoded a row at a time to `wanted`: rows straight into the output at full size,
    /// else through a `RowDownscaler` (premultiplied when the file can have transparency).
    private static func decodeRows(_ source: some ByteSource, name: String, full: PixelSize, wanted: PixelSize) throws -> RGBAImage {
        let reader = try PNGRowReader(source: source, name: name)
        guard reader.width == full.width, reader.height == full.height else {
            throw PictureError.corrupt(path: name, reason: "the header changed while the file was read")
        }
        let rowBytes = full.width * 4
        if wanted == full {
            var pixels = [UInt8](repeating: 0, count: full.pixelCount * 4)
            try pixels.withUnsafeMutableBytes { out in
                for y in 0..<full.height {
                    try reader.readRow(into: UnsafeMutableRawBufferPointer(rebasing: out[(y * rowBytes)..<((y + 1) * rowBytes)]))
                }
            }
            return RGBAImage(width: full.width, height: full.height, pixels: pixels)
        }
        let row = UnsafeMutableRawBufferPointer.allocate(byteCount: rowBytes, alignment: 16)
        defer { row.deallocate() }
        let reduced = RowDownscaler(width: full.width, height: full.height, to: wanted, premultiply: reader.hasAlpha)
        for _ in 0..<full.height {
            try reader.readRow(into: row)
            reduced.add(row.baseAddress!.assumingMemoryBound(to: UInt8.self))
        }
        return RGBAImage(width: reduced.size.width, height: reduced.size.height, pixels: reduced.finish())
    }

    /// The first `count` bytes of `source` (fewer when it is shorter).
    static func prefix(of source: some ByteSource, count: Int) throws -> [UInt8] {
        let wanted = min(count, source.count)
        return try [UInt8](unsafeUninitializedCapacity: wanted) { buffer, filled in
            filled = 0
            filled = try source.read(at: 0, into: UnsafeMutableRawBufferPointer(buffer))
        }
    }

    /// All of `source`: an array itself, a file read whole.
    static func wholeBytes(_ source: some ByteSource) throws -> [UInt8] {
        if let bytes = source as? [UInt8] { return bytes }
        if let file = source as? FileSource { return try file.readAll() }
        return try prefix(of: source, count: source.count)
    }

    static func pictureError(_ error: PNGError, name: String) -> PictureError {
        switch error {
        case let .tooLarge(_, width, height): .tooLarge(path: name, width: width, height: height, maximumPixels: PNGCodec.maximumPixelCount)
        case let .unreadable(_, reason) where reason.hasPrefix("truncated"):
            .truncated(path: name, reason: String(reason.dropFirst("truncated: ".count)))
        case let .unreadable(_, reason), let .unwritable(_, reason): .corrupt(path: name, reason: reason)
        }
    }

    private static func bigEndian32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
