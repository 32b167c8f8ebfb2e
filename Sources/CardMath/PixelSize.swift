/// A size in device pixels (framebuffer pixels, not points).
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// True when there is nothing to draw into (a minimised window is 0 × 0).
    public var isEmpty: Bool { width == 0 || height == 0 }

    public var description: String { "\(width)x\(height)" }
}
