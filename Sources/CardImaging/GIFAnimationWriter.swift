import CGIF
import CardPixels

/// An animated GIF89a through giflib, looping forever (a NETSCAPE2.0 application extension).
/// Each frame is the rectangle that changed since the previous frame (the whole first frame),
/// with its own 256-colour palette made by `ColorQuantizer` (median cut: exact when the
/// rectangle has at most 256 colours) and drawn over the previous one (disposal "do not
/// dispose"); alpha is ignored (frames are opaque). Delays are in centiseconds, GIF's unit.
///
/// The bytes are collected in memory through giflib's output callback (`EGifOpen`), so that
/// the file itself is written atomically by the file layer.
public final class GIFAnimationWriter: AnimationWriter {
    public let width: Int, height: Int
    private final class Buffer { var bytes: [UInt8] = [] }
    private let buffer = Buffer()
    private var gif: UnsafeMutablePointer<GifFileType>?
    private var previous: RGBAImage?
    /// Frames waiting for their delay: the next frame's start (or the end) gives it.
    private var pending: (frame: RGBAImage, start: Int)?

    public init(width: Int, height: Int) throws {
        guard width > 0, height > 0, width <= 65535, height <= 65535 else {
            throw AnimationError("a GIF is at most 65535×65535 pixels, not \(width)×\(height)")
        }
        self.width = width
        self.height = height
        var error: Int32 = 0
        guard let gif = EGifOpen(Unmanaged.passUnretained(buffer).toOpaque(), { gif, data, count in
            guard let gif, let data, count > 0 else { return 0 }
            Unmanaged<Buffer>.fromOpaque(gif.pointee.UserData).takeUnretainedValue().bytes += UnsafeBufferPointer(start: data, count: Int(count))
            return count
        }, &error) else { throw AnimationError("giflib: cannot start a GIF (error \(error))") }
        self.gif = gif
        EGifSetGifVersion(gif, true)
        try check(EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, nil))
        // NETSCAPE2.0: sub-block 1, loop count 0 (forever), little-endian.
        try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE))
        try check(Array("NETSCAPE2.0".utf8).withUnsafeBufferPointer { EGifPutExtensionBlock(gif, 11, $0.baseAddress) })
        try check([UInt8]([1, 0, 0]).withUnsafeBufferPointer { EGifPutExtensionBlock(gif, 3, $0.baseAddress) })
        try check(EGifPutExtensionTrailer(gif))
    }

    deinit {
        if let gif {
            var error: Int32 = 0
            EGifCloseFile(gif, &error)
        }
    }

    public func add(_ frame: RGBAImage, startMilliseconds: Int) throws {
        guard frame.width == width, frame.height == height else {
            throw AnimationError("frame of \(frame.width)×\(frame.height) in an animation of \(width)×\(height)")
        }
        if let pending { try put(pending.frame, delay: centiseconds(startMilliseconds) - centiseconds(pending.start)) }
        pending = (frame, startMilliseconds)
    }

    public func finish(endMilliseconds: Int) throws -> [UInt8] {
        if let pending { try put(pending.frame, delay: centiseconds(endMilliseconds) - centiseconds(pending.start)) }
        pending = nil
        guard let gif else { throw AnimationError("giflib: the GIF was already finished") }
        self.gif = nil
        var error: Int32 = 0
        guard EGifCloseFile(gif, &error) == GIF_OK else { throw AnimationError("giflib: cannot finish the GIF (error \(error))") }
        return buffer.bytes
    }

    /// Milliseconds rounded to centiseconds.
    private func centiseconds(_ milliseconds: Int) -> Int { (milliseconds + 5) / 10 }

    /// Writes `frame`'s changed rectangle with its graphic control extension (`delay` cs).
    private func put(_ frame: RGBAImage, delay: Int) throws {
        guard let gif else { throw AnimationError("giflib: the GIF was already finished") }
        let rect: (x: Int, y: Int, width: Int, height: Int) = previous.map { Self.changedRectangle($0, frame) } ?? (0, 0, width, height)
        previous = frame
        let part = Self.crop(frame, rect)
        let quantized = ColorQuantizer.quantize(part)
        var control = GraphicsControlBlock(DisposalMode: DISPOSE_DO_NOT, UserInputFlag: false,
                                           DelayTime: Int32(max(0, min(delay, 65535))), TransparentColor: NO_TRANSPARENT_COLOR)
        var block = [GifByteType](repeating: 0, count: 4)
        let length = EGifGCBToExtension(&control, &block)
        try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(length), block))
        var size = 2
        while size < quantized.palette.count { size *= 2 }
        let colors = (0..<size).map { index -> GifColorType in
            let c: (r: UInt8, g: UInt8, b: UInt8) = index < quantized.palette.count ? quantized.palette[index] : (0, 0, 0)
            return GifColorType(Red: c.r, Green: c.g, Blue: c.b)
        }
        let map = colors.withUnsafeBufferPointer { GifMakeMapObject(Int32(size), $0.baseAddress) }
        defer { GifFreeMapObject(map) }
        try check(EGifPutImageDesc(gif, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height), false, map))
        var indices = quantized.indices
        try indices.withUnsafeMutableBufferPointer { rows in
            for y in 0..<rect.height {
                try check(EGifPutLine(gif, rows.baseAddress! + y * rect.width, Int32(rect.width)))
            }
        }
    }

    private func check(_ status: Int32) throws {
        guard status == GIF_OK else { throw AnimationError("giflib: cannot write the GIF (error \(gif?.pointee.Error ?? 0))") }
    }

    /// The smallest rectangle (pixels, top-left origin) holding every pixel whose RGB differs
    /// between `a` and `b`; one pixel at the origin when none does (a GIF frame is never empty).
    static func changedRectangle(_ a: RGBAImage, _ b: RGBAImage) -> (x: Int, y: Int, width: Int, height: Int) {
        var minX = a.width, minY = a.height, maxX = -1, maxY = -1
        a.pixels.withUnsafeBufferPointer { p in
            b.pixels.withUnsafeBufferPointer { q in
                for y in 0..<a.height {
                    let row = y * a.width * 4
                    for x in 0..<a.width {
                        let i = row + x * 4
                        if p[i] != q[i] || p[i + 1] != q[i + 1] || p[i + 2] != q[i + 2] {
                            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                        }
                    }
                }
            }
        }
        return maxX < 0 ? (0, 0, 1, 1) : (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }

    static func crop(_ image: RGBAImage, _ rect: (x: Int, y: Int, width: Int, height: Int)) -> RGBAImage {
        if rect.x == 0, rect.y == 0, rect.width == image.width, rect.height == image.height { return image }
        var pixels = [UInt8]()
        pixels.reserveCapacity(rect.width * rect.height * 4)
        for y in rect.y..<rect.y + rect.height {
            let start = (y * image.width + rect.x) * 4
            pixels += image.pixels[start..<start + rect.width * 4]
        }
        return RGBAImage(width: rect.width, height: rect.height, pixels: pixels)
    }
}
