/// Bars drawn in a panel under its lines (the histogram, SPEC §13): solid rectangles, in the
/// panel's font pixels, so they scale with its text (`OverlayFrame.pixelSize`).
public struct OverlayChart: Hashable, Sendable {
    /// One solid rectangle.
    public struct Bar: Hashable, Sendable {
        /// x, y, width, height, font pixels from the chart's top-left corner (+y down).
        public var rect: SIMD4<Float>
        /// Straight-alpha RGBA, 0…1.
        public var color: SIMD4<Float>

        public init(rect: SIMD4<Float>, color: SIMD4<Float>) {
            self.rect = rect
            self.color = color
        }
    }

    /// The chart's size, font pixels: the panel grows to hold it under its lines.
    public var width: Int
    public var height: Int
    /// The rectangles, in drawing order.
    public var bars: [Bar]

    /// Font pixels between the panel's last line and the chart.
    public static let gap = 4

    public init(width: Int, height: Int, bars: [Bar]) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.bars = bars
    }
}
