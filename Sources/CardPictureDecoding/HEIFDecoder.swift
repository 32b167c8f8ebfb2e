import CHeif
import CardImaging
import CardMath
import CardPixels

/// A HEIF file (HEIC or AVIF) opened by libheif from memory: its box structure parsed, its
/// primary image's handle, and its thumbnails' handles; nothing decoded yet.
///
/// The file is read whole (at most `PictureLimits.defaultWholeFileSize`, 64 MB) into a buffer
/// this object owns and handed to libheif without a copy
/// (`heif_context_read_from_memory_without_copy`), so the buffer lives as long as the context.
/// libheif's own size limit is set to `PictureDecoder.maximumDimension` + 1 a side before it
/// parses anything, then to the file's largest `ispe` side (`HEIFCoding.largestDecodedSide`)
/// before anything is decoded; the declared-pixels cap is checked on the handle's size
/// (`PictureDecoder`'s HEIF plan), and a decoded image larger than the file declares is refused
/// before a row of it is converted.
///
/// Not thread-safe: one decode owns it (planned and decoded on the same worker).
final class HEIFFile {
    /// The file's bytes, owned (libheif reads them in place).
    private let bytes: UnsafeMutableRawBufferPointer
    /// The file's bytes as read (`bytes` may be a byte longer).
    let contents: UnsafeRawBufferPointer
    /// libheif's context.
    private let context: OpaquePointer
    /// The primary image's handle.
    let primary: OpaquePointer
    /// The thumbnails' handles (the file's embedded previews), released with the file.
    private(set) var thumbnails: [OpaquePointer] = []
    /// The item IDs of the primary image and of each of `thumbnails` (libheif 1.15 has no call
    /// that names a handle's item).
    private var itemIDs: [Int] = []
    /// How the file's images are coded (chroma format, grid, transformations), from its boxes.
    let coding: HEIFCoding
    /// The ranges of `contents` whose pages were given back (`release`): they read as zeros.
    var released: [Range<Int>] = []

    /// Reads `source` whole and parses it. Throws a `PictureError` naming `name`.
    init(source: some ByteSource, name: String) throws {
        bytes = .allocate(byteCount: max(source.count, 1), alignment: 16)
        var made: OpaquePointer?
        do {
            let count = try source.read(at: 0, into: UnsafeMutableRawBufferPointer(rebasing: bytes[0..<source.count]))
            guard let context = heif_context_alloc() else {
                throw PictureError.unreadable(path: name, reason: "libheif could not start")
            }
            made = context
            heif_context_set_maximum_image_size_limit(context, Int32(PictureDecoder.maximumDimension + 1))
            heif_context_set_max_decoding_threads(context, Int32(HEIFDecoder.gridThreads))
            try HEIFDecoder.check(heif_context_read_from_memory_without_copy(context, bytes.baseAddress, count, nil), name: name)
            let fileCoding = HEIFCoding(UnsafeRawBufferPointer(rebasing: bytes[0..<count]))
            if fileCoding.referencesLoop {
                throw PictureError.corrupt(path: name, reason: "its images are derived from each other in a loop")
            }
            var handle: OpaquePointer?
            try HEIFDecoder.check(heif_context_get_primary_image_handle(context, &handle), name: name)
            guard let handle else { throw PictureError.corrupt(path: name, reason: "no primary image") }
            var primaryID: heif_item_id = 0
            try HEIFDecoder.check(heif_context_get_primary_image_ID(context, &primaryID), name: name)
            self.context = context
            primary = handle
            contents = UnsafeRawBufferPointer(rebasing: bytes[0..<count])
            coding = fileCoding
            if let side = coding.largestDecodedSide, side < PictureDecoder.maximumDimension {
                heif_context_set_maximum_image_size_limit(context, Int32(side + 1))
            }
            itemIDs = [Int(primaryID)]
        } catch {
            if let made { heif_context_free(made) }
            bytes.deallocate()
            throw error
        }
        let count = Int(heif_image_handle_get_number_of_thumbnails(primary))
        if count > 0, count <= 64 {
            var ids = [heif_item_id](repeating: 0, count: count)
            let listed = Int(heif_image_handle_get_list_of_thumbnail_IDs(primary, &ids, Int32(count)))
            for id in ids.prefix(max(0, min(listed, count))) {
                var thumbnail: OpaquePointer?
                if heif_image_handle_get_thumbnail(primary, id, &thumbnail).code == heif_error_Ok, let thumbnail {
                    thumbnails.append(thumbnail)
                    itemIDs.append(Int(id))
                }
            }
        }
    }

    deinit {
        thumbnails.forEach { heif_image_handle_release($0) }
        heif_image_handle_release(primary)
        heif_context_free(context)
        bytes.deallocate()
    }

    /// A handle's size as shown, pixels: libheif applies the file's rotation and mirroring
    /// (irot, imir) itself, and reports the size after them.
    static func size(of handle: OpaquePointer) -> PixelSize {
        PixelSize(width: Int(heif_image_handle_get_width(handle)), height: Int(heif_image_handle_get_height(handle)))
    }

    /// The item ID of `handle` (the primary image or a thumbnail), or nil.
    func itemID(of handle: OpaquePointer) -> Int? {
        handle == primary ? itemIDs.first : thumbnails.firstIndex(of: handle).map { itemIDs[$0 + 1] }
    }

    /// The image to decode for `wanted` upright pixels of a picture of `full` pixels: the
    /// smallest thumbnail at least as large as `wanted` on both sides (and shaped like the
    /// picture: landscape stays landscape), else the primary image.
    func image(covering wanted: PixelSize, full: PixelSize) -> OpaquePointer {
        var best = primary, bestPixels = full.pixelCount
        for thumbnail in thumbnails {
            let size = Self.size(of: thumbnail)
            guard size.width >= wanted.width, size.height >= wanted.height, size.pixelCount < bestPixels,
                  (size.width >= size.height) == (full.width >= full.height) else { continue }
            best = thumbnail
            bestPixels = size.pixelCount
        }
        return best
    }

    /// Whether the primary image's EXIF (its first `Exif` item, at most 1 MB) says Adobe RGB
    /// (`ExifColorSpace`); consulted only when the file has no ICC profile.
    var exifSaysAdobeRGB: Bool {
        exif.map(ExifColorSpace.isAdobeRGB(heifExif:)) ?? false
    }

    /// The primary image's first `Exif` item (a 4-byte offset, then the TIFF structure), at
    /// most 1 MB; nil when there is none, it is shorter than 12 bytes or cannot be read.
    var exif: [UInt8]? {
        var id: heif_item_id = 0
        guard heif_image_handle_get_list_of_metadata_block_IDs(primary, "Exif", &id, 1) == 1 else { return nil }
        let count = heif_image_handle_get_metadata_size(primary, id)
        guard count >= 12, count <= 1 << 20 else { return nil }
        var bytes = [UInt8](repeating: 0, count: count)
        guard heif_image_handle_get_metadata(primary, id, &bytes).code == heif_error_Ok else { return nil }
        return bytes
    }

    /// The primary image's ICC profile (a `prof` or `rICC` colour box), or nil.
    var iccProfile: [UInt8]? {
        let count = heif_image_handle_get_raw_color_profile_size(primary)
        guard count > 0, count <= 16 << 20 else { return nil }
        var profile = [UInt8](repeating: 0, count: count)
        guard heif_image_handle_get_raw_color_profile(primary, &profile).code == heif_error_Ok else { return nil }
        return profile
    }
}

/// HEIF stills (HEIC, AVIF) through libheif: planned from the primary image's size (after the
/// file's transformations) before anything is decoded, a thumbnail decoded instead of the
/// picture when one is large enough for the target (an embedded preview: a faster first
/// paint). libheif decodes to its native planes — YCbCr at the coded chroma format (4:2:0 is
/// 1.5 bytes a pixel at 8 bits), or monochrome; 2 bytes a sample above 8 bits — with its
/// rotation and mirroring applied (EXIF orientation is not applied again); the planes are then
/// converted to RGBA a row at a time and reduced to the target as the rows come
/// (`RowDownscaler`), so no full-size RGBA image is ever made. A single 8-bit 4:2:0 HEVC image
/// (no grid, alpha or crop) is decoded by libde265 directly instead, its planes read in place
/// (`HEIFDirectDecode.swift`, `HEVCFrameDecoder`): libheif's copy of them is never made.
enum HEIFDecoder {
    /// Bytes a coded pixel the HEVC and AV1 decoders keep beside their own planes, doubled
    /// (3: 1.5 bytes): libde265's prediction, motion-vector, transform and deblocking maps.
    /// Measured: a 48 MP 4:2:0 frame peaks at 2.9 bytes a pixel inside libde265 (planes 1.5).
    static let decoderMapHalfBytes = 3

    /// The tiles of a grid libheif decodes at once, each on its own thread (libheif's default,
    /// set explicitly so that the estimate holds): 4.
    static let gridThreads = 4

    /// The bytes of planes of `pixels` pixels at `chroma`, `sampleBytes` a sample, with an
    /// alpha plane when `alpha`.
    static func planeBytes(pixels: Int, chroma: HEIFCoding.Chroma, sampleBytes: Int, alpha: Bool) -> Int {
        pixels * sampleBytes * (chroma.halfSamplesPerPixel + (alpha ? 2 : 0)) / 2
    }

    /// The memory a decode of `handle` (of a file coded as `coding` says) to `wanted` pixels
    /// takes beyond the file and the output, bytes: libheif's planes of the whole image (its
    /// chroma format, 2 bytes a sample above 8 bits, alpha); the larger of the decoder's own
    /// memory for the largest image it codes at once (a grid's tile, else the image: its planes
    /// and maps) and libheif's second copy of the planes (turned by irot/imir, or converted to
    /// another chroma format); one RGBA row and the reduction's sums. A grid (the primary image
    /// only) is assembled by libheif 1.15 in planar RGB, 3 samples a pixel, from `gridThreads`
    /// tiles decoded at once, each with its planes, maps and RGB copy (measured: a 48 MP grid of
    /// 1008² tiles peaks 160 MB over the process, against an estimate of 171 MB).
    static func workingBytes(_ handle: OpaquePointer, coding: HEIFCoding, isPrimary: Bool, wanted: PixelSize) -> Int {
        let size = HEIFFile.size(of: handle)
        let sampleBytes = heif_image_handle_get_luma_bits_per_pixel(handle) > 8 ? 2 : 1
        let alpha = heif_image_handle_has_alpha_channel(handle) != 0
        let chroma = coding.chroma ?? .yuv444
        let rows = size.width * 4 + RowDownscaler.workingBytes(width: size.width, size: wanted)
        let maps = decoderMapHalfBytes
        if isPrimary && coding.isGrid {
            let planes = planeBytes(pixels: size.pixelCount, chroma: .yuv444, sampleBytes: sampleBytes, alpha: alpha)
            let tiles = min(gridThreads * coding.codedPixels(full: size), size.pixelCount)
            let decoder = planeBytes(pixels: tiles, chroma: chroma, sampleBytes: sampleBytes, alpha: false) + tiles * maps / 2
                + planeBytes(pixels: tiles, chroma: .yuv444, sampleBytes: sampleBytes, alpha: false)
            return planes + max(decoder, coding.libheifTurnsPrimary ? planes : 0) + rows
        }
        let planes = planeBytes(pixels: size.pixelCount, chroma: chroma, sampleBytes: sampleBytes, alpha: alpha)
        let coded = size.pixelCount
        let decoder = planeBytes(pixels: coded, chroma: chroma, sampleBytes: sampleBytes, alpha: false) + coded * maps / 2
        let copy = chromaConverted(coding) || (isPrimary ? coding.libheifTurnsPrimary : coding.transforms) ? planes : 0
        return planes + max(decoder, copy) + rows
    }

    /// Whether libheif converts a single image's planes to another chroma format (the file mixes
    /// them, or none is known).
    static func chromaConverted(_ coding: HEIFCoding) -> Bool { coding.chroma == nil || coding.colorFormats.count > 1 }

    /// Decodes `handle` of `file` and reduces it to `wanted` upright pixels (or the largest size
    /// of its shape within them, for a thumbnail a pixel off the picture's aspect). Throws a
    /// `PictureError` naming `name`. A direct decode (`HEIFFile.directItem`) uses `threads` of
    /// libde265's worker threads (`threads(_:handle:wanted:limits:)`).
    static func decode(_ file: HEIFFile, handle: OpaquePointer, wanted: PixelSize, threads: Int = 0, name: String) throws -> RGBAImage {
        if let item = file.directItem(handle) {
            return try decodeDirect(file, handle: handle, item: item, wanted: wanted, threads: threads, name: name)
        }
        guard let options = heif_decoding_options_alloc() else {
            throw PictureError.unreadable(path: name, reason: "libheif could not start")
        }
        defer { heif_decoding_options_free(options) }
        var decoded: OpaquePointer?
        let (colorspace, chroma) = file.coding.request(grid: handle == file.primary && file.coding.isGrid)
        // The primary image's irot/imir applied here, while the rows are read, rather than by
        // libheif on a copy of the whole image.
        let transforms = handle == file.primary ? file.coding.primaryTransforms ?? [] : []
        if !transforms.isEmpty { options.pointee.ignore_transformations = 1 }
        try check(heif_decode_image(handle, &decoded, colorspace, chroma, options), name: name)
        guard let decoded else { throw PictureError.corrupt(path: name, reason: "libheif returned no image") }
        defer { heif_image_release(decoded) }
        var planes = try HEIFPlanes(decoded, handle: handle, name: name)
        let decodedSize = PixelSize(width: planes.width, height: planes.height)
        guard file.coding.declares(decoded: decodedSize) else {
            throw PictureError.corrupt(path: name, reason: "libheif decoded \(decodedSize.width)×\(decodedSize.height) pixels, more than the file's image sizes declare")
        }
        planes.orient(transforms)
        // The alpha is straight: a file that marks its colour premultiplied (libheif's `prem`
        // reference) is divided back a row at a time, as the viewer's pictures are straight.
        let premultiplied = planes.hasAlpha && heif_image_is_premultiplied_alpha(decoded) != 0
        return image(from: planes, premultiplied: premultiplied, wanted: wanted, file: file)
    }

    /// `planes` (upright) converted a row at a time and reduced to `wanted` as the rows come
    /// (`RowDownscaler`; the largest size of its shape within `wanted`), each row divided by its
    /// alpha first when `premultiplied`; then converted to sRGB from `file`'s ICC profile (or
    /// from Adobe RGB when its EXIF says so).
    static func image(from planes: HEIFPlanes, premultiplied: Bool, wanted: PixelSize, file: HEIFFile) -> RGBAImage {
        let size = PixelSize(width: planes.width, height: planes.height)
        let target = size == wanted ? size : PictureTarget.stretch(wanted).size(for: size)
        let row = UnsafeMutablePointer<UInt8>.allocate(capacity: planes.width * 4)
        defer { row.deallocate() }
        var image: RGBAImage
        if target == size {
            let rowBytes = size.width * 4
            let pixels = [UInt8](unsafeUninitializedCapacity: size.pixelCount * 4) { buffer, count in
                for y in 0..<size.height {
                    planes.convertRow(y, into: buffer.baseAddress! + y * rowBytes)
                    if premultiplied { RGBAImage.unpremultiply(buffer.baseAddress! + y * rowBytes, count: size.width) }
                }
                count = size.pixelCount * 4
            }
            image = RGBAImage(width: size.width, height: size.height, pixels: pixels)
        } else {
            let reduced = RowDownscaler(width: size.width, height: size.height, to: target, premultiply: planes.hasAlpha)
            for y in 0..<size.height {
                planes.convertRow(y, into: row)
                if premultiplied { RGBAImage.unpremultiply(row, count: size.width) }
                reduced.add(row)
            }
            image = RGBAImage(width: reduced.size.width, height: reduced.size.height, pixels: reduced.finish())
        }
        if let profile = file.iccProfile {
            ColorConversion.convertToSRGB(&image, iccProfile: profile)
        } else if file.exifSaysAdobeRGB {
            ColorConversion.convertAdobeRGBToSRGB(&image)
        }
        return image
    }

    /// Throws the `PictureError` for a libheif error (nothing for `heif_error_Ok`): data that
    /// ends early is truncated; unsupported codecs and features unsupported; anything else
    /// (libheif's security limits included) corrupt, with libheif's message.
    static func check(_ error: heif_error, name: String) throws {
        guard error.code != heif_error_Ok else { return }
        let message = error.message.map { String(cString: $0) } ?? "libheif error \(error.code.rawValue)"
        let reason = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        if error.subcode == heif_suberror_End_of_data { throw PictureError.truncated(path: name, reason: reason) }
        switch error.code {
        case heif_error_Unsupported_filetype, heif_error_Unsupported_feature:
            throw PictureError.unsupported(path: name, reason: reason)
        case heif_error_Decoder_plugin_error where error.subcode == heif_suberror_Unsupported_codec:
            throw PictureError.unsupported(path: name, reason: reason)
        default:
            throw PictureError.corrupt(path: name, reason: reason)
        }
    }
}
