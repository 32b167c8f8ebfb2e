import CardFormatSamples
import CardImaging
import CardLayout
import CardMath
import CardPictureDecoding
import CardPixels
import CardTestSupport
import Foundation
import Testing

/// Transparency end to end (SPEC §10): a folder of one picture in each format with alpha — bands
/// of red at alpha 0, 64, 160 and 255 (a GIF's binary alpha: 0, 0, 255, 255), red under alpha 0
/// too — shown by the real viewer (`run --headless`, screenshots read back): on the card's
/// background in the grid, on the checkerboard in the photo view, each band the compositing
/// formula's colour, the same in every format.
@Suite("transparent pictures in every format (run --headless, pixels)", .serialized)
struct TransparencyRenderTests {
    static let alphas: [UInt8] = [0, 64, 160, 255]
    static let gifAlphas: [UInt8] = [0, 0, 255, 255]
    /// The card's background (`PictureTextureArray.background`), 8-bit.
    static let background = SIMD3<Double>(51, 53.55, 63.75)
    static let red = SIMD3<Double>(255, 0, 0)

    /// A 4:1 picture of four vertical bands of red at `alphas`.
    static func bands(_ alphas: [UInt8], width: Int = 400, height: Int = 100) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width { image[x, y] = (255, 0, 0, alphas[x * alphas.count / width]) }
        }
        return image
    }

    /// The files, in deck order, with their bands' alphas and the tolerance their coding needs.
    static func files() throws -> [(name: String, bytes: [UInt8], alphas: [UInt8], tolerance: Int)] {
        let image = bands(alphas)
        var files: [(name: String, bytes: [UInt8], alphas: [UInt8], tolerance: Int)] = [
            ("1.png", try PNGCodec.encode(image), alphas, 4),
            ("2.webp", WebPEncoder.encode(image, lossless: true), alphas, 4),
            ("3.tif", TIFFEncoder.encode(image, layout: .strips(rows: 16), alpha: true), alphas, 4),
        ]
        let indices = (0..<(400 * 100)).map { UInt8($0 % 400 < 200 ? 0 : 1) }
        files.append(("4.gif", GIFEncoder.encode(canvas: PixelSize(width: 400, height: 100), palette: [(255, 0, 0), (255, 0, 0)],
                                                 frames: [GIFEncoder.Frame(indices: indices, width: 400, height: 100, transparent: 0)]),
                      gifAlphas, 4))
        files.append(("5.heic", try HEIFSample.encode(image, codec: .hevc, quality: 100, alpha: true), alphas, 10))
        files.append(("6.avif", try HEIFSample.encode(image, codec: .av1, quality: 100, alpha: true), alphas, 10))
        return files
    }

    /// `color` at `alpha` over `below`.
    static func over(_ color: SIMD3<Double>, _ alpha: UInt8, _ below: SIMD3<Double>) -> SIMD3<Double> {
        color * (Double(alpha) / 255) + below * (1 - Double(alpha) / 255)
    }

    /// The photo view's checkerboard (card.frag: squares of 8 window pixels from the bottom-left
    /// corner, greys 0.40 and 0.60) at (x, y), y from the top of a `height`-pixel window.
    static func checker(_ x: Int, _ y: Int, height: Int) -> SIMD3<Double> {
        SIMD3(repeating: (x / 8 + (height - 1 - y) / 8) % 2 == 0 ? 102 : 153)
    }

    static func near(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ e: SIMD3<Double>, _ tolerance: Int) -> Bool {
        abs(Double(p.r) - e.x) <= Double(tolerance) && abs(Double(p.g) - e.y) <= Double(tolerance) && abs(Double(p.b) - e.z) <= Double(tolerance)
    }

    @Test("each band is the formula's colour on the grid's cards and on the photo view's checkerboard, in PNG, WebP, TIFF, GIF, HEIC and AVIF")
    func everyFormatInGridAndPhotoView() throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let images = try folder.folder("images")
        let files = try Self.files()
        for file in files { try Data(file.bytes).write(to: images.appendingPathComponent(file.name)) }
        let shots = try folder.folder("shots")
        // The grid first, then each picture in the photo view (Right: the next one).
        var events = [#"{"time": 0, "type": "waitForPictures"}"#, #"{"time": 0.1, "type": "key", "key": "s"}"#,
                      #"{"time": 0.2, "type": "key", "key": "enter"}"#]
        var time = 0.6
        for index in files.indices {
            if index > 0 { events.append(#"{"time": \#(time), "type": "key", "key": "right"}"#); time += 0.4 }
            events.append(#"{"time": \#(time), "type": "waitForPictures"}"#)
            events.append(#"{"time": \#(time), "type": "key", "key": "s"}"#)
            time += 0.1
        }
        let script = #"{"events": [\#(events.joined(separator: ", "))], "end": \#(time + 0.1)}"#
        let outcome = try ViewerTest.replay(script, in: folder.url, arguments: [
            "--size", "640x400", "--layout", "grid", "--images", images.path, "--thumbnail-cache", "off", "--screenshot-dir", shots.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let taken = PictureFolderReplayTests.screenshots(outcome)
        try #require(taken.count == files.count + 1, "\(outcome.stdout)")
        let frames = try taken.map { try PNGCodec.read(contentsOf: $0) }

        try #require(frames.allSatisfy { $0.width == 640 && $0.height == 400 })
        // The grid: each 4:1 picture fills its card's width; the bands' centres on its middle row
        // (the cards whose middle is on screen).
        let grid = GridLayout(), viewport = Size(width: 640, height: 400)
        var cardsSeen = 0
        for (index, file) in files.enumerated() {
            let slot = grid.slotFrame(at: index, viewport: viewport)
            let y = Int(slot.origin.y + slot.size.height / 2)
            guard y < 390 else { continue }
            cardsSeen += 1
            for (band, alpha) in file.alphas.enumerated() {
                let x = Int(slot.origin.x + slot.size.width * (Double(band) + 0.5) / 4)
                let expected = Self.over(Self.red, alpha, Self.background)
                #expect(Self.near(frames[0][x, y], expected, file.tolerance),
                        "grid, \(file.name) band \(band) at (\(x), \(y)): \(frames[0][x, y]), expected \(expected)")
            }
        }
        #expect(cardsSeen >= 3, "\(cardsSeen) cards on screen")
        // The photo view: 640 × 160 at y 120…280; the bands' centres at x 80, 240, 400, 560.
        for (index, file) in files.enumerated() {
            let frame = frames[index + 1]
            for (band, alpha) in file.alphas.enumerated() {
                for (x, y) in [(80 + 160 * band, 200), (84 + 160 * band, 213), (70 + 160 * band, 150)] {
                    let expected = Self.over(Self.red, alpha, Self.checker(x, y, height: 400))
                    #expect(Self.near(frame[x, y], expected, file.tolerance),
                            "photo view, \(file.name) band \(band) at (\(x), \(y)): \(frame[x, y]), expected \(expected)")
                }
            }
        }
    }
}
