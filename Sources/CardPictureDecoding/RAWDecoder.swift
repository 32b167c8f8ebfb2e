import CRaw
import CardFiles
import CardImaging
import CardMath
import CardPixels

/// A camera RAW file opened by LibRaw (the thread-safe build): its header parsed (sizes,
/// orientation, where its embedded preview is), nothing unpacked yet.
///
/// A file on disk is first opened through the file layer (`FileSource`: a regular file only,
/// its size checked against the 1 GiB cap), then LibRaw reads it itself by its path; bytes in
/// memory are copied into a buffer this object owns (`libraw_open_buffer` reads in place).
/// LibRaw's error handlers, which print to stderr, are replaced by silent ones, and its own
/// allocation cap (`max_raw_memory_mb`) set to the working-memory cap.
///
/// Not thread-safe: one decode owns it.
final class RAWFile {
    /// LibRaw's handle.
    let data: UnsafeMutablePointer<libraw_data_t>
    /// The bytes of an in-memory file (nil for a file on disk).
    private let buffer: UnsafeMutableRawBufferPointer?

    /// Opens `source` (its header only). Throws a `PictureError` naming `name`.
    init(source: some ByteSource, name: String, limits: PictureLimits) throws {
        guard let data = libraw_init(0) else { throw PictureError.unreadable(path: name, reason: "LibRaw could not start") }
        self.data = data
        libraw_set_memerror_handler(data, { _, _, _ in }, nil)
        libraw_set_dataerror_handler(data, { _, _, _ in }, nil)
        data.pointee.params.max_raw_memory_mb = UInt32(clamping: max(1, limits.maximumWorkingMemory >> 20))
        let status: Int32
        if let file = source as? FileSource {
            buffer = nil
            status = libraw_open_file(data, file.path)
        } else {
            let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(source.count, 1), alignment: 16)
            buffer = copy
            // Every stored property is set: a throw from here on runs `deinit`, which frees both.
            let count = try source.read(at: 0, into: UnsafeMutableRawBufferPointer(rebasing: copy[0..<source.count]))
            status = libraw_open_buffer(data, copy.baseAddress, count)
        }
        try RAWDecoder.check(status, name: name)
    }

    deinit {
        libraw_close(data)
        buffer?.deallocate()
    }

    /// How LibRaw's `sizes.flip` turns the stored pixels upright, as an EXIF orientation.
    /// LibRaw maps EXIF orientation 1…8 to flip 0, 1, 3, 2, 4, 6, 7, 5.
    var orientation: PictureOrientation {
        switch data.pointee.sizes.flip {
        case 1: .upMirrored
        case 2: .downMirrored
        case 3: .down
        case 4: .leftMirrored
        case 5: .left
        case 6: .right
        case 7: .rightMirrored
        default: .up
        }
    }

    /// The raw image's visible size, stored pixels (before orientation).
    var size: PixelSize {
        PixelSize(width: Int(data.pointee.sizes.width), height: Int(data.pointee.sizes.height))
    }

    /// Whether LibRaw 0.20 can unpack the preview its header declares without writing past its
    /// buffer: `libraw_unpack_thumb` sizes a bitmap preview's buffer by the declared width ×
    /// height but reads by the declared length, which `fuzz-raw` found overflowing (a heap
    /// overflow inside LibRaw). The format of the preview is not known before unpacking, so
    /// a length that fits neither a compressed preview (fewer bytes than pixels) nor a whole
    /// bitmap (1, 3 or 6 bytes a pixel) is refused, and a preview of no declared size too:
    /// such files show their raw data at half size instead.
    var previewIsSafeToUnpack: Bool {
        let area = Int(data.pointee.thumbnail.twidth) * Int(data.pointee.thumbnail.theight)
        let length = Int(data.pointee.thumbnail.tlength)
        return area > 0 && length > 0 && (length < area || [area, area * 3, area * 6].contains(length))
    }

    /// Whether the end of a JPEG preview LibRaw unpacked lies in the file's bytes, for a file in
    /// memory (true for a file on disk, which LibRaw reads itself). LibRaw 0.20 unpacks a preview
    /// by its declared length without checking how much it read: from a file cut short, the
    /// preview's tail is whatever its buffer held before (a test saw a cut file's preview decode
    /// whole from a freed copy of the same JPEG). Its last 32 bytes are copied from the file as
    /// they are (LibRaw only rewrites the start), so a tail found nowhere in the file was not read.
    ///
    /// - Complexity: O(n) in the file's bytes.
    func holdsTail(of preview: [UInt8]) -> Bool {
        guard let buffer, preview.count > 2 else { return true }
        let tail = preview.suffix(min(32, preview.count - 2))
        let file = UnsafeRawBufferPointer(buffer)
        guard tail.count <= file.count else { return false }
        return tail.withUnsafeBytes { wanted in
            var at = 0
            while at + wanted.count <= file.count {
                var matched = 0
                while matched < wanted.count, file[at + matched] == wanted[matched] { matched += 1 }
                if matched == wanted.count { return true }
                at += 1
            }
            return false
        }
    }

    /// The embedded preview, unpacked: JPEG bytes, or an 8-bit bitmap (RGB or grey), or nil
    /// when the file has none LibRaw can give safely (`previewIsSafeToUnpack`), or one over
    /// `maximumBytes`.
    func preview(maximumBytes: Int) -> RAWPreview? {
        guard Int(data.pointee.thumbnail.tlength) <= maximumBytes, previewIsSafeToUnpack,
              libraw_unpack_thumb(data) == LIBRAW_SUCCESS.rawValue else { return nil }
        var status: Int32 = 0
        guard let image = libraw_dcraw_make_mem_thumb(data, &status) else { return nil }
        defer { libraw_dcraw_clear_mem(image) }
        let count = Int(image.pointee.data_size)
        guard count > 0, count <= maximumBytes else { return nil }
        let start = UnsafeRawPointer(image) + MemoryLayout<libraw_processed_image_t>.offset(of: \.data)!
        let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
        switch image.pointee.type {
        case LIBRAW_IMAGE_JPEG:
            return .jpeg(bytes)
        case LIBRAW_IMAGE_BITMAP:
            let width = Int(image.pointee.width), height = Int(image.pointee.height), colors = Int(image.pointee.colors)
            guard image.pointee.bits == 8, colors == 1 || colors == 3, width > 0, height > 0,
                  width * height * colors <= count else { return nil }
            return .bitmap(width: width, height: height, colors: colors, bytes: bytes)
        default:
            return nil
        }
    }
}

/// A RAW file's embedded preview.
enum RAWPreview: Equatable {
    /// A JPEG file's bytes.
    case jpeg([UInt8])
    /// 8-bit samples, `colours` (1 or 3) a pixel, rows top to bottom, stored orientation.
    case bitmap(width: Int, height: Int, colors: Int, bytes: [UInt8])
}

/// Camera RAW through LibRaw: the embedded preview (fast; a JPEG decoded through the project's
/// JPEG path with DCT scaling and its caps, or a bitmap converted), turned upright by LibRaw's
/// `sizes.flip` (a preview's own EXIF orientation is ignored: LibRaw writes one from the flip
/// into previews it hands out). A file without a usable preview is decoded from its raw data at
/// half size (`half_size`, `libraw_dcraw_process`), only within the caps; over them its card
/// says "no preview".
///
/// The size a RAW file is shown at in full (`DecodedPicture.fullSize`, the probe's size) is what
/// this decoder can show, whatever the target: the sensor's visible size when its raw data can be
/// decoded within the caps larger than the preview (`rawDataPlan` at `.fullSize`), else the
/// preview's, or the half-size decode's for a file without a preview. A small target served from
/// the preview reports the same size as the full decode (fuzz-raw found the two disagreeing).
enum RAWDecoder {
    /// How a RAW file is decoded.
    enum Route {
        /// The embedded JPEG preview: its bytes, and its header with LibRaw's orientation.
        case jpeg([UInt8], JPEGHeader)
        /// An embedded bitmap preview.
        case bitmap(width: Int, height: Int, colors: Int, bytes: [UInt8], orientation: PictureOrientation)
        /// The raw data, decoded by LibRaw (`libraw_dcraw_process`) at half size (`half_size`:
        /// each 2 × 2 block of photosites one pixel, no interpolation) or in full; LibRaw applies
        /// the orientation. Files without a usable preview, and targets larger than the preview.
        case rawData(RAWFile, halfSize: Bool)
    }

    /// The memory a half-size decode of `file` takes, bytes: the unpacked raw data (2 bytes a
    /// photosite of the whole sensor), LibRaw's image (4 × 16-bit a half-size pixel), the 8-bit
    /// RGB copy, and our RGBA.
    static func halfSizeWorkingBytes(_ file: RAWFile) -> Int {
        rawDataWorkingBytes(file, halfSize: true)
    }

    /// The memory a decode of `file`'s raw data takes, bytes: the unpacked raw data (2 bytes a
    /// photosite of the whole sensor), LibRaw's image at the processed size (4 × 16-bit a pixel:
    /// half size, or the visible size in full), the 8-bit RGB copy, and our RGBA.
    static func rawDataWorkingBytes(_ file: RAWFile, halfSize: Bool) -> Int {
        let sizes = file.data.pointee.sizes
        let raw = Int(sizes.raw_width) * Int(sizes.raw_height) * 2
        let width = Int(sizes.width), height = Int(sizes.height)
        let processed = halfSize ? ((width + 1) / 2) * ((height + 1) / 2) : width * height
        return raw + processed * (8 + 3 + 4)
    }

    /// The plan of a decode of `file`'s raw data when `target` asks for more than the preview's
    /// `preview` upright pixels: at half size when that covers the target, else in full; in full
    /// only within `--max-picture-memory` (else at half size, when that is still larger than the
    /// preview); nil — the preview is shown — when neither fits the cap or is larger than the
    /// preview. The size it reports is the sensor's visible size, upright; the decode's is at
    /// most the processed size.
    static func rawDataPlan(_ file: RAWFile, inputBytes: Int, target: PictureTarget, limits: PictureLimits, beyond preview: PixelSize)
        -> (route: Route, size: PixelSize, wanted: PixelSize, cost: PictureCost)? {
        let full = file.orientation.swapsAxes ? file.size.transposed : file.size
        let wanted = target.size(for: full)
        guard wanted.width > preview.width || wanted.height > preview.height else { return nil }
        // Larger than the preview means covering it: a sensor narrower than its preview in one
        // axis would report a full size smaller than the preview's pixels.
        guard full.width >= preview.width && full.height >= preview.height else { return nil }
        let half = PixelSize(width: (full.width + 1) / 2, height: (full.height + 1) / 2)
        let choices = half.width >= wanted.width && half.height >= wanted.height ? [true] : [false, true]
        for halfSize in choices {
            let made = halfSize ? half : full
            let working = rawDataWorkingBytes(file, halfSize: halfSize)
            guard made.width >= preview.width && made.height >= preview.height && made != preview,
                  working <= limits.maximumWorkingMemory else { continue }
            let decoded = wanted.width <= made.width && wanted.height <= made.height ? wanted : PictureTarget.fit(wanted).size(for: made)
            return (.rawData(file, halfSize: halfSize), full, decoded,
                    PictureCost(input: inputBytes, working: working, output: decoded.pixelCount * 4))
        }
        return nil
    }

    /// The size a file with a preview of `preview` upright pixels is shown at in full, whatever
    /// the target: the sensor's visible size (upright) when a full-size target would decode the
    /// raw data, else the preview's.
    static func fullSize(_ file: RAWFile, inputBytes: Int, limits: PictureLimits, preview: PixelSize) -> PixelSize {
        rawDataPlan(file, inputBytes: inputBytes, target: .fullSize, limits: limits, beyond: preview)?.size ?? preview
    }

    /// The plan's route, size (upright) and cost for `file` at `target`. Throws a `PictureError`.
    static func plan(_ file: RAWFile, inputBytes: Int, name: String, target: PictureTarget, limits: PictureLimits)
        throws -> (route: Route, size: PixelSize, wanted: PixelSize, cost: PictureCost) {
        let orientation = file.orientation
        try limits.checkSize(file.size.width, file.size.height, name: name)
        switch file.preview(maximumBytes: limits.fileSizeCap(streamed: false)) {
        case let .jpeg(bytes):
            guard file.holdsTail(of: bytes) else {
                throw PictureError.truncated(path: name, reason: "the embedded preview ends past the end of the file")
            }
            guard case var .header(header) = JPEGHeader.scan(bytes) else {
                throw PictureError.corrupt(path: name, reason: "the embedded preview is not a readable JPEG")
            }
            header.orientation = orientation
            try limits.checkSize(header.size.width, header.size.height, name: name)
            try limits.checkWorkingMemory(header.coefficientBytes, name: name)
            let wanted = target.size(for: header.uprightSize)
            let scaled = JPEGDecoder.scaledSize(of: header.size, covering: orientation.swapsAxes ? wanted.transposed : wanted)
            if let raw = rawDataPlan(file, inputBytes: inputBytes, target: target, limits: limits, beyond: header.uprightSize) {
                return raw
            }
            let output = scaled.pixelCount * 4 + wanted.pixelCount * 4 * 2
            let cost = PictureCost(input: inputBytes + bytes.count, working: header.coefficientBytes, output: output)
            let size = fullSize(file, inputBytes: inputBytes, limits: limits, preview: header.uprightSize)
            return (.jpeg(bytes, header), size, wanted, cost)
        case let .bitmap(width, height, colors, bytes):
            try limits.checkSize(width, height, name: name)
            let stored = PixelSize(width: width, height: height)
            let upright = orientation.swapsAxes ? stored.transposed : stored
            if let raw = rawDataPlan(file, inputBytes: inputBytes, target: target, limits: limits, beyond: upright) { return raw }
            let wanted = target.size(for: upright)
            let cost = PictureCost(input: inputBytes + bytes.count, working: stored.pixelCount * 4, output: wanted.pixelCount * 8)
            let size = fullSize(file, inputBytes: inputBytes, limits: limits, preview: upright)
            return (.bitmap(width: width, height: height, colors: colors, bytes: bytes, orientation: orientation), size, wanted, cost)
        case nil:
            let working = halfSizeWorkingBytes(file)
            guard working <= limits.maximumWorkingMemory else {
                throw PictureError.unsupported(path: name, reason: "no preview (no embedded preview, and decoding the raw data at half size needs \((working + 999_999) / 1_000_000) MB; at most \(limits.maximumWorkingMemory / 1_000_000) MB)")
            }
            let stored = PixelSize(width: (file.size.width + 1) / 2, height: (file.size.height + 1) / 2)
            let upright = orientation.swapsAxes ? stored.transposed : stored
            let wanted = target.size(for: upright)
            return (.rawData(file, halfSize: true), upright, wanted, PictureCost(input: inputBytes, working: working, output: wanted.pixelCount * 4))
        }
    }

    /// Decodes `route` at `wanted` upright pixels.
    static func decode(_ route: Route, wanted: PixelSize, name: String, limits: PictureLimits) throws -> RGBAImage {
        switch route {
        case let .jpeg(bytes, header):
            try limits.check(header, bytes: bytes, name: name)
            return try JPEGDecoder.decode(bytes, header: header, target: wanted, name: name)
        case let .bitmap(width, height, colors, bytes, orientation):
            let image = rgba(width: width, height: height, colors: colors, bytes: bytes)
            let stored = orientation.swapsAxes ? wanted.transposed : wanted
            return orientation.upright(AreaDownscaler.downscale(image, to: stored))
        case let .rawData(file, halfSize):
            file.data.pointee.params.half_size = halfSize ? 1 : 0
            file.data.pointee.params.use_camera_wb = 1
            file.data.pointee.params.output_color = 1  // sRGB
            file.data.pointee.params.output_bps = 8
            try check(libraw_unpack(file.data), name: name)
            try check(libraw_dcraw_process(file.data), name: name)
            var status: Int32 = 0
            guard let made = libraw_dcraw_make_mem_image(file.data, &status) else {
                try check(status, name: name)
                throw PictureError.corrupt(path: name, reason: "LibRaw made no image")
            }
            defer { libraw_dcraw_clear_mem(made) }
            let width = Int(made.pointee.width), height = Int(made.pointee.height), colors = Int(made.pointee.colors)
            guard made.pointee.bits == 8, colors == 1 || colors == 3, width > 0, height > 0,
                  width * height * colors <= Int(made.pointee.data_size) else {
                throw PictureError.corrupt(path: name, reason: "LibRaw made a \(colors)-colour \(made.pointee.bits)-bit image")
            }
            let start = UnsafeRawPointer(made) + MemoryLayout<libraw_processed_image_t>.offset(of: \.data)!
            let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: width * height * colors))
            let image = rgba(width: width, height: height, colors: colors, bytes: bytes)
            return AreaDownscaler.downscale(image, to: PictureTarget.stretch(wanted).size(for: PixelSize(width: width, height: height)))
        }
    }

    /// 8-bit grey or RGB samples as opaque RGBA.
    static func rgba(width: Int, height: Int, colors: Int, bytes: [UInt8]) -> RGBAImage {
        let count = width * height
        let pixels = [UInt8](unsafeUninitializedCapacity: count * 4) { out, filled in
            bytes.withUnsafeBufferPointer { source in
                for index in 0..<count {
                    let at = index * colors
                    out[index * 4] = source[at]
                    out[index * 4 + 1] = source[at + (colors == 3 ? 1 : 0)]
                    out[index * 4 + 2] = source[at + (colors == 3 ? 2 : 0)]
                    out[index * 4 + 3] = 255
                }
            }
            filled = count * 4
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Throws the `PictureError` for a LibRaw status (nothing for success).
    static func check(_ status: Int32, name: String) throws {
        guard status != LIBRAW_SUCCESS.rawValue else { return }
        let reason = String(cString: libraw_strerror(status))
        switch status {
        case LIBRAW_FILE_UNSUPPORTED.rawValue: throw PictureError.unsupported(path: name, reason: "LibRaw: \(reason)")
        case LIBRAW_IO_ERROR.rawValue: throw PictureError.truncated(path: name, reason: "LibRaw: \(reason)")
        default: throw PictureError.corrupt(path: name, reason: "LibRaw: \(reason)")
        }
    }
}
