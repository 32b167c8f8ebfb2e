import CardEvents
import CardLayout
import CardMath
import CardPixels
import CardTestSupport
@testable import CardViewerCore
import Testing

/// SPEC §13's histogram with clipping warnings (`G`) and focus peaking (`K`) in the photo view,
/// through replays: both off by default, toggled with a message and a redraw, kept across steps
/// and reopening, nothing in the layout view; the panel's lines, percentages and bars.
@Suite struct HistogramViewTests {
    func key(_ name: String, at time: Double) -> String { #"{"time": \#(time), "type": "key", "key": "\#(name)"}"# }

    /// A picture with `blown` white pixels, `crushed` black ones and 10 mid-grey ones.
    static func histogram(blown: Int, crushed: Int) -> PictureHistogram {
        var pixels: [UInt8] = []
        for _ in 0..<blown { pixels += [255, 255, 255, 255] }
        for _ in 0..<crushed { pixels += [0, 0, 0, 255] }
        for _ in 0..<10 { pixels += [128, 128, 128, 255] }
        return PictureHistogram(RGBAImage(width: blown + crushed + 10, height: 1, pixels: pixels))
    }

    /// A session of 6 cards whose histograms are asked for through `asked` (card i: i blown
    /// pixels, 2 crushed).
    func session(asked: @escaping (CardID) -> Void = { _ in }) -> ViewerSession {
        let session = makeSession(.grid, cards: 6)
        session.pictureSize = { _ in Size(width: 4000, height: 3000) }
        session.pictureHistogram = { id in
            asked(id)
            return Self.histogram(blown: Int(id.rawValue), crushed: 2)
        }
        return session
    }

    func histogramPanel(_ session: ViewerSession) -> OverlayPanel? {
        session.overlayPanels.first { $0.placement == .bottomRight }
    }

    @Test("off by default; G in the photo view shows the panel and the warnings, says so, redraws; G hides them")
    func toggles() throws {
        var asks = 0
        let session = session(asked: { _ in asks += 1 })
        try play(script([key("g", at: 0.1), key("k", at: 0.2)], end: 0.3), into: session)
        // The layout view: neither key does anything here.
        #expect(!session.showsClipping && !session.showsPeaking && histogramPanel(session) == nil)
        try play(script([key("enter", at: 0.1)], end: 0.6), into: session)
        #expect(!session.showsClipping && !session.showsPeaking && histogramPanel(session) == nil)
        #expect(asks == 0)  // hidden: never asked
        session.prepareFrame()
        #expect(!session.needsDisplay)
        session.handle(.key(KeyEvent(key: .character("g"), isDown: true, time: session.time + 0.05)))
        #expect(session.showsClipping)
        #expect(session.needsDisplay)  // the window redraws
        #expect(session.messageText?.hasPrefix("histogram on") == true)
        let panel = try #require(histogramPanel(session))
        #expect(panel.lines == ["Histogram: luminance, R, G, B", "blown 0.00 % | crushed 16.67 %"])  // card 0: 0, 2, 10
        #expect(panel.chart != nil)
        try play(script([key("space", at: 0.1)], end: 0.3), into: session)  // card 1: 1 blown of 13
        #expect(histogramPanel(session)?.lines.last == "blown 7.69 % | crushed 15.38 %")
        try play(script([key("g", at: 0.1)], end: 0.15), into: session)
        #expect(!session.showsClipping && histogramPanel(session) == nil)
        #expect(session.messageText == "histogram off")
    }

    @Test("K toggles focus peaking in the photo view, kept across steps and reopening")
    func peaking() throws {
        let session = session()
        try play(script([key("enter", at: 0.1), key("k", at: 0.7)], end: 0.8), into: session)
        #expect(session.showsPeaking)
        #expect(session.messageText?.hasPrefix("focus peaking on") == true)
        try play(script([key("space", at: 0.1), key("escape", at: 0.2)], end: 0.8), into: session)
        #expect(!session.showsPeaking)  // the layout view shows no peaking
        try play(script([key("enter", at: 0.1)], end: 0.7), into: session)
        #expect(session.showsPeaking)
        try play(script([key("k", at: 0.1)], end: 0.2), into: session)
        #expect(!session.showsPeaking)
        #expect(session.messageText == "focus peaking off")
    }

    @Test("the histogram stays on across closing and opening the photo view")
    func staysOn() throws {
        let session = session()
        try play(script([key("enter", at: 0.1), key("g", at: 0.7), key("escape", at: 0.8)], end: 1.4), into: session)
        #expect(!session.showsClipping && histogramPanel(session) == nil)
        try play(script([key("enter", at: 0.1)], end: 0.7), into: session)
        #expect(session.showsClipping && histogramPanel(session) != nil)
    }

    @Test("a histogram still counting says so, and the panel follows when it arrives")
    func arrives() throws {
        let session = makeSession(.grid, cards: 3)
        var ready = false
        session.pictureHistogram = { _ in ready ? Self.histogram(blown: 5, crushed: 0) : nil }
        try play(script([key("enter", at: 0.1), key("g", at: 0.7)], end: 0.8), into: session)
        #expect(histogramPanel(session)?.lines == ["Histogram", "counting..."])
        #expect(histogramPanel(session)?.chart == nil)
        ready = true
        try play(script([], end: 0.9), into: session)
        #expect(histogramPanel(session)?.lines.last == "blown 33.33 % | crushed 0.00 %")
    }

    @Test("the keys are in the photo view's help and the histogram's own table")
    func keyTables() {
        #expect(PhotoView.keys.keys.contains("G"))
        #expect(PhotoView.keys.keys.contains("K"))
        #expect(HistogramView.keys.keys == ["G", "K", "?"])
    }

    @Test("bars: per channel, one per non-empty bin, the tallest inner bin the strip's height, bottoms on the strip's floor")
    func bars() {
        let histogram = Self.histogram(blown: 30, crushed: 15)  // 30 at 255, 15 at 0, 10 at 128
        let chart = HistogramPanel.chart(histogram)
        #expect(chart.width == HistogramPanel.stripWidth)
        #expect(chart.height == 4 * HistogramPanel.stripHeight + 3 * HistogramPanel.stripGap)
        #expect(chart.bars.count == 4 * 3)
        let h = Float(HistogramPanel.stripHeight), binWidth = Float(HistogramPanel.stripWidth) / 256
        for (row, color) in HistogramPanel.colors.enumerated() {
            let strip = chart.bars.filter { $0.color == color }
            let floor = Float(row * (HistogramPanel.stripHeight + HistogramPanel.stripGap)) + h
            #expect(strip.count == 3)
            for bar in strip { #expect(abs(bar.rect.y + bar.rect.w - floor) < 1e-4) }
            let byBin = Dictionary(uniqueKeysWithValues: strip.map { (Int(($0.rect.x / binWidth).rounded()), $0.rect.w) })
            // Scaled to the tallest bin between the ends (128); the clipped ends cut at the top.
            #expect(byBin[128] == h)
            #expect(byBin[0] == h && byBin[255] == h)
        }
        // Heights in proportion to the scale: 5 and 20 pixels in bins 10 and 20, 40 blown.
        var pixels: [UInt8] = []
        for (value, n) in [(UInt8(10), 5), (20, 20), (255, 40)] { for _ in 0..<n { pixels += [value, value, value, 255] } }
        let ramp = HistogramPanel.chart(PictureHistogram(RGBAImage(width: 65, height: 1, pixels: pixels)))
        let luminance = ramp.bars.filter { $0.color == HistogramPanel.colors[0] }.map(\.rect.w)
        #expect(luminance == [h / 4, h, h])
        #expect(HistogramPanel.scale(of: [3] + Array(repeating: 0, count: 254) + [9]) == 9)  // all at the ends
        #expect(HistogramPanel.percent(0) == "0.00 %")
        #expect(HistogramPanel.percent(0.125) == "12.50 %")
        #expect(HistogramPanel.percent(1) == "100.00 %")
    }
}
