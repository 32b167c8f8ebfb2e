import CardFormatSamples
import CardMath
import CardPixels
import CardTestSupport
import Foundation
import Testing
@testable import CardPictureDecoding

@Suite("Camera RAW through LibRaw: the embedded preview, orientation, half-size decode, caps")
struct RAWDecodingTests {
    /// The preview (96×64 quadrants) decoded for a DNG whose Orientation is 6: shown turned a
    /// quarter clockwise, 64×96, from LibRaw's flip (not applied twice).
    @Test func thePreviewIsDecodedUpright() throws {
        let dng = DNGSample.make(preview: SamplePictures.quadrants(width: 96, height: 64), orientation: 6)
        let info = try PictureDecoder.probe(dng, name: "IMG_1.DNG")
        #expect(info.format == .raw && info.orientation == .right && info.size == PixelSize(width: 64, height: 96))
        let decoded = try PictureDecoder.decode(dng, name: "IMG_1.DNG")
        #expect(decoded.format == .raw && decoded.fullSize == PixelSize(width: 64, height: 96))
        #expect(decoded.image.width == 64 && decoded.image.height == 96)
        let centers = sampleQuadrants(decoded.image)
        #expect(nearColor(centers[0], blue) && nearColor(centers[1], red) && nearColor(centers[2], white) && nearColor(centers[3], green), "\(centers)")
    }

    @Test(arguments: [(UInt16(1), PictureOrientation.up), (3, .down), (8, .left)])
    func everyOrientationComesFromTheFlip(exif: UInt16, expected: PictureOrientation) throws {
        let dng = DNGSample.make(preview: SamplePictures.quadrants(width: 96, height: 64), orientation: exif)
        let decoded = try PictureDecoder.decode(dng, name: "x.dng")
        #expect(try PictureDecoder.probe(dng, name: "x.dng").orientation == expected)
        let upright = expected.upright(SamplePictures.quadrants(width: 96, height: 64))
        #expect(decoded.image.width == upright.width && decoded.image.height == upright.height)
        let got = sampleQuadrants(decoded.image), want = sampleQuadrants(upright)
        #expect(zip(got, want).allSatisfy { nearColor($0, (Int($1.r), Int($1.g), Int($1.b))) }, "\(got)")
    }

    @Test func aTargetReducesThePreview() throws {
        let dng = DNGSample.make(preview: SamplePictures.quadrants(width: 96, height: 64))
        let decoded = try PictureDecoder.decode(dng, name: "x.dng", target: .fit(PixelSize(width: 24, height: 24)))
        #expect(decoded.image.width == 24 && decoded.image.height == 16)
        let centers = sampleQuadrants(decoded.image)
        #expect(nearColor(centers[0], red) && nearColor(centers[3], white), "\(centers)")
    }

    /// No preview: the raw data decoded at half size (64×48 photosites → 32×24), a flat grey
    /// field for a flat raw level; and refused as "no preview" when that is over the caps.
    @Test func withoutAPreviewTheRawDataIsDecodedAtHalfSize() throws {
        let dng = DNGSample.make(preview: nil, level: 2000)
        let decoded = try PictureDecoder.decode(dng, name: "flat.dng")
        #expect(decoded.format == .raw && decoded.image.width == 32 && decoded.image.height == 24)
        let center = decoded.image[16, 12]
        #expect(center.a == 255 && center.r > 0)
        let limits = PictureLimits(maximumWorkingMemory: 1000)
        #expect {
            _ = try PictureDecoder.decode(dng, name: "flat.dng", limits: limits)
        } throws: { error in
            guard case let .unsupported(path, reason) = error as? PictureError else { return false }
            return path == "flat.dng" && reason.hasPrefix("no preview")
        }
    }

    @Test func truncatedAndCorruptFilesAreRefusedWithoutACrash() throws {
        let dng = DNGSample.make(preview: SamplePictures.quadrants(width: 96, height: 64))
        for cut in [4, 12, 300, 2100] {
            #expect(throws: PictureError.self) { _ = try PictureDecoder.decode(Array(dng[..<cut]), name: "cut.dng") }
        }
        // A preview whose JPEG data is garbage: refused (or shown as far as it decodes), never a crash.
        var broken = dng
        for index in 2200..<2400 { broken[index] = UInt8(truncatingIfNeeded: index &* 31) }
        _ = try? PictureDecoder.decode(broken, name: "broken.dng")
        #expect(throws: PictureError.self) { _ = try PictureDecoder.decode(Array(repeating: 0x49, count: 1000), name: "junk.nef") }
    }

    /// A raw image declaring 60000×60000 photosites: refused from LibRaw's header parse, before
    /// the admission is asked for anything.
    @Test func aDeclaredSizeBombIsRefusedBeforeAllocation() throws {
        let dng = DNGSample.make(preview: nil, declaredRawSize: (60000, 60000))
        let admission = SampleAdmission()
        #expect(throws: PictureError.self) { _ = try PictureDecoder.decode(dng, name: "bomb.dng", admission: admission) }
        #expect(admission.requests.isEmpty)
        let fine = DNGSample.make(preview: SamplePictures.quadrants(width: 96, height: 64))
        #expect(throws: PictureError.tooLarge(path: "cap.dng", width: 64, height: 48, maximumPixels: 1000)) {
            _ = try PictureDecoder.decode(fine, name: "cap.dng", limits: PictureLimits(maximumPixels: 1000), admission: admission)
        }
        #expect(admission.requests.isEmpty)
    }

    /// RAW is told by name and bytes together: a TIFF-shaped file named .tif is not RAW, a JPEG
    /// named .cr2 is a JPEG, and the extension's case does not matter.
    @Test func rawNeedsItsNameAndItsSignature() throws {
        let tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0]
        #expect(PictureFormat(signature: tiff, name: "a.DNG") == .raw)
        #expect(PictureFormat(signature: tiff, name: "a.nef") == .raw)
        #expect(PictureFormat(signature: tiff, name: "a.tif") != .raw)
        #expect(PictureFormat(signature: Array("FUJIFILMCCD-RAW 0201".utf8), name: "a.RAF") == .raw)
        #expect(PictureFormat(signature: [0x49, 0x49, 0x55, 0x00], name: "a.rw2") == .raw)
        #expect(PictureFormat(signature: [0x49, 0x49, 0x52, 0x4F], name: "a.orf") == .raw)
        let jpeg = DNGSample.jpegBytes(SamplePictures.quadrants(width: 16, height: 16))
        #expect(PictureFormat(signature: jpeg, name: "a.cr2") == .jpeg)
        #expect(try PictureDecoder.decode(jpeg, name: "a.cr2").format == .jpeg)
        for name in ["a.cr2", "a.CR3", "a.nef", "a.nrw", "a.arw", "a.dng", "a.orf", "a.rw2", "a.raf", "a.pef", "a.srw"] {
            #expect(PictureFormat.isPictureName(name))
        }
    }

    /// A DNG on disk: LibRaw reads the file by its path once the file layer has found it a
    /// regular file; a folder named like a RAW is refused by the file layer.
    @Test func aFileOnDiskIsReadThroughTheFileLayer() throws {
        let folder = try TemporaryFolder("raw")
        defer { folder.remove() }
        try folder.folder("dir.dng")
        let path = folder.path("IMG_2.dng")
        try Data(DNGSample.make(preview: SamplePictures.quadrants(width: 96, height: 64), orientation: 6)).write(to: URL(fileURLWithPath: path))
        let decoded = try PictureDecoder.decode(contentsOf: path)
        #expect(decoded.image.width == 64 && decoded.image.height == 96)
        #expect(throws: PictureError.self) { _ = try PictureDecoder.decode(contentsOf: folder.path("dir.dng")) }
    }
}

/// Targets larger than the embedded preview: the raw data decoded by LibRaw instead.
@Suite("Camera RAW past its preview: the raw data for targets the preview cannot cover")
struct RAWPastThePreviewTests {
    /// A 400 × 300 raw image, bright on the left (3000 of 4095), dark on the right (600), with
    /// a 64 × 48 preview of other colours (quadrants), so which was decoded shows.
    static func dng(orientation: UInt16 = 1, withPreview: Bool = true) -> [UInt8] {
        DNGSample.make(preview: withPreview ? SamplePictures.quadrants(width: 64, height: 48) : nil, rawWidth: 400, rawHeight: 300,
                       orientation: orientation) { x, _ in x < 200 ? 3000 : 600 }
    }

    func brightness(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Int { (Int(p.r) + Int(p.g) + Int(p.b)) / 3 }

    /// A 320 × 240 target: half size (200 × 150) does not cover it, so the raw data is decoded
    /// in full and reduced: larger than the preview, the raw's halves (not the preview's
    /// colours), and within 20 of the half-size decode of the same raw data.
    @Test func aLargeTargetDecodesTheRawData() throws {
        let admission = SampleAdmission()
        let dng = Self.dng()
        let decoded = try PictureDecoder.decode(dng, name: "big.dng", target: .fit(PixelSize(width: 320, height: 240)),
                                                admission: admission)
        #expect(decoded.image.width == 320 && decoded.image.height == 240)
        #expect(decoded.fullSize == PixelSize(width: 400, height: 300))
        let centers = sampleQuadrants(decoded.image)
        #expect(brightness(centers[0]) > brightness(centers[1]) + 60 && brightness(centers[2]) > brightness(centers[3]) + 60, "\(centers)")
        #expect(!nearColor(centers[0], red), "\(centers)")
        // The cost admitted: raw data, LibRaw's full image, its RGB copy and our RGBA; the output.
        // (The file in memory counts as input: LibRaw reads it from there.)
        #expect(admission.requests == [dng.count + 400 * 300 * 2 + 400 * 300 * 15 + 320 * 240 * 4])
        // The same raw data through the half-size decode of a file without a preview.
        let reference = try PictureDecoder.decode(Self.dng(withPreview: false), name: "ref.dng")
        #expect(reference.image.width == 200)
        for (got, want) in zip(centers, sampleQuadrants(reference.image)) {
            #expect(abs(brightness(got) - brightness(want)) <= 20, "\(got) vs \(want)")
        }
    }

    /// A target that half size covers (150 × 100 of 400 × 300): decoded at half size.
    @Test func halfSizeServesWhatItCovers() throws {
        let admission = SampleAdmission()
        let dng = Self.dng()
        let decoded = try PictureDecoder.decode(dng, name: "half.dng", target: .fit(PixelSize(width: 150, height: 150)),
                                                admission: admission)
        #expect(decoded.image.width == 150 && decoded.image.height == 113)
        #expect(admission.requests == [dng.count + 400 * 300 * 2 + 200 * 150 * 15 + 150 * 113 * 4])
    }

    /// Orientation 6 (flip 6): LibRaw turns the decode; the bright left half comes out on top.
    @Test func theRawDecodeIsTurned() throws {
        let decoded = try PictureDecoder.decode(Self.dng(orientation: 6), name: "turned.dng", target: .fit(PixelSize(width: 300, height: 400)))
        #expect(decoded.image.width == 300 && decoded.image.height == 400)
        let centers = sampleQuadrants(decoded.image)
        #expect(brightness(centers[0]) > brightness(centers[2]) + 60 && brightness(centers[1]) > brightness(centers[3]) + 60, "\(centers)")
    }

    /// Targets the preview covers still get the preview (the fast path), and so does a large
    /// target when the raw decode is over `--max-picture-memory`.
    @Test func smallTargetsAndTightCapsKeepThePreview() throws {
        let small = try PictureDecoder.decode(Self.dng(), name: "small.dng", target: .fit(PixelSize(width: 32, height: 32)))
        // The picture's size is the sensor's whatever the target (it was the preview's, 64 × 48,
        // for targets the preview serves: the probe and the decode disagreed, fuzz-raw found).
        #expect(small.image.width == 32 && small.image.height == 24 && small.fullSize == PixelSize(width: 400, height: 300))
        #expect(nearColor(sampleQuadrants(small.image)[0], red))
        let tight = PictureLimits(maximumWorkingMemory: 400_000)
        let capped = try PictureDecoder.decode(Self.dng(), name: "capped.dng", target: .fit(PixelSize(width: 320, height: 240)), limits: tight)
        #expect(capped.image.width == 64 && capped.image.height == 48 && capped.fullSize == PixelSize(width: 64, height: 48))
        #expect(nearColor(sampleQuadrants(capped.image)[0], red))
    }

    /// One size for the picture, the probe's, whatever the target and whichever route serves it:
    /// the sensor's when the raw data can be decoded, the preview's when the caps forbid it.
    @Test(arguments: [1 as UInt16, 6])
    func theSizeDoesNotDependOnTheTarget(orientation: UInt16) throws {
        let dng = Self.dng(orientation: orientation)
        let upright = orientation == 6 ? PixelSize(width: 300, height: 400) : PixelSize(width: 400, height: 300)
        let preview = orientation == 6 ? PixelSize(width: 48, height: 64) : PixelSize(width: 64, height: 48)
        let targets: [PictureTarget] = [.fit(PixelSize(width: 16, height: 16)), .cover(PixelSize(width: 40, height: 10)),
                                        .fit(PixelSize(width: 150, height: 150)), .fit(PixelSize(width: 320, height: 320)), .fullSize]
        for (limits, size) in [(PictureLimits.standard, upright), (PictureLimits(maximumWorkingMemory: 400_000), preview)] {
            #expect(try PictureDecoder.probe(dng, name: "t.dng", limits: limits).size == size)
            for target in targets {
                let decoded = try PictureDecoder.decode(dng, name: "t.dng", target: target, limits: limits)
                #expect(decoded.fullSize == size, "\(target) under \(limits.maximumWorkingMemory) bytes")
                #expect(decoded.image.width <= size.width && decoded.image.height <= size.height)
            }
        }
    }
}
