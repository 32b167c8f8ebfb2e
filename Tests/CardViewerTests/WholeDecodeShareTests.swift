import CardMath
import CardPictureDecoding
import CardPixels
import Foundation
import Testing
@testable import CardViewerFrame

/// One decode shared by the tiers for formats that decode whole (`WholeDecodeShare`, issue 32):
/// a HEIC asked for by the card and the full tier at once is decoded once, at the screen's size,
/// and each gets it at its own size.
@Suite("Whole decodes shared by the tiers")
struct WholeDecodeShareTests {
    /// A fake decoder: counts its calls, takes `seconds`, returns the picture (4000 × 3000) at the
    /// target's size.
    final class Decoder: @unchecked Sendable {
        let lock = NSLock()
        var calls: [PictureTarget] = []
        let seconds: Double
        init(seconds: Double = 0) { self.seconds = seconds }

        func decode(_ target: PictureTarget) throws -> DecodedPicture {
            lock.withLock { calls.append(target) }
            Thread.sleep(forTimeInterval: seconds)
            let full = PixelSize(width: 4000, height: 3000)
            let size = target.size(for: full)
            return DecodedPicture(image: RGBAImage(width: size.width, height: size.height), fullSize: full, format: .heif)
        }
    }

    @Test("HEIC, HEIF and AVIF are shared; other formats and targets past the screen decode on their own")
    func whatIsShared() throws {
        #expect(WholeDecodeShare.shares("/a/IMG_0001.HEIC") && WholeDecodeShare.shares("b.avif") && WholeDecodeShare.shares("c.hif"))
        #expect(!WholeDecodeShare.shares("d.jpg") && !WholeDecodeShare.shares("/x.heic/photo") && !WholeDecodeShare.shares("heic"))
        let share = WholeDecodeShare()
        share.setBox(PixelSize(width: 1280, height: 800))
        let decoder = Decoder()
        #expect(try share.decode("a.jpg", .fit(PixelSize(width: 256, height: 256)), decoder.decode) == nil)
        #expect(try share.decode("a.heic", .fullSize, decoder.decode) == nil)
        #expect(try share.decode("a.heic", .stretch(PixelSize(width: 2000, height: 1500)), decoder.decode) == nil)
        #expect(decoder.calls.isEmpty)
    }

    @Test("the card and the full tier at once: one decode at the screen's size, each reduced to its target")
    func oneDecodeForBoth() throws {
        let share = WholeDecodeShare()
        share.setBox(PixelSize(width: 1280, height: 800))
        let decoder = Decoder(seconds: 0.3)
        let card = PictureTarget.fit(PixelSize(width: 256, height: 256)), full = PictureTarget.stretch(PixelSize(width: 1067, height: 800))
        final class Results: @unchecked Sendable {
            let lock = NSLock()
            var pictures: [PictureTarget: DecodedPicture] = [:]
        }
        let collected = Results()
        let group = DispatchGroup()
        for target in [card, full] {
            group.enter()
            Thread.detachNewThread {
                let picture = try? share.decode("/p/IMG.HEIC", target, decoder.decode)
                collected.lock.withLock { collected.pictures[target] = picture ?? nil }
                group.leave()
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        group.wait()
        let results = collected.pictures
        #expect(decoder.calls == [.fit(PixelSize(width: 1280, height: 800))])
        #expect(results[card]?.image.width == 256 && results[card]?.image.height == 192)
        #expect(results[full]?.image.width == 1067 && results[full]?.image.height == 800)
        #expect(results[card]?.fullSize == PixelSize(width: 4000, height: 3000))
        // Asked again later: from the kept result, no decode.
        #expect(try share.decode("/p/IMG.HEIC", card, decoder.decode)?.image.width == 256)
        #expect(decoder.calls.count == 1)
        // Only the last two files are kept.
        _ = try share.decode("/p/B.heic", card, decoder.decode)
        _ = try share.decode("/p/C.heic", card, decoder.decode)
        _ = try share.decode("/p/IMG.HEIC", card, decoder.decode)
        #expect(decoder.calls.count == 4)
    }

    @Test("a failed decode is thrown to its caller; the next request decodes again")
    func failure() throws {
        let share = WholeDecodeShare()
        struct Broken: Error {}
        #expect(throws: Broken.self) { try share.decode("x.heic", .fit(PixelSize(width: 64, height: 64))) { _ in throw Broken() } }
        let decoder = Decoder()
        #expect(try share.decode("x.heic", .fit(PixelSize(width: 64, height: 64)), decoder.decode) != nil)
        #expect(decoder.calls.count == 1)
    }
}
