import CardImaging
import CardMath
import CardPixels
import CardTestSupport
import Foundation
import Testing
@testable import CardPictureDecoding

/// An admission that records what it was asked for, and refuses past `refusingOver` bytes.
private final class RecordingAdmission: DecodeAdmission, @unchecked Sendable {
    let refusingOver: Int
    private(set) var asked: [Int] = []
    init(refusingOver: Int = .max) { self.refusingOver = refusingOver }

    func admit<Result>(_ bytes: Int, name: String, _ body: () throws -> Result) throws -> Result {
        asked.append(bytes)
        guard bytes <= refusingOver else { throw PictureError.tooMuchMemory(path: name, bytes: bytes, limit: refusingOver) }
        return try body()
    }
}

private func error(of body: () throws -> Any) -> PictureError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error as? PictureError
    }
}

/// The limits as values (`--max-file-size`, `--max-pixels`, `--max-picture-memory`), the
/// per-format file-size caps, and the pictures whose memory is the output's: baseline JPEG
/// through DCT scaling, 8-bit PNG a row at a time (SPEC §11).
@Suite("picture caps: file sizes, pixels, working memory, what a decode costs")
struct PictureCapTests {
    static let card = PictureTarget.fit(PixelSize(width: 64, height: 64))

    @Test func limitsAreWrittenAsNumbersOrWithUnits() {
        #expect(PictureLimits.bytes(from: "500000000") == 500_000_000)
        #expect(PictureLimits.bytes(from: "64MB") == 64_000_000)
        #expect(PictureLimits.bytes(from: "64mb") == 64_000_000)
        #expect(PictureLimits.bytes(from: "1GiB") == 1 << 30)
        #expect(PictureLimits.bytes(from: "1.5 GB") == 1_500_000_000)
        #expect(PictureLimits.bytes(from: "256KiB") == 256 << 10)
        #expect(PictureLimits.pixels(from: "268MP") == 268_000_000)
        #expect(PictureLimits.pixels(from: "16384x16384") == 1 << 28)
        #expect(PictureLimits.pixels(from: "0.5GP") == 500_000_000)
        for bad in ["", "0", "-5", "abc", "12XB", "1..5MB", "MB", "0.1", "1e3", "99999999999999999999GB"] {
            #expect(PictureLimits.bytes(from: bad) == nil, "\(bad)")
        }
        for bad in ["0x5", "5x", "x5", "12MB", "-1MP", ""] {
            #expect(PictureLimits.pixels(from: bad) == nil, "\(bad)")
        }
    }

    @Test func eachFormatHasTheFileSizeCapOfItsReading() {
        let standard = PictureLimits.standard
        #expect(standard.fileSizeCap(streamed: false) == 64_000_000)
        #expect(standard.fileSizeCap(streamed: true) == 1 << 30)
        #expect(standard.maximumPixels == 1 << 28 && standard.maximumWorkingMemory == 192_000_000)
        #expect(standard.decodeBudget == 384_000_000)
        let given = PictureLimits(maximumFileSize: 1000, maximumWorkingMemory: 300_000_000)
        #expect(given.fileSizeCap(streamed: false) == 1000 && given.fileSizeCap(streamed: true) == 1000)
        #expect(given.decodeBudget == 600_000_000)
    }

    @Test("a sparse 2 GiB .jpg is refused from its size, unread; a PNG is allowed up to 1 GiB")
    func sparseFilesAreRefusedFromTheirSize() throws {
        let folder = try TemporaryFolder("picture-tests")
        defer { folder.remove() }
        let jpeg = "\(folder.path)/huge.jpg"
        try Data([0xFF, 0xD8, 0xFF, 0xE0]).write(to: URL(fileURLWithPath: jpeg))
        #expect(truncate(jpeg, 2 << 30) == 0)
        let started = Date()
        let expected = PictureError.fileTooLarge(path: jpeg, bytes: 2 << 30, limit: 64_000_000)
        #expect(throws: expected) { try PictureDecoder.decode(contentsOf: jpeg, target: Self.card) }
        #expect(throws: expected) { try PictureDecoder.probe(contentsOf: jpeg) }
        #expect(Date().timeIntervalSince(started) < 1)
        #expect(expected.description == "'\(jpeg)': too large (2147483648 bytes; at most 64000000)")
        // A PNG of 100 MB read row by row (over 4 MP) is within its cap: what refuses this one is
        // its (sparse) content. Read whole (4 MP or less), the 64 MB cap applies.
        let png = "\(folder.path)/big.png"
        try Data(HostileFiles.pngHeader(width: 4096, height: 4096, bitDepth: 8, colorType: 2)).write(to: URL(fileURLWithPath: png))
        #expect(truncate(png, 100_000_000) == 0)
        let refused = error { try PictureDecoder.decode(contentsOf: png, target: Self.card) }
        #expect(refused.map { if case .corrupt = $0 { true } else { false } } == true, "\(String(describing: refused))")
        let small = "\(folder.path)/small.png"
        try Data(HostileFiles.pngHeader(width: 100, height: 100, bitDepth: 8, colorType: 2)).write(to: URL(fileURLWithPath: small))
        #expect(truncate(small, 100_000_000) == 0)
        #expect(throws: PictureError.fileTooLarge(path: small, bytes: 100_000_000, limit: 64_000_000)) {
            try PictureDecoder.decode(contentsOf: small, target: Self.card)
        }
        // --max-file-size: one cap for every format.
        let given = PictureLimits(maximumFileSize: 50_000_000)
        #expect(throws: PictureError.fileTooLarge(path: png, bytes: 100_000_000, limit: 50_000_000)) {
            try PictureDecoder.decode(contentsOf: png, target: Self.card, limits: given)
        }
    }

    @Test("--max-pixels: 268 MP by default (16384² baseline JPEG and PNG headers, a 20000 × 10000 panorama pass); a side stays at most 65535")
    func pixelCap() throws {
        let jpeg = HostileFiles.flatJPEG(width: 100, height: 100)
        let few = PictureLimits(maximumPixels: 5000)
        #expect(error { try PictureDecoder.decode(jpeg, name: "a.jpg", target: Self.card, limits: few) }
            == .tooLarge(path: "a.jpg", width: 100, height: 100, maximumPixels: 5000))
        let png = HostileFiles.zerosPNG(width: 100, height: 100, colorType: 2)
        #expect(error { try PictureDecoder.probe(png, name: "a.png", limits: few) }
            == .tooLarge(path: "a.png", width: 100, height: 100, maximumPixels: 5000))
        #expect(try PictureDecoder.probe(HostileFiles.flatJPEG(width: 16384, height: 16384)).size == PixelSize(width: 16384, height: 16384))
        #expect(try PictureDecoder.probe(HostileFiles.pngHeader(width: 16384, height: 16384, bitDepth: 8, colorType: 6)).size
            == PixelSize(width: 16384, height: 16384))
        #expect(try PictureDecoder.probe(HostileFiles.pngHeader(width: 20000, height: 10000, bitDepth: 8, colorType: 2)).size
            == PixelSize(width: 20000, height: 10000))
        let wide = HostileFiles.pngHeader(width: 65536, height: 100, bitDepth: 8, colorType: 6)
        #expect(error { try PictureDecoder.probe(wide, name: "wide.png") }
            == .tooLarge(path: "wide.png", width: 65536, height: 100, maximumPixels: PictureLimits.defaultMaximumPixels))
    }

    @Test("--max-picture-memory: the working-memory cap is the value's")
    func workingMemoryCap() throws {
        // Progressive 4:4:4 1000×1000: 6 MB of coefficients.
        let jpeg = HostileFiles.flatJPEG(width: 1000, height: 1000, color: .ycbcr444, progressive: true)
        let tight = PictureLimits(maximumWorkingMemory: 5_000_000)
        #expect(error { try PictureDecoder.decode(jpeg, name: "p.jpg", target: Self.card, limits: tight) }
            == .tooMuchMemory(path: "p.jpg", bytes: 6_000_000, limit: 5_000_000))
        #expect(try PictureDecoder.decode(jpeg, target: Self.card).image[10, 10] == (128, 128, 128, 255))
        // A sequential file of one scan per component keeps every coefficient too.
        guard case var .header(header) = JPEGHeader.scan(HostileFiles.flatJPEG(width: 1000, height: 1000, color: .ycbcr444)) else {
            Issue.record("no header")
            return
        }
        #expect(header.coefficientBytes == 0)
        header.firstScanComponents = 1
        #expect(header.coefficientBytes == 6_000_000)
    }

    @Test("the files made byte by byte are valid: flat grey, baseline and progressive")
    func flatJPEGsDecode() throws {
        for color in [HostileFiles.Color.gray, .ycbcr444, .ycbcr420] {
            for progressive in [false, true] {
                let jpeg = HostileFiles.flatJPEG(width: 40, height: 24, color: color, progressive: progressive)
                let picture = try PictureDecoder.decode(jpeg)
                #expect(picture.fullSize == PixelSize(width: 40, height: 24))
                #expect(picture.image.pixels.allSatisfy { $0 == 128 || $0 == 255 }, "\(color) progressive \(progressive)")
            }
        }
        let png = try PictureDecoder.decode(HostileFiles.zerosPNG(width: 30, height: 20))
        #expect(png.image.pixels.allSatisfy { $0 == 0 })
    }

    @Test("8-bit PNG streamed and reduced row by row gives the whole decode's downscale")
    func streamedPNGMatchesTheWholeDecode() throws {
        var random = SplitMix64(seed: 21)
        for alpha in [false, true] {
            let pixels = (0..<(300 * 200)).flatMap { _ -> [UInt8] in
                [UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random),
                 UInt8.random(in: 0...255, using: &random), alpha ? UInt8.random(in: 0...255, using: &random) : 255]
            }
            let image = RGBAImage(width: 300, height: 200, pixels: pixels)
            let png = try PNGCodec.encode(image)
            for target in [Self.card, .stretch(PixelSize(width: 77, height: 31)), .fullSize] {
                // Streamed whatever its size (pictures of up to 4 MP are read whole otherwise).
                let streamed = try PictureDecoder.decode(source: png, name: "s.png", target: target, limits: .standard,
                                                         admission: nil, streamingAbove: 0)
                let whole = AreaDownscaler.downscale(try PNGCodec.decode(png), to: target.size(for: PixelSize(width: 300, height: 200)))
                #expect(streamed.image == whole, "alpha \(alpha), \(target)")
            }
        }
    }

    @Test("what a decode costs, from the header: the output's for baseline JPEG and 8-bit PNG; the admission is asked first")
    func costs() throws {
        let folder = try TemporaryFolder("picture-tests")
        defer { folder.remove() }
        let jpeg = HostileFiles.flatJPEG(width: 16384, height: 16384)
        try Data(jpeg).write(to: URL(fileURLWithPath: "\(folder.path)/big.jpg"))
        let layer = PictureTarget.stretch(PixelSize(width: 256, height: 256))
        // Read whole (1.5 MB), decoded at 1/8 (2048²), reduced to the layer.
        #expect(try PictureDecoder.cost(contentsOf: "\(folder.path)/big.jpg", target: layer)
            == PictureCost(input: jpeg.count, working: 0, output: 2048 * 2048 * 4 + 256 * 256 * 4))
        let png = HostileFiles.pngHeader(width: 16384, height: 16384, bitDepth: 8, colorType: 6)
        try Data(png).write(to: URL(fileURLWithPath: "\(folder.path)/big.png"))
        let streamed = try PictureDecoder.cost(contentsOf: "\(folder.path)/big.png", target: layer)
        #expect(streamed.input == 0 && streamed.output == 256 * 256 * 4 && streamed.working < 2_000_000)
        // Up to 4 MP a PNG is read whole: its file, rows and RGBA (8 bytes a pixel), and the layer.
        let whole = HostileFiles.pngHeader(width: 2048, height: 2048, bitDepth: 8, colorType: 6)
        try Data(whole).write(to: URL(fileURLWithPath: "\(folder.path)/whole.png"))
        #expect(try PictureDecoder.cost(contentsOf: "\(folder.path)/whole.png", target: layer)
            == PictureCost(input: whole.count, working: 2048 * 2048 * 8, output: 256 * 256 * 4))
        // The admission hears the cost before anything is read whole or decoded.
        let admission = RecordingAdmission()
        let small = HostileFiles.flatJPEG(width: 64, height: 64)
        _ = try PictureDecoder.decode(small, target: Self.card, admission: admission)
        #expect(admission.asked == [try PictureDecoder.plan(small, name: "", target: Self.card, limits: .standard).cost.total])
        let refusing = RecordingAdmission(refusingOver: 10)
        #expect(error { try PictureDecoder.decode(small, name: "s.jpg", target: Self.card, admission: refusing) }
            == .tooMuchMemory(path: "s.jpg", bytes: admission.asked[0], limit: 10))
    }
}
