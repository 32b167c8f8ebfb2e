import CWebP
import CardPixels

/// An animated WebP through libwebp's `WebPAnimEncoder` (libwebpmux), looping forever. Lossy at
/// `quality` (0 … 100; `record` uses 90) or lossless (every pixel exact, alpha included). The
/// encoder keeps only what it needs to diff the next frame (sub-rectangles, blending), so memory
/// stays about two frames plus the encoded bytes.
public final class AnimatedWebPWriter: AnimationWriter {
    public let width: Int, height: Int
    public let lossless: Bool
    public let quality: Float
    private let encoder: OpaquePointer

    public init(width: Int, height: Int, lossless: Bool, quality: Float = 90) throws {
        guard width > 0, height > 0, width <= 16383, height <= 16383 else {
            throw AnimationError("a WebP is at most 16383×16383 pixels, not \(width)×\(height)")
        }
        var options = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&options) != 0 else { throw AnimationError("libwebpmux: version mismatch") }
        options.anim_params.loop_count = 0  // forever
        guard let encoder = WebPAnimEncoderNew(Int32(width), Int32(height), &options) else {
            throw AnimationError("libwebpmux: cannot make an animation encoder")
        }
        self.width = width
        self.height = height
        self.lossless = lossless
        self.quality = quality
        self.encoder = encoder
    }

    deinit { WebPAnimEncoderDelete(encoder) }

    public func add(_ frame: RGBAImage, startMilliseconds: Int) throws {
        guard frame.width == width, frame.height == height else {
            throw AnimationError("frame of \(frame.width)×\(frame.height) in an animation of \(width)×\(height)")
        }
        var config = WebPConfig()
        guard WebPConfigInit(&config) != 0 else { throw AnimationError("libwebp: version mismatch") }
        config.lossless = lossless ? 1 : 0
        config.quality = lossless ? 75 : quality
        config.method = 4
        if lossless { config.exact = 1 }
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { throw AnimationError("libwebp: version mismatch") }
        picture.width = Int32(width)
        picture.height = Int32(height)
        picture.use_argb = 1
        defer { WebPPictureFree(&picture) }
        let imported = frame.pixels.withUnsafeBufferPointer { WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(width * 4)) }
        guard imported != 0 else { throw AnimationError("libwebp: out of memory importing a frame") }
        guard WebPAnimEncoderAdd(encoder, &picture, Int32(startMilliseconds), &config) != 0 else {
            throw AnimationError("libwebpmux: \(Self.message(encoder))")
        }
    }

    public func finish(endMilliseconds: Int) throws -> [UInt8] {
        guard WebPAnimEncoderAdd(encoder, nil, Int32(endMilliseconds), nil) != 0 else {
            throw AnimationError("libwebpmux: \(Self.message(encoder))")
        }
        var data = WebPData(bytes: nil, size: 0)
        guard WebPAnimEncoderAssemble(encoder, &data) != 0, let bytes = data.bytes else {
            throw AnimationError("libwebpmux: \(Self.message(encoder))")
        }
        defer { WebPFree(UnsafeMutableRawPointer(mutating: bytes)) }
        return Array(UnsafeBufferPointer(start: bytes, count: data.size))
    }

    private static func message(_ encoder: OpaquePointer) -> String {
        WebPAnimEncoderGetError(encoder).map { String(cString: $0) } ?? "cannot encode"
    }
}
