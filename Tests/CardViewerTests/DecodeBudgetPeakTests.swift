import CardFormatSamples
import CardMath
import CardPictureDecoding
import CardTestSupport
import Foundation
import Testing

/// The viewer's peak memory with valid pictures that each cost a large decode (issue 31): four
/// 24 MP progressive 4:4:4 JPEGs — 144 MB of coefficients each, plus the file — in a folder
/// with the hostile suite's good pictures, rendered by the built `cardviewer` as
/// `HostilePictureTests` renders, against the same control run. All decoding workers together
/// stay within the decode budget (`PictureLimits.defaultDecodeBudget`, 384 MB; docs/LIMITS.md
/// "Pictures"), so the peak is at most the control's + the budget + the four cards' layers.
@Suite("four 24 MP progressive 4:4:4 JPEGs: the viewer's peak within the decode budget", .serialized)
struct DecodeBudgetPeakTests {
    /// What the four cards add beyond their decodes, bytes: four more 256² card layers with
    /// mips (0.35 MB of texels, about 0.6 MB on llvmpipe) as the pool doubles from 4 layers to
    /// 8, and the decoded results waiting for upload (each at most the 1/8 decode, 1.5 MB).
    static let layersAndResults = 16 << 20

    /// The most the run may take over the control's peak: the decode budget and the cards.
    static let allowance = PictureLimits.defaultDecodeBudget + layersAndResults

    @Test("the peak stays within the control's + the decode budget (384 MB) + the cards' layers")
    func fourCameraJPEGsStayWithinTheBudget() throws {
        let jpeg = PhotoJPEG.make()
        let extra = try Self.peakOverControl(jpeg, "four 24 MP progressive 4:4:4 JPEGs")
        #expect(extra <= Self.allowance, "\(extra >> 20) MiB over the control, at most \(Self.allowance >> 20) MiB")
    }

    @Test("two pictures that do not fit the budget together are decoded one at a time, whatever the workers")
    func picturesOverHalfTheBudgetDecodeOneAtATime() throws {
        // 6400 × 4800: 184 MB of coefficients + the file each, so two together pass 384 MB.
        let jpeg = PhotoJPEG.make(width: 6400, height: 4800)
        let scratch = try TemporaryFolder("cardviewer-budget")
        defer { scratch.remove() }
        try Data(jpeg).write(to: scratch.url("photo.jpg"))
        let cost = try PictureDecoder.cost(contentsOf: scratch.path("photo.jpg"), target: .fit(PixelSize(width: 256, height: 256)))
        try #require(2 * cost.total > PictureLimits.defaultDecodeBudget && cost.total <= PictureLimits.defaultDecodeBudget,
                     "\(cost.total) bytes a picture")
        let extra = try Self.peakOverControl(jpeg, "four 31 MP progressive 4:4:4 JPEGs")
        #expect(extra <= cost.total + Self.layersAndResults,
                "\(extra >> 20) MiB over the control: more than one decode (\(cost.total >> 20) MiB) at a time")
    }

    /// The peak of `render` over the control's, bytes, with four copies of `jpeg` beside the
    /// good pictures; checks that the run succeeds and shows them.
    static func peakOverControl(_ jpeg: [UInt8], _ what: String) throws -> Int {
        let (goodFolder, control, _) = try HostilePictureTests.control.get()
        let directory = try TemporaryFolder("cardviewer-budget")
        defer { directory.remove() }
        let folder = directory.url("pictures")
        try FileManager.default.copyItem(at: goodFolder, to: folder)
        let names = (1...4).map { "c\($0)-photo.jpg" }
        for name in names { try Data(jpeg).write(to: folder.appendingPathComponent(name)) }

        // Four progressive decodes of about a second each, on two cores shared with other work.
        let run = try HostilePictureTests.render(folder, in: directory.url, timeLimit: 60)
        #expect(run.status == 0, "exit \(run.status) (137: killed after 60 s): \(run.stderr)")
        #expect(run.lines.isEmpty, "\(run.stderr)")
        #expect(run.peak > 0)
        print("\(what) of \(jpeg.count) bytes: peak \(run.peak >> 20) MiB, control \(control.peak >> 20) MiB, \((run.peak - control.peak) >> 20) MiB over")

        // The four pictures are shown: the gradient's middle, about (130, 150, 130).
        let image = try #require(run.image, "no output PNG")
        for index in HostilePictureTests.good.count..<(HostilePictureTests.good.count + names.count) {
            let (x, y) = HostilePictureTests.center(ofCard: index)
            guard x < image.width, y < image.height else { continue }
            #expect(ViewerTest.pixel(image, x, y, is: (130, 150, 130), tolerance: 16), "card \(index): \(image[x, y])")
        }
        return run.peak - control.peak
    }
}
