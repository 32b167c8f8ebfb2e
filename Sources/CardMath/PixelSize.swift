/// A size in whole pixels: a picture, a texture layer, a framebuffer (device pixels, not points).
///
/// The one pixel-size type of the package: the window, the renderer, the picture decoders and
/// the texture-pool policy all speak it. Negative sides given to `init` become 0.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// A size of `width` × `height` pixels; a negative side becomes 0.
    @inlinable public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// True when there is nothing to draw into (a minimised window is 0 × 0).
    @inlinable public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// Width over height; 0 for an empty size.
    @inlinable public var aspect: Double {
        width > 0 && height > 0 ? Double(width) / Double(height) : 0
    }

    /// Width · height.
    @inlinable public var pixelCount: Int { width * height }

    /// Bytes of an 8-bit RGBA image this size.
    @inlinable public var rgbaBytes: Int { max(width, 0) * max(height, 0) * 4 }

    /// The longer side, pixels.
    @inlinable public var longerSide: Int { max(width, height) }

    /// The same size with width and height exchanged (a picture turned a quarter).
    @inlinable public var transposed: PixelSize { PixelSize(width: height, height: width) }

    /// "640x400".
    public var description: String { "\(width)x\(height)" }
}
