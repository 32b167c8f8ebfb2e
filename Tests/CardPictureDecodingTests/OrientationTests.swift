import CardMath
import CardPixels
import Foundation
import Testing
@testable import CardPictureDecoding

@Suite("EXIF orientation: every value comes out upright")
struct OrientationTests {
    /// The upright picture: 48×32, quadrants red/green over blue/white.
    static let upright = TestJPEG.quadrants(width: 48, height: 32)

    /// What a camera stores for `orientation`: the upright picture turned or flipped so that
    /// applying the tag's transformation shows it upright again.
    static func stored(_ orientation: Int) -> RGBAImage {
        switch orientation {
        case 2: upright.flippedLeftRight
        case 3: upright.flippedLeftRight.flippedTopBottom
        case 4: upright.flippedTopBottom
        case 5: upright.transposed
        case 6: upright.turnedAnticlockwise
        case 7: upright.transposed.flippedLeftRight.flippedTopBottom
        case 8: upright.turnedClockwise
        default: upright
        }
    }

    static let cases = (1...8).flatMap { [($0, true), ($0, false)] }

    @Test(arguments: cases)
    func picturesComeOutUpright(orientation: Int, littleEndian: Bool) throws {
        let jpeg = TestJPEG.withOrientation(TestJPEG.encode(Self.stored(orientation)), orientation, littleEndian: littleEndian)
        let picture = try PictureDecoder.decode(jpeg)
        #expect(picture.fullSize == PixelSize(width: 48, height: 32))
        #expect(picture.image.width == 48 && picture.image.height == 32)
        for (found, wanted) in zip(quadrantCenters(picture.image), quadrantCenters(Self.upright)) {
            #expect(near(found, wanted, 8), "orientation \(orientation): \(found) vs \(wanted)")
        }
        let info = try PictureDecoder.probe(jpeg)
        #expect(info.size == PixelSize(width: 48, height: 32) && info.orientation.rawValue == orientation)
    }

    @Test(arguments: [5, 6, 7, 8])
    func quarterTurnedPicturesAreScaledInTheirUprightShape(orientation: Int) throws {
        // The target applies to the upright picture: 48×32 fitted into 24×24 is 24×16.
        let jpeg = TestJPEG.withOrientation(TestJPEG.encode(Self.stored(orientation)), orientation)
        let picture = try PictureDecoder.decode(jpeg, target: .fit(PixelSize(width: 24, height: 24)))
        #expect(picture.image.width == 24 && picture.image.height == 16)
        for (found, wanted) in zip(quadrantCenters(picture.image), quadrantCenters(Self.upright)) {
            #expect(near(found, wanted, 8), "orientation \(orientation): \(found) vs \(wanted)")
        }
    }

    @Test func aLongValueAndOtherTagsBeforeItAreRead() throws {
        let jpeg = TestJPEG.withExif(TestJPEG.encode(Self.stored(6)),
                                     entries: [(0x0100, 4, 1, 48), (0x0112, 4, 1, 6)], littleEndian: false, ifdOffset: 20)
        #expect(try PictureDecoder.probe(jpeg).orientation == .right)
    }

    @Test func brokenExifBlocksMeanNoOrientationNeverACrash() throws {
        let plain = TestJPEG.encode(Self.upright)
        let broken: [[UInt8]] = [
            TestJPEG.withExif(plain, entries: [(0x0112, 3, 1, 9)], littleEndian: true),                 // value out of range
            TestJPEG.withExif(plain, entries: [(0x0112, 3, 1, 0)], littleEndian: true),
            TestJPEG.withExif(plain, entries: [(0x0112, 2, 1, 6)], littleEndian: true),                 // wrong type
            TestJPEG.withExif(plain, entries: [(0x0112, 3, 0, 6)], littleEndian: true),                 // zero count
            TestJPEG.withExif(plain, entries: [(0x0112, 3, 1, 6)], littleEndian: true, ifdOffset: 0xFFFF_FFF0),  // IFD past the end
            TestJPEG.withAPP1(plain, payload: Array("Exif".utf8) + [0, 0, 0x49, 0x49, 42, 0, 8, 0, 0, 0, 0xFF, 0xFF]),  // 65535 entries, none there
            TestJPEG.withAPP1(plain, payload: Array("Exif".utf8) + [0, 0, 0x49, 0x49, 43, 0, 8, 0, 0, 0]),  // bad magic
            TestJPEG.withAPP1(plain, payload: Array("Exif".utf8) + [0, 0, 0x58, 0x58]),                  // bad byte order, short
            TestJPEG.withAPP1(plain, payload: Array("Exif".utf8)),                                        // header cut short
            TestJPEG.withAPP1(plain, payload: Array("http://ns.adobe.com/xap/1.0/".utf8) + [0]),          // XMP, not Exif
        ]
        for jpeg in broken {
            let picture = try PictureDecoder.decode(jpeg)
            #expect(picture.fullSize == PixelSize(width: 48, height: 32))
            #expect(near(picture.image[2, 2], (255, 0, 0, 255), 8))
        }
    }

    @Test func onlyTheFirstExifBlockCounts() throws {
        let twice = TestJPEG.withOrientation(TestJPEG.withOrientation(TestJPEG.encode(Self.stored(8)), 3), 8)
        #expect(try PictureDecoder.probe(twice).orientation == .left)
    }
}
