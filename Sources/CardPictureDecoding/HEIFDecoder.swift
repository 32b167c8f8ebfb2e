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
/// parses anything; the declared-pixels cap is checked on the handle's size (`PictureDecoder`'s
/// HEIF plan).
///
/// Not thread-safe: one decode owns it (planned and decoded on the same worker).
final class HEIFFile {
    /// The file's bytes, owned (libheif reads them in place).
    private let bytes: UnsafeMutableRawBufferPointer
    /// libheif's context.
    private let context: OpaquePointer
    /// The primary image's handle.
    let primary: OpaquePointer
    /// The thumbnails' handles (the file's embedded previews), released with the file.
    private(set) var thumbnails: [OpaquePointer] = []

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
            try HEIFDecoder.check(heif_context_read_from_memory_without_copy(context, bytes.baseAddress, count, nil), name: name)
            var handle: OpaquePointer?
            try HEIFDecoder.check(heif_context_get_primary_image_handle(context, &handle), name: name)
            guard let handle else { throw PictureError.corrupt(path: name, reason: "no primary image") }
            self.context = context
            primary = handle
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
/// paint), decoded to interleaved 8-bit RGBA with libheif's rotation and mirroring applied (EXIF
/// orientation is not applied again), then reduced to the target.
enum HEIFDecoder {
    /// The memory a decode of `handle` takes beyond the file, bytes: the decoded planes (three
    /// colour planes and alpha, at most 4:4:4, 2 bytes a sample above 8 bits), the RGBA image
    /// libheif converts them to, and its rotated copy.
    static func workingBytes(_ handle: OpaquePointer) -> Int {
        let size = HEIFFile.size(of: handle)
        let sampleBytes = heif_image_handle_get_luma_bits_per_pixel(handle) > 8 ? 2 : 1
        let planes = 3 + (heif_image_handle_has_alpha_channel(handle) != 0 ? 1 : 0)
        return size.pixelCount * (planes * sampleBytes + 8)
    }

    /// Decodes `handle` of `file` and reduces it to `wanted` upright pixels (or the largest size
    /// of its shape within them, for a thumbnail a pixel off the picture's aspect). Throws a
    /// `PictureError` naming `name`.
    static func decode(_ file: HEIFFile, handle: OpaquePointer, wanted: PixelSize, name: String) throws -> RGBAImage {
        guard let options = heif_decoding_options_alloc() else {
            throw PictureError.unreadable(path: name, reason: "libheif could not start")
        }
        defer { heif_decoding_options_free(options) }
        var decoded: OpaquePointer?
        try check(heif_decode_image(handle, &decoded, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, options), name: name)
        guard let decoded else { throw PictureError.corrupt(path: name, reason: "libheif returned no image") }
        defer { heif_image_release(decoded) }
        let width = Int(heif_image_get_width(decoded, heif_channel_interleaved))
        let height = Int(heif_image_get_height(decoded, heif_channel_interleaved))
        var stride: Int32 = 0
        guard width > 0, height > 0, heif_image_get_bits_per_pixel(decoded, heif_channel_interleaved) == 32,
              let plane = heif_image_get_plane_readonly(decoded, heif_channel_interleaved, &stride),
              Int(stride) >= width * 4 else {
            throw PictureError.corrupt(path: name, reason: "libheif decoded no 8-bit RGBA image")
        }
        // Rows packed (libheif pads them), then reduced; the alpha is straight (a file that marks
        // its colour premultiplied, libheif's `prem` reference, is divided back here, as the
        // viewer's pictures are straight), so premultiplied while averaging when there is alpha.
        let rowBytes = width * 4
        let premultiplied = heif_image_is_premultiplied_alpha(decoded) != 0
        let pixels = [UInt8](unsafeUninitializedCapacity: rowBytes * height) { buffer, count in
            for y in 0..<height {
                UnsafeMutableRawPointer(buffer.baseAddress! + y * rowBytes).copyMemory(from: plane + y * Int(stride), byteCount: rowBytes)
                if premultiplied { RGBAImage.unpremultiply(buffer.baseAddress! + y * rowBytes, count: width) }
            }
            count = rowBytes * height
        }
        let size = PixelSize(width: width, height: height)
        let target = size == wanted ? size : PictureTarget.stretch(wanted).size(for: size)
        var image = RGBAImage(width: width, height: height, pixels: pixels)
        if target != size {
            let alpha = heif_image_handle_has_alpha_channel(handle) != 0
            image = pixels.withUnsafeBufferPointer { source in
                RGBAImage(width: target.width, height: target.height,
                          pixels: AreaDownscaler.downscale(source, width: width, height: height, to: target, premultiply: alpha))
            }
        }
        if let profile = file.iccProfile { ColorConversion.convertToSRGB(&image, iccProfile: profile) }
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
