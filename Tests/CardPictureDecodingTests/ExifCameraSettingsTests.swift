import CardFormatSamples
import CardImaging
import CardPictureFolders
import CardPixels
import CardTestSupport
import Foundation
import Testing
@testable import CardPictureDecoding

/// The info panel's EXIF camera settings (SPEC §13, `I`): camera, lens, exposure, aperture, ISO,
/// focal length and capture time read from JPEG, TIFF and PNG through the reads the capture time
/// uses (`ExifReading`), each field's text, and hostile bytes (a field lost, never a trap).
@Suite("EXIF camera settings: JPEG, TIFF, PNG; texts; hostile bytes")
struct ExifCameraSettingsTests {
    static let typical = CameraSettings(camera: "Canon EOS R5", lens: "RF24-70mm F2.8 L IS USM", exposure: "1/250 s", aperture: "f/2.8",
                                        iso: "ISO 400", focalLength: "50 mm", captureTime: "2024-05-01 12:34:56")

    @Test("a JPEG's APP1, little- and big-endian: every field's text")
    func jpeg() throws {
        #expect(ExifCameraSettings.read(source: ExifCameraSample.jpeg(), name: "a.jpg") == Self.typical)
        #expect(ExifCameraSettings.read(source: ExifCameraSample.jpeg(ExifCameraSample.tiff(bigEndian: true)), name: "b.jpg") == Self.typical)
        // The same bytes give the capture time (one reader of where the EXIF is): 2024-05-01 12:34:56.
        #expect(ExifCaptureTime.seconds(source: ExifCameraSample.jpeg(), name: "a.jpg") == 1_714_566_896)
        // An APP1 longer than the first read (a camera's, with its thumbnail): read on.
        let big = ExifCameraSample.jpeg(ExifCameraSample.tiff() + [UInt8](repeating: 0x55, count: 40_000))
        #expect(ExifCameraSettings.read(source: big, name: "big.jpg") == Self.typical)
        // No EXIF: nil.
        #expect(ExifCameraSettings.read(source: ExifTimeSample.plainJPEG, name: "plain.jpg") == nil)
    }

    @Test("a TIFF file's own IFD0 (read in pieces) and a PNG's eXIf chunk")
    func tiffAndPNG() throws {
        let dir = try TemporaryFolder("exif-camera")
        defer { dir.remove() }
        let path = dir.url("t.tif").path
        try Data(ExifCameraSample.tiff(bigEndian: true)).write(to: URL(fileURLWithPath: path))
        #expect(ExifCameraSettings.read(path: path, name: "t.tif") == Self.typical)
        #expect(ExifCameraSettings.read(path: dir.url("gone.tif").path, name: "gone.tif") == nil)
        let png = try PNGCodec.encode(RGBAImage(width: 4, height: 4, fill: (1, 2, 3, 255)))
        let exif = ExifCameraSample.tiff()
        let chunk: [UInt8] = [0, 0, UInt8(exif.count >> 8), UInt8(exif.count & 0xFF)] + Array("eXIf".utf8) + exif + [0, 0, 0, 0]
        let ihdrEnd = 8 + 8 + 13 + 4
        #expect(ExifCameraSettings.read(source: Array(png[0..<ihdrEnd]) + chunk + Array(png[ihdrEnd...]), name: "p.png") == Self.typical)
        #expect(ExifCameraSettings.read(source: png, name: "p.png") == nil)
    }

    @Test("texts: exposure, aperture, focal length, ISO, camera names, ASCII, dates")
    func texts() {
        #expect(CameraSettings.exposure(1, 250) == "1/250 s")
        #expect(CameraSettings.exposure(10, 2500) == "1/250 s")
        #expect(CameraSettings.exposure(1, 3) == "1/3 s")
        #expect(CameraSettings.exposure(3, 10) == "1/3 s")  // 0.3 s: the denominator rounded
        #expect(CameraSettings.exposure(1, 8000) == "1/8000 s")
        #expect(CameraSettings.exposure(2, 1) == "2 s")
        #expect(CameraSettings.exposure(5, 2) == "2.5 s")
        #expect(CameraSettings.exposure(1, 1) == "1 s")
        #expect(CameraSettings.exposure(96, 100) == "1 s")  // 1/1.04 rounds to 1: a second
        #expect(CameraSettings.exposure(30, 1) == "30 s")
        #expect(CameraSettings.exposure(0, 1) == nil)
        #expect(CameraSettings.exposure(1, 0) == nil)
        #expect(CameraSettings.aperture(28, 10) == "f/2.8")
        #expect(CameraSettings.aperture(8, 1) == "f/8")
        #expect(CameraSettings.aperture(80, 10) == "f/8")
        #expect(CameraSettings.aperture(56, 10) == "f/5.6")
        #expect(CameraSettings.aperture(1, 0) == nil)
        #expect(CameraSettings.aperture(0, 10) == nil)
        #expect(CameraSettings.focalLength(50, 1) == "50 mm")
        #expect(CameraSettings.focalLength(249, 10) == "25 mm")
        #expect(CameraSettings.focalLength(0, 1) == nil)
        #expect(CameraSettings.focalLength(50, 0) == nil)
        #expect(CameraSettings.iso(400) == "ISO 400")
        #expect(CameraSettings.iso(0) == nil)
        #expect(CameraSettings.camera(make: "Canon", model: "Canon EOS R5") == "Canon EOS R5")
        #expect(CameraSettings.camera(make: "NIKON CORPORATION", model: "NIKON Z 6") == "NIKON Z 6")
        #expect(CameraSettings.camera(make: "FUJIFILM", model: "X-T4") == "FUJIFILM X-T4")
        #expect(CameraSettings.camera(make: "SONY", model: nil) == "SONY")
        #expect(CameraSettings.camera(make: nil, model: "ILCE-7M3") == "ILCE-7M3")
        #expect(CameraSettings.camera(make: nil, model: nil) == nil)
        #expect(CameraSettings.text(Array("  Canon \0junk".utf8)) == "Canon")
        #expect(CameraSettings.text([0x43, 0xE9, 0x07, 0x7F]) == "C???")
        #expect(CameraSettings.text([UInt8](repeating: 0x41, count: 100)) == String(repeating: "A", count: 64))
        #expect(CameraSettings.text(Array("    ".utf8)) == nil)
        #expect(CameraSettings.text([0, 0x41]) == nil)
        #expect(CameraSettings.captureTime(Array("2024:05:01 12:34:56\0".utf8)) == "2024-05-01 12:34:56")
        #expect(CameraSettings.captureTime(Array("0000:00:00 00:00:00".utf8)) == nil)
        #expect(CameraSettings.captureTime(Array("    :  :     :  :  ".utf8)) == nil)
        #expect(CameraSettings.captureTime(Array("2024:05:01".utf8)) == nil)
    }

    @Test("fields apart: ISO as a LONG, a make alone, non-printable text as ?, only some fields, none")
    func partial() {
        let some = ExifCameraSample.tiff(ifd0: [(0x010F, .ascii("SONY"))], exif: [(0x8827, .long(12_800)), (0xA434, .asciiBytes([0x46, 0xE9, 0x32, 0]))])
        #expect(ExifCameraSettings.settings(exif: some) == CameraSettings(camera: "SONY", lens: "F?2", iso: "ISO 12800"))
        // A 200-byte model is cut at 64 bytes.
        let long = ExifCameraSample.tiff(ifd0: [(0x0110, .ascii(String(repeating: "M", count: 200)))], exif: [])
        #expect(ExifCameraSettings.settings(exif: long)?.camera == String(repeating: "M", count: 64))
        // Only an orientation: nothing to show.
        #expect(ExifCameraSettings.settings(exif: ExifCameraSample.tiff(ifd0: [(0x0112, .short(1))], exif: [])) == nil)
        // "Exif\0\0" first (some writers): skipped.
        #expect(ExifCameraSettings.settings(exif: Array("Exif".utf8) + [0, 0] + ExifCameraSample.tiff()) == Self.typical)
    }

    @Test("hostile EXIF: zero denominators, wrong types, offsets out of range, truncation, damage — a field lost, never a trap")
    func hostile() throws {
        var exif = ExifCameraSample.typical.exif
        exif[0] = (0x829A, .rational(1, 0))  // exposure: zero denominator
        exif[1] = (0x829D, .field(type: 3, count: 1, bytes: [28, 0]))  // aperture: a SHORT, not a RATIONAL
        exif[2] = (0x8827, .ascii("400"))  // ISO as text
        exif[4] = (0x920A, .field(type: 5, count: 1, bytes: [0xF0, 0xFF, 0, 0]))  // focal length: offset past the end
        exif[5] = (0xA434, .field(type: 2, count: 30, bytes: [0xF0, 0xFF, 0, 0]))  // lens: offset past the end
        let damaged = ExifCameraSample.tiff(exif: exif)
        #expect(ExifCameraSettings.settings(exif: damaged) == CameraSettings(camera: "Canon EOS R5", captureTime: "2024-05-01 12:34:56"))
        // A bad date: no capture time, the rest shown.
        var dated = ExifCameraSample.typical.exif
        dated[3] = (0x9003, .ascii("0000:00:00 00:00:00"))
        var expected = Self.typical
        expected.captureTime = nil
        #expect(ExifCameraSettings.settings(exif: ExifCameraSample.tiff(exif: dated)) == expected)
        // Truncated anywhere: never a trap; cut inside the data area, the fields there are lost.
        let good = ExifCameraSample.tiff()
        for cut in 0..<good.count {
            let settings = ExifCameraSettings.settings(exif: Array(good.prefix(cut)))
            if cut < 8 { #expect(settings == nil, "cut at \(cut)") }
        }
        #expect(ExifCameraSettings.settings(exif: Array(good.prefix(good.count - 1)))?.lens == nil)
        // The EXIF pointer pointing back at IFD0 (a loop): IFD0's fields, once.
        var loop = good
        let pointerValue = 8 + 2 + 12 * 2 + 8
        loop[pointerValue] = 8
        loop[pointerValue + 1] = 0
        #expect(ExifCameraSettings.settings(exif: loop) == CameraSettings(camera: "Canon EOS R5"))
        // A JPEG whose APP1 length runs past the file: nothing.
        var jpeg = ExifCameraSample.jpeg()
        jpeg[4] = 0xFF
        #expect(ExifCameraSettings.read(source: jpeg, name: "x.jpg") == nil)
        // Random damage to every byte of the structure: never a trap; texts stay printable ASCII.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3000 {
            var bytes = good
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            let settings = ExifCameraSettings.settings(exif: bytes)
            for text in [settings?.camera, settings?.lens].compactMap({ $0 }) {
                #expect(text.utf8.allSatisfy { (0x20...0x7E).contains($0) } && text.utf8.count <= 2 * CameraSettings.textLimit + 1)
            }
            _ = ExifCameraSettings.read(source: ExifTimeSample.jpeg(bytes), name: "r.jpg")
        }
    }
}
