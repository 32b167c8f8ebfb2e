import CHeif
import CardPixels
import Foundation

/// HEIF files written for tests and fuzz seeds by libheif's own encoders (x265 for HEIC, aom
/// for AVIF; both built into Debian 12's libheif1), independent of the decoder under test except
/// for sharing libheif.
public enum HEIFSample {
    /// Which codec codes the image.
    public enum Codec: Sendable {
        case hevc, av1

        var compression: heif_compression_format { self == .hevc ? heif_compression_HEVC : heif_compression_AV1 }
    }

    /// `image` (RGBA; alpha dropped, or with `alpha` coded as libheif's alpha plane, an auxiliary
    /// image coded by the same encoder; with `premultipliedAlpha` too, its colour premultiplied
    /// and marked so, libheif's `prem` reference) as a HEIF file: coded with `codec` at `quality` (0–100),
    /// stored with an irot/imir transformation for EXIF-style `orientation` 1–8 (the image as
    /// shown is `image` turned that way), and with `thumbnail`, when given, scaled by libheif
    /// to fit a `thumbnailBox`-pixel square, as its thumbnail (`heif_context_encode_thumbnail`;
    /// a picture other than `image`, to tell them apart). x265 is not safe to run in several
    /// threads at once (parallel tests crashed in it): one encode at a time.
    public static func encode(_ image: RGBAImage, codec: Codec = .hevc, quality: Int32 = 90, orientation: Int = 1,
                              thumbnail: RGBAImage? = nil, thumbnailBox: Int = 160, alpha: Bool = false,
                              premultipliedAlpha: Bool = false) throws -> [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        guard let context = heif_context_alloc() else { throw SampleError("libheif could not start") }
        defer { heif_context_free(context) }
        var encoder: OpaquePointer?
        try check(heif_context_get_encoder_for_format(context, codec.compression, &encoder))
        defer { heif_encoder_release(encoder) }
        try check(heif_encoder_set_lossy_quality(encoder, quality))
        let options = heif_encoding_options_alloc()!
        defer { heif_encoding_options_free(options) }
        options.pointee.image_orientation = heif_orientation(rawValue: UInt32(orientation))
        let main = try heifImage(premultipliedAlpha ? image.premultiplied() : image, alpha: alpha || premultipliedAlpha)
        if premultipliedAlpha { heif_image_set_premultiplied_alpha(main, 1) }
        defer { heif_image_release(main) }
        var handle: OpaquePointer?
        try check(heif_context_encode_image(context, main, encoder, options, &handle))
        defer { heif_image_handle_release(handle) }
        if let thumbnail {
            let other = try heifImage(thumbnail)
            defer { heif_image_release(other) }
            var thumbHandle: OpaquePointer?
            try check(heif_context_encode_thumbnail(context, other, handle, encoder, options, Int32(thumbnailBox), &thumbHandle))
            guard thumbHandle != nil else { throw SampleError("the thumbnail picture already fits \(thumbnailBox) pixels") }
            heif_image_handle_release(thumbHandle)
        }
        let path = NSTemporaryDirectory() + "heif-sample-\(UUID().uuidString).heif"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try check(heif_context_write_to_file(context, path))
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Serialises the encodes.
    private static let lock = NSLock()

    /// A libheif image holding `image`'s RGB samples, or its RGBA samples (straight alpha) with
    /// `alpha` (interleaved, 8 bits).
    static func heifImage(_ image: RGBAImage, alpha: Bool = false) throws -> OpaquePointer {
        var made: OpaquePointer?
        let chroma = alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB, channels = alpha ? 4 : 3
        try check(heif_image_create(Int32(image.width), Int32(image.height), heif_colorspace_RGB, chroma, &made))
        guard let made else { throw SampleError("no image") }
        try check(heif_image_add_plane(made, heif_channel_interleaved, Int32(image.width), Int32(image.height), 8))
        var stride: Int32 = 0
        let plane = heif_image_get_plane(made, heif_channel_interleaved, &stride)!
        for y in 0..<image.height {
            for x in 0..<image.width {
                for c in 0..<channels { plane[y * Int(stride) + x * channels + c] = image.pixels[(y * image.width + x) * 4 + c] }
            }
        }
        return made
    }

    static func check(_ error: heif_error) throws {
        guard error.code != heif_error_Ok else { return }
        throw SampleError(error.message.map { String(cString: $0) } ?? "libheif error")
    }
}

/// Why a sample could not be made.
public struct SampleError: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}

/// Test pictures whose parts are told apart after turning and scaling.
public enum SamplePictures {
    /// A `width`×`height` picture of four quadrants: red top left, green top right, blue bottom
    /// left, white bottom right (opaque).
    public static func quadrants(width: Int, height: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let right = x >= width / 2, bottom = y >= height / 2
                image[x, y] = switch (right, bottom) {
                case (false, false): (255, 0, 0, 255)
                case (true, false): (0, 255, 0, 255)
                case (false, true): (0, 0, 255, 255)
                case (true, true): (255, 255, 255, 255)
                }
            }
        }
        return image
    }
}
