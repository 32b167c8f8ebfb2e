import CardAssets
import CardDeckArt
import CardImaging
import CardPixels
import Testing

/// Absolute differences per channel between two images of the same size: their mean, and how many
/// exceed `tolerance` (8-bit steps).
private func differences(_ a: RGBAImage, _ b: RGBAImage, tolerance: Int = 0) -> (mean: Double, over: Int) {
    var sum = 0, over = 0
    a.pixels.withUnsafeBufferPointer { p in
        b.pixels.withUnsafeBufferPointer { q in
            for i in 0..<min(p.count, q.count) {
                let d = abs(Int(p[i]) - Int(q[i]))
                sum += d
                if d > tolerance { over += 1 }
            }
        }
    }
    return (Double(sum) / Double(max(1, a.pixels.count)), over)
}

@Suite("Bundled default deck")
struct BundledDeckTests {
    @Test func deckHasAtLeastEightPicturesInGeneratorOrder() {
        let names = BundledDeck.imagePaths.map { $0.split(separator: "/").last.map(String.init) ?? "" }
        #expect(names.count >= 8)
        #expect(names == DeckArt.allCases.map(\.fileName))
        #expect(names == names.sorted())
        #expect(DeckArt.sunset.fileName == "01-sunset.png" && DeckArt.isometricCubes.fileName == "10-isometric-cubes.png")
    }

    @Test func everyPictureDecodesAtTheStandardSizeOpaqueAndVaried() throws {
        for path in BundledDeck.imagePaths {
            let image = try PNGCodec.read(contentsOf: path)
            #expect(image.width == 640 && image.height == 400, "\(path)")
            #expect(stride(from: 3, to: image.pixels.count, by: 4).allSatisfy { image.pixels[$0] == 255 }, "\(path) is not opaque")
            // Not a flat fill: a picture has many colours.
            var colors = Set<UInt32>()
            for i in stride(from: 0, to: image.pixels.count, by: 4 * 7) {
                colors.insert(UInt32(image.pixels[i]) << 16 | UInt32(image.pixels[i + 1]) << 8 | UInt32(image.pixels[i + 2]))
            }
            #expect(colors.count >= 200, "\(path) has only \(colors.count) colours")
        }
    }

    @Test func picturesArePairwiseClearlyDistinct() throws {
        let images = try BundledDeck.imagePaths.map { try PNGCodec.read(contentsOf: $0) }
        for i in images.indices {
            for j in images.indices where j > i {
                #expect(differences(images[i], images[j]).mean > 20, "\(i) vs \(j)")
            }
        }
    }

    @Test func committedPicturesAreWhatTheGeneratorPaints() throws {
        // Guards against editing DeckArt without re-running `swift run make-deck --out Assets/Deck`.
        // A tolerance of one 8-bit step on a few pixels allows last-bit libm differences between machines.
        for (art, path) in zip(DeckArt.allCases, BundledDeck.imagePaths) {
            let committed = try PNGCodec.read(contentsOf: path)
            let painted = art.render()
            try #require(painted.width == committed.width && painted.height == committed.height)
            let off = differences(painted, committed, tolerance: 1).over
            #expect(off * 1000 < painted.pixels.count, "\(art): \(off) channels differ by more than 1")
        }
    }

    @Test(arguments: DeckArt.allCases)
    func paintingIsDeterministicAtAnySize(art: DeckArt) {
        let first = art.render(width: 96, height: 60)
        #expect(first.width == 96 && first.height == 60)
        #expect(first == art.render(width: 96, height: 60))
        let tiny = art.render(width: 0, height: -5)
        #expect(tiny.width == 1 && tiny.height == 1)
    }
}
