import CardPixels

/// The histogram panel's content (SPEC §13, `G`): a title, the clipped shares, and four strips
/// of 256 bars — luminance, red, green, blue — each scaled to its own tallest bin. Pure, so
/// tests read it without a window.
enum HistogramPanel {
    /// A strip's size, font pixels: two bins a font pixel (one point a bin at the overlay's
    /// usual 2 points a font pixel), and the gap between strips.
    static let stripWidth = 128
    static let stripHeight = 20
    static let stripGap = 2

    /// The strips' colours, in order: luminance (light grey), red, green, blue.
    static let colors: [SIMD4<Float>] = [SIMD4(0.85, 0.85, 0.85, 1), SIMD4(1, 0.3, 0.3, 1), SIMD4(0.3, 1, 0.3, 1), SIMD4(0.4, 0.5, 1, 1)]

    /// The panel's lines for `histogram` (nil: still being counted).
    static func lines(_ histogram: PictureHistogram?) -> [String] {
        guard let histogram else { return ["Histogram", "counting..."] }
        return ["Histogram: luminance, R, G, B",
                "blown \(percent(histogram.blownFraction)) | crushed \(percent(histogram.crushedFraction))"]
    }

    /// `fraction` (0…1) as a percentage with two decimals: `0.00 %`, `12.50 %`, `100.00 %`.
    static func percent(_ fraction: Double) -> String {
        let hundredths = Int((min(max(fraction, 0), 1) * 10_000).rounded())
        let rest = hundredths % 100
        return "\(hundredths / 100).\(rest < 10 ? "0" : "")\(rest) %"
    }

    /// The strips of `histogram`: per channel, per non-empty bin, a bar from the strip's floor
    /// up to count / the channel's scale (`scale(of:)`), capped at the strip's height, at least a
    /// hair for a bin with any pixel.
    static func chart(_ histogram: PictureHistogram) -> OverlayChart {
        let channels = [histogram.luminance, histogram.red, histogram.green, histogram.blue]
        var bars: [OverlayChart.Bar] = []
        let binWidth = Float(stripWidth) / Float(PictureHistogram.binCount)
        for (row, counts) in channels.enumerated() {
            let tallest = scale(of: counts)
            guard tallest > 0 else { continue }
            let floor = Float(row * (stripHeight + stripGap) + stripHeight)
            for (bin, count) in counts.enumerated() where count > 0 {
                let height = max(Float(stripHeight) * min(Float(count) / Float(tallest), 1), 0.5)
                bars.append(OverlayChart.Bar(rect: SIMD4(Float(bin) * binWidth, floor - height, binWidth, height), color: colors[row]))
            }
        }
        return OverlayChart(width: stripWidth, height: 4 * stripHeight + 3 * stripGap, bars: bars)
    }

    /// The count a channel's strip is scaled to: its tallest bin between the ends (0 and 255
    /// hold the clipped pixels, which the panel states in percent and the picture shows: a
    /// blown sky would flatten the rest), or its tallest bin when every pixel is at an end.
    static func scale(of counts: [Int]) -> Int {
        let inner = counts.dropFirst().dropLast().max() ?? 0
        return inner > 0 ? inner : counts.max() ?? 0
    }

    /// The panel, at the bottom-right corner: the lines, and the chart once counted.
    static func panel(_ histogram: PictureHistogram?) -> OverlayPanel {
        OverlayPanel(lines: lines(histogram), placement: .bottomRight, chart: histogram.map(chart))
    }
}
