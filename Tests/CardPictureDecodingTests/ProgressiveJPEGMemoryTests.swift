import CardFormatSamples
import CardMath
import CardTestSupport
import Foundation
import Testing
@testable import CardPictureDecoding

/// What a progressive 4:4:4 JPEG really costs against its estimate (`PictureCost`, issue 31):
/// libjpeg keeps every DCT coefficient — 64 of 2 bytes per 8×8 block of each of the three
/// full-size components — plus the file, held whole, and the output. The decode budget is only
/// as good as this estimate, so a decoding child's peak is measured against it.
@Suite("a 24 MP progressive 4:4:4 JPEG takes what its estimate says")
struct ProgressiveJPEGMemoryTests {
    static let card = PictureTarget.fit(PixelSize(width: 256, height: 256))

    @Test("the estimate: 144 MB of coefficients, the file and the output")
    func theEstimate() throws {
        let jpeg = PhotoJPEG.make()
        let cost = try PictureDecoder.plan(jpeg, name: "photo.jpg", target: Self.card, limits: .standard).cost
        // 750 × 500 blocks of each of 3 components, 128 bytes each.
        #expect(cost.working == 750 * 500 * 3 * 128)
        #expect(cost.input == jpeg.count)
        // Decoded at 1/8 (750 × 500 RGBA), then reduced to the card (256 wide).
        let wanted = Self.card.size(for: PixelSize(width: 6000, height: 4000))
        #expect(wanted.width == 256 && cost.output == 750 * 500 * 4 + wanted.pixelCount * 4)
    }

    @Test("a decoding child's peak is the estimate, within 8 MiB")
    func thePeakIsTheEstimate() throws {
        let tool = try #require(ChildProcess.executable("picture-tool"), "picture-tool not built; run swift build --build-tests")
        let folder = try TemporaryFolder("progressive-memory")
        defer { folder.remove() }
        let photo = folder.path("photo.jpg"), small = folder.path("small.jpg")
        try Data(PhotoJPEG.make()).write(to: URL(fileURLWithPath: photo))
        try Data(PhotoJPEG.make(width: 64, height: 48)).write(to: URL(fileURLWithPath: small))
        let cost = try PictureDecoder.cost(contentsOf: photo, target: Self.card)
        func peak(_ path: String) throws -> Int {
            let outcome = try ChildProcess.run(tool, ["decode", "--fit", "256x256", "--peak-memory", path])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            return try #require(ChildProcess.reportedPeak(in: outcome.stdout))
        }
        let extra = try peak(photo) - peak(small)
        // Never more than the estimate (the budget holds) and not far below it (the estimate
        // is what libjpeg takes, not a guess that happens to be large).
        #expect(extra <= cost.total + (8 << 20), "decoding took \(extra >> 20) MiB over the baseline; estimated \(cost.total >> 20) MiB")
        #expect(extra >= cost.working, "decoding took \(extra >> 20) MiB over the baseline; coefficients \(cost.working >> 20) MiB")
        print("24 MP progressive 4:4:4 JPEG (\(cost.input) bytes): \(extra >> 20) MiB over the baseline, estimate \(cost.total >> 20) MiB")
    }
}
