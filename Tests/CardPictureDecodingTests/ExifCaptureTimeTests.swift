import CardFormatSamples
import CardImaging
import CardMath
import CardPictureFolders
import CardPixels
import CardTestSupport
import Foundation
import Testing
@testable import CardPictureDecoding

/// EXIF `DateTimeOriginal` + `SubSecTimeOriginal` read from JPEG, TIFF and PNG, the mtime
/// fallback, and hostile EXIF bytes (SPEC §13, `--sort time`).
@Suite("EXIF capture time: JPEG, TIFF, PNG; mtime fallback; hostile bytes")
struct ExifCaptureTimeTests {
    /// 2024-05-01 10:20:30 as UTC seconds (computed apart: Python's calendar.timegm).
    static let mayFirst = 1_714_558_830.0

    @Test("a JPEG's APP1: the date as wall-clock seconds, plus the sub-seconds")
    func jpeg() throws {
        let bytes = ExifTimeSample.jpeg(date: "2024:05:01 10:20:30", subSeconds: "25")
        let seconds = try #require(ExifCaptureTime.seconds(source: bytes, name: "a.jpg"))
        #expect(abs(seconds - (Self.mayFirst + 0.25)) < 1e-6)
        // Without sub-seconds: whole seconds.
        #expect(ExifCaptureTime.seconds(source: ExifTimeSample.jpeg(date: "1999:12:31 23:59:59"), name: "b.jpg") == 946_684_799)
        // The JPEG still decodes (the segment is well formed).
        #expect(try PictureDecoder.probe(bytes).size == PixelSize(width: 32, height: 24))
    }

    @Test("after a JFIF APP0 and in big-endian EXIF; a leap day")
    func app0AndBigEndian() throws {
        let app0: [UInt8] = [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        let withApp0 = Array(ExifTimeSample.plainJPEG[0..<2]) + app0 + Array(ExifTimeSample.plainJPEG[2...])
        let bytes = ExifTimeSample.jpeg(ExifTimeSample.tiff(date: "2024:02:29 00:00:00", bigEndian: true), into: withApp0)
        // The APP1 goes right after SOI, before APP0: move APP0 first to test the walk past it.
        #expect(ExifCaptureTime.seconds(source: bytes, name: "c.jpg") == 1_709_164_800)
        let appAfter = Array(withApp0[0..<(2 + app0.count)]) + ExifTimeSample.app1(ExifTimeSample.tiff(date: "2024:02:29 00:00:00"))
            + Array(withApp0[(2 + app0.count)...])
        #expect(ExifCaptureTime.seconds(source: appAfter, name: "d.jpg") == 1_709_164_800)
    }

    @Test("an APP1 longer than the first read, and one after a large comment: read on, within 128 KiB")
    func largeSegments() throws {
        // A camera-sized APP1 (40 KiB: the TIFF followed by a thumbnail's worth of bytes).
        let tiff = ExifTimeSample.tiff(date: "2024:05:01 10:20:30") + [UInt8](repeating: 0x55, count: 40_000)
        let big = ExifTimeSample.jpeg(tiff)
        #expect(ExifCaptureTime.walk(jpeg: Array(big.prefix(ExifCaptureTime.jpegFirstBytes))).more == 2 + 2 + 6 + tiff.count + 2)
        #expect(ExifCaptureTime.seconds(source: big, name: "big.jpg") == Self.mayFirst)
        // A 30 KiB comment before the APP1.
        let comment: [UInt8] = [0xFF, 0xFE, 0x75, 0x32] + [UInt8](repeating: 0x41, count: 0x7532 - 2)
        let afterComment = Array(big[0..<2]) + comment + Array(big[2...])
        #expect(ExifCaptureTime.seconds(source: afterComment, name: "c.jpg") == Self.mayFirst)
        // Past 128 KiB of segments: not looked for (the mtime is used).
        let far = Array(big[0..<2]) + comment + comment + comment + comment + comment + Array(big[2...])
        #expect(ExifCaptureTime.seconds(source: far, name: "far.jpg") == nil)
        // No EXIF and a scan within the first read: one read, no time.
        #expect(ExifCaptureTime.walk(jpeg: ExifTimeSample.plainJPEG) == (nil, nil))
    }

    @Test("a TIFF file's own IFD0 (read from the file in pieces) and a PNG's eXIf chunk")
    func tiffAndPNG() throws {
        let dir = try TemporaryFolder("exif-time")
        defer { dir.remove() }
        // A TIFF whose IFD0 holds only the EXIF pointer: the time is read, the file need not decode.
        let tiffPath = dir.url("t.tif").path
        try Data(ExifTimeSample.tiff(date: "2024:05:01 10:20:30", subSeconds: "5", bigEndian: true)).write(to: URL(fileURLWithPath: tiffPath))
        let source = try FileSource(opening: tiffPath)
        #expect(ExifCaptureTime.seconds(source: source, name: "t.tif") == Self.mayFirst + 0.5)
        // A PNG with eXIf after IHDR (the walk does not check CRCs; libpng is not involved).
        let png = try PNGCodec.encode(RGBAImage(width: 4, height: 4, fill: (1, 2, 3, 255)))
        let exif = ExifTimeSample.tiff(date: "2024:05:01 10:20:30")
        let length = exif.count
        let chunk: [UInt8] = [UInt8(length >> 24 & 0xFF), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
            + Array("eXIf".utf8) + exif + [0, 0, 0, 0]
        let ihdrEnd = 8 + 8 + 13 + 4
        let tagged = Array(png[0..<ihdrEnd]) + chunk + Array(png[ihdrEnd...])
        #expect(ExifCaptureTime.seconds(source: tagged, name: "p.png") == Self.mayFirst)
        #expect(ExifCaptureTime.seconds(source: png, name: "p.png") == nil)
        // Some writers put "Exif\0\0" first in the chunk.
        let prefixed = Array("Exif".utf8) + [0, 0] + exif
        let prefixedChunk: [UInt8] = [0, 0, UInt8(prefixed.count >> 8), UInt8(prefixed.count & 0xFF)] + Array("eXIf".utf8) + prefixed + [0, 0, 0, 0]
        #expect(ExifCaptureTime.seconds(source: Array(png[0..<ihdrEnd]) + prefixedChunk + Array(png[ihdrEnd...]), name: "q.png") == Self.mayFirst)
    }

    @Test("a HEIC's Exif item (libheif), big-endian with sub-seconds")
    func heic() throws {
        let exif = ExifTimeSample.tiff(date: "2024:05:01 10:20:30", subSeconds: "125", bigEndian: true)
        let heic = try HEIFSample.encode(RGBAImage(width: 64, height: 64, fill: (90, 100, 110, 255)), exif: exif)
        #expect(ExifCaptureTime.seconds(source: heic, name: "h.heic") == Self.mayFirst + 0.125)
        let plain = try HEIFSample.encode(RGBAImage(width: 64, height: 64, fill: (90, 100, 110, 255)))
        #expect(ExifCaptureTime.seconds(source: plain, name: "h.heic") == nil)
    }

    @Test("CaptureTimes: EXIF first, else the mtime moved onto local wall-clock seconds")
    func fallback() throws {
        let dir = try TemporaryFolder("exif-fallback")
        defer { dir.remove() }
        let tagged = dir.url("a.jpg"), plain = dir.url("b.jpg")
        try Data(ExifTimeSample.jpeg(date: "2024:05:01 10:20:30")).write(to: tagged)
        try Data(ExifTimeSample.plainJPEG).write(to: plain)
        let mtime = 1_600_000_000
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: TimeInterval(mtime))], ofItemAtPath: plain.path)
        let files = [tagged, plain].map { PictureFile(name: $0.lastPathComponent, path: $0.path, title: "x", byteCount: 0, modifiedSeconds: mtime) }
        let times = CaptureTimes.of(files)
        #expect(times[0] == CaptureTime(seconds: Self.mayFirst, source: .exif))
        let offset = TimeZone.current.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(mtime)))
        #expect(times[1] == CaptureTime(seconds: Double(mtime + offset), source: .modified))
        // A missing file has no EXIF: its listed mtime.
        let gone = PictureFile(name: "c.jpg", path: dir.url("c.jpg").path, title: "c", byteCount: 0, modifiedSeconds: mtime)
        #expect(CaptureTimes.of(gone).source == .modified)
    }

    @Test("hostile EXIF: truncated, offsets out of range, a loop, bad dates — no time, never a trap")
    func hostile() throws {
        let good = ExifTimeSample.tiff(date: "2024:05:01 10:20:30", subSeconds: "25")
        #expect(ExifCaptureTime.seconds(exif: good) == Self.mayFirst + 0.25)
        // Truncated anywhere inside the date or the directories: nil.
        for cut in [0, 4, 8, 12, 26, 40, good.count - 1] {
            #expect(ExifCaptureTime.seconds(exif: Array(good.prefix(cut))) == nil, "cut at \(cut)")
        }
        // The date's offset past the end.
        var far = good
        let dateEntry = 8 + 2 + 12 + 4 + 2
        far[dateEntry + 8] = 0xFF
        far[dateEntry + 9] = 0xFF
        #expect(ExifCaptureTime.seconds(exif: far) == nil)
        // The EXIF pointer pointing back at IFD0 (a loop): IFD0 holds no date, so nil, at once.
        var loop = good
        loop[8 + 2 + 8] = 8
        loop[8 + 2 + 9] = 0
        #expect(ExifCaptureTime.seconds(exif: loop) == nil)
        // An entry count of 65,535: only entries inside the bytes are read.
        var many = good
        many[8 + 2 + 12 + 4] = 0xFF
        many[8 + 2 + 12 + 5] = 0xFF
        _ = ExifCaptureTime.seconds(exif: many)
        // Dates cameras write without a clock, or out of range: nil (the mtime is used).
        for date in ["0000:00:00 00:00:00", "    :  :     :  :  ", "2024:13:01 00:00:00", "2024:05:01 24:00:00", "2024-05-01 10:20:30", "2024:05:01"] {
            #expect(ExifCaptureTime.seconds(exif: ExifTimeSample.tiff(date: date)) == nil, "\(date)")
        }
        // Sub-seconds that are not digits are no fraction.
        #expect(ExifCaptureTime.seconds(exif: ExifTimeSample.tiff(date: "2024:05:01 10:20:30", subSeconds: "x1")) == Self.mayFirst)
        // A JPEG whose APP1 length runs past the file.
        var jpeg = ExifTimeSample.jpeg(date: "2024:05:01 10:20:30")
        jpeg[4] = 0xFF
        #expect(ExifCaptureTime.seconds(source: jpeg, name: "x.jpg") == nil)
        // Random damage to every byte of the structure: never a trap.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3000 {
            var bytes = good
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            _ = ExifCaptureTime.seconds(exif: bytes)
            _ = ExifCaptureTime.seconds(jpeg: ExifTimeSample.jpeg(bytes))
        }
    }
}
