import CardMath
import CardPixels
import Foundation
import Testing
@testable import CardPictureDecoding

@Suite("TIFF through libtiff: strips, tiles, depths, orientation, caps")
struct TIFFDecodingTests {
    static let source = FormatSamples.pattern(width: 45, height: 37)

    @Test(arguments: [8, 16])
    func stripsComeBackExactly(bits: Int) throws {
        for rows in [1, 3, 37] {
            let tiff = TIFFEncoder.encode(Self.source, layout: .strips(rows: rows), bits: bits)
            let picture = try PictureDecoder.decode(tiff)
            #expect(picture.format == .tiff && picture.fullSize == PixelSize(width: 45, height: 37))
            #expect(picture.image == Self.source, "\(bits)-bit, \(rows) rows a strip")
        }
    }

    @Test func tilesWithUnassociatedAlphaComeBackStraight() throws {
        let translucent = FormatSamples.pattern(width: 45, height: 37) { x, y in UInt8(128 + (x * 3 + y) % 128) }
        let tiff = TIFFEncoder.encode(translucent, layout: .tiles(width: 16, height: 16), alpha: true)
        let picture = try PictureDecoder.decode(tiff)
        var worst = 0
        for (a, b) in zip(picture.image.pixels, translucent.pixels) { worst = max(worst, abs(Int(a) - Int(b))) }
        // libtiff premultiplies; the decoder divides again: at alpha ≥ 128, within 1.
        #expect(worst <= 1, "largest difference \(worst)")
        #expect(try PictureDecoder.decode(TIFFEncoder.encode(Self.source, layout: .tiles(width: 16, height: 32), bits: 16)).image == Self.source)
    }

    @Test(arguments: 1...8)
    func theOrientationTagIsApplied(orientation: Int) throws {
        let stored = OrientationTests.stored(orientation)
        for layout in [TIFFEncoder.Layout.strips(rows: 5), .tiles(width: 16, height: 16)] {
            let tiff = TIFFEncoder.encode(stored, layout: layout, orientation: orientation)
            #expect(try PictureDecoder.decode(tiff).image == OrientationTests.upright, "orientation \(orientation), \(layout)")
            let info = try PictureDecoder.probe(tiff)
            #expect(info.size == PixelSize(width: 48, height: 32) && info.orientation.rawValue == orientation)
            let small = try PictureDecoder.decode(tiff, target: .fit(PixelSize(width: 24, height: 24)))
            #expect(small.image.width == 24 && small.image.height == 16)
            for (found, wanted) in zip(quadrantCenters(small.image), quadrantCenters(OrientationTests.upright)) {
                #expect(near(found, wanted, 1), "orientation \(orientation): \(found) vs \(wanted)")
            }
        }
    }

    @Test("a strip at a time reduced to the target: the area average of the source")
    func picturesAreReducedToTheTarget() throws {
        let source = FormatSamples.pattern(width: 160, height: 120)
        let tiff = TIFFEncoder.encode(source, layout: .strips(rows: 7), compression: .lzw)
        let target = PictureTarget.cover(PixelSize(width: 40, height: 20))
        let picture = try PictureDecoder.decode(tiff, target: target)
        #expect(picture.image == AreaDownscaler.downscale(source, to: PixelSize(width: 40, height: 30)))
        // Memory: one strip of rows and the output, not the picture.
        let cost = try PictureDecoder.plan(tiff, name: "x", target: target, limits: .standard).cost
        #expect(cost.input == 0 && cost.output == 40 * 30 * 4)
        #expect(cost.working < 160 * 120 * 4 / 2 + (1 << 20) + 20_000, "\(cost.working)")
    }

    @Test func theICCProfileTagIsRead() throws {
        let profile = [UInt8](repeating: 0x33, count: 200)
        let tiff = TIFFEncoder.encode(Self.source, layout: .strips(rows: 8), icc: profile)
        let file = try TIFFFile(tiff, name: "x", maximumAllocation: 1 << 20)
        #expect(file.iccProfile == profile)
        #expect(try PictureDecoder.decode(tiff).image == Self.source)
    }

    @Test func truncatedAndCorruptFilesSayWhy() throws {
        let tiff = TIFFEncoder.encode(FormatSamples.pattern(width: 64, height: 64), layout: .strips(rows: 4), compression: .none)
        // libtiff writes the directory after the image data: cut before it, the file has no IFD.
        for cut in [3, 8, 100, tiff.count / 2] {
            let error = decodeError(Array(tiff.prefix(cut)))
            #expect(error != nil, "cut at \(cut)")
            #expect(error?.description.hasPrefix("'x.tif': ") == true, "\(String(describing: error))")
        }
        // The data cut short, the directory kept: the strips past the end are missing.
        var holed = tiff
        holed.replaceSubrange(2000..<(tiff.count - 400), with: [UInt8](repeating: 0, count: 0))
        #expect(decodeError(holed) != nil)
        var pastTheEnd = tiff
        pastTheEnd.replaceSubrange(4..<8, with: [0xFF, 0xFF, 0xFF, 0x7F])  // IFD0 past the end: missing
        guard case .truncated = try #require(decodeError(pastTheEnd)) else { Issue.record("not truncated"); return }
        let zeroWidth = Self.patching(tiff, width: 0, height: 64)
        guard case .corrupt = try #require(decodeError(zeroWidth)) else { Issue.record("not corrupt"); return }
    }

    @Test("declared size bombs are refused from the header, before any pixel is allocated")
    func declaredSizeBombsAreRefused() throws {
        // 100000 × 100000: over the side limit.
        let wide = TIFFEncoder.encode(FormatSamples.pattern(width: 4, height: 4), layout: .strips(rows: 4))
        let patchedWide = Self.patching(wide, width: 100_000, height: 100_000)
        guard case .tooLarge = try #require(decodeError(patchedWide)) else { Issue.record("not too large"); return }
        // 16000 × 16000 in one deflate strip (TIFFEncoder's default compression; libtiff re-cuts
        // only uncompressed ones, TIFFSingleStripTests): a 768 MB strip buffer.
        let single = Self.patching(wide, width: 16000, height: 16000, rowsPerStrip: 16000)
        guard case .tooMuchMemory = try #require(decodeError(single)) else { Issue.record("not too much memory"); return }
        #expect(throws: PictureError.self) { try PictureDecoder.decode(wide, name: "x", limits: PictureLimits(maximumPixels: 15)) }
    }

    /// `tiff` (little-endian, libtiff-written) with its ImageWidth, ImageLength and RowsPerStrip
    /// entries rewritten in place.
    static func patching(_ tiff: [UInt8], width: Int, height: Int, rowsPerStrip: Int? = nil) -> [UInt8] {
        var bytes = tiff
        let ifd = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
        let count = Int(bytes[ifd]) | Int(bytes[ifd + 1]) << 8
        for index in 0..<count {
            let entry = ifd + 2 + index * 12
            let tag = Int(bytes[entry]) | Int(bytes[entry + 1]) << 8
            let value: Int? = switch tag {
            case 256: width
            case 257: height
            case 278: rowsPerStrip
            default: nil
            }
            guard let value else { continue }
            bytes[entry + 2] = 4; bytes[entry + 3] = 0  // LONG
            bytes.replaceSubrange((entry + 8)..<(entry + 12), with: WebPEncoder.littleEndian(value, 4))
        }
        return bytes
    }

    private func decodeError(_ bytes: [UInt8]) -> PictureError? {
        do {
            _ = try PictureDecoder.decode(bytes, name: "x.tif")
            return nil
        } catch {
            return error as? PictureError
        }
    }
}
