import CardImaging
import CardPixels
import CardTestSupport
import Foundation
import Testing

/// Zoom past the screen (SPEC §10) in the real window, in `ViewerWindowTests`' serialized suite:
/// a picture of one-pixel stripes, twice the window's size, shown at 100 % shows its stripes one
/// screen pixel each — which only the picture decoded whole can show (the full tier holds the
/// window's pixels, two stripes a texel: grey) — and fitted again shows them averaged.
extension ViewerWindowTests {
    @Test("photo view: at 100 % a picture larger than the window shows one picture pixel per screen pixel")
    func photoZoomIsSharp() throws {
        guard ChildProcess.viewerExecutable != nil else {
            Issue.record("cardviewer not built")
            return
        }
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let images = try folder.folder("images")
        // 1600 × 1000: columns alternately black and white.
        var pixels: [UInt8] = []
        pixels.reserveCapacity(1600 * 1000 * 4)
        for _ in 0..<1000 {
            for x in 0..<1600 {
                let v: UInt8 = x % 2 == 0 ? 0 : 255
                pixels += [v, v, v, 255]
            }
        }
        try PNGCodec.write(RGBAImage(width: 1600, height: 1000, pixels: pixels), to: images.appendingPathComponent("stripes.png").path)
        let shots = try folder.folder("shots")

        let outcome = try WindowDriver.run(["run", "--size", "800x500", "--layout", "grid", "--images", images.path,
                                            "--thumbnail-cache", "off", "--screenshot-dir", shots.path], script: """
        sleep 2
        xdotool mousemove --window "$w" 790 490
        xdotool key --window "$w" Return
        sleep 1.5
        xdotool key --window "$w" s
        sleep 1.1
        xdotool mousemove --window "$w" 400 250
        xdotool key --window "$w" z
        sleep 4
        xdotool key --window "$w" s
        sleep 1.1
        xdotool keydown --window "$w" q
        """)
        guard WindowDriver.expectEnded(outcome) else { return }

        let names = try FileManager.default.contentsOfDirectory(atPath: shots.path).sorted()
        try #require(names.count == 2, "\(names)")
        let fitted = try PNGCodec.read(contentsOf: shots.appendingPathComponent(names[0]).path)
        let zoomed = try PNGCodec.read(contentsOf: shots.appendingPathComponent(names[1]).path)
        /// The contrast between neighbouring columns along row 250 from x 300 to 500: the mean
        /// absolute difference of the red channel.
        func contrast(_ image: RGBAImage) -> Double {
            var sum = 0
            for x in 300..<500 { sum += abs(Int(image[x, 250].r) - Int(image[x + 1, 250].r)) }
            return Double(sum) / 200
        }
        // Fitted (half size): two stripes a pixel, grey, no contrast between columns.
        #expect(contrast(fitted) < 40, "fitted: \(contrast(fitted))")
        // 100 %: every column a stripe, black against white.
        #expect(contrast(zoomed) > 200, "100 %: \(contrast(zoomed))")
    }
}
