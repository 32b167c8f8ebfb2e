import CardMath
import CardPixels

/// How a stored picture must be turned to show upright: the EXIF Orientation tag's values 1–8,
/// named by what the stored picture's first row and column are when shown.
public enum PictureOrientation: Int, Hashable, Sendable, CaseIterable {
    /// 1: stored upright.
    case up = 1
    /// 2: stored mirrored left-right.
    case upMirrored = 2
    /// 3: stored upside down (turn 180°).
    case down = 3
    /// 4: stored mirrored top-bottom.
    case downMirrored = 4
    /// 5: stored transposed (rows are the shown columns).
    case leftMirrored = 5
    /// 6: stored turned a quarter anticlockwise; shown after turning it a quarter clockwise.
    case right = 6
    /// 7: stored transversed (transposed and turned 180°).
    case rightMirrored = 7
    /// 8: stored turned a quarter clockwise; shown after turning it a quarter anticlockwise.
    case left = 8

    /// Whether the shown width is the stored height (orientations 5–8).
    public var swapsAxes: Bool { rawValue >= 5 }

    /// The stored pixel (x, y) shown at upright pixel (u, v), for a stored picture of
    /// `width × height` pixels.
    @inline(__always)
    func storedPixel(u: Int, v: Int, width: Int, height: Int) -> (x: Int, y: Int) {
        switch self {
        case .up: (u, v)
        case .upMirrored: (width - 1 - u, v)
        case .down: (width - 1 - u, height - 1 - v)
        case .downMirrored: (u, height - 1 - v)
        case .leftMirrored: (v, u)
        case .right: (v, height - 1 - u)
        case .rightMirrored: (width - 1 - v, height - 1 - u)
        case .left: (width - 1 - v, u)
        }
    }

    /// `image` (stored pixels) turned upright. `.up` returns it unchanged.
    /// - Complexity: O(pixels); one new buffer.
    public func upright(_ image: RGBAImage) -> RGBAImage {
        guard self != .up else { return image }
        let (width, height) = (image.width, image.height)
        let shown = swapsAxes ? PixelSize(width: height, height: width) : PixelSize(width: width, height: height)
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, count in
            image.pixels.withUnsafeBytes { source in
                let from = source.bindMemory(to: UInt32.self)
                let to = UnsafeMutableRawBufferPointer(out).bindMemory(to: UInt32.self)
                for v in 0..<shown.height {
                    for u in 0..<shown.width {
                        let (x, y) = storedPixel(u: u, v: v, width: width, height: height)
                        to[v * shown.width + u] = from[y * width + x]
                    }
                }
            }
            count = width * height * 4
        }
        return RGBAImage(width: shown.width, height: shown.height, pixels: pixels)
    }
}
