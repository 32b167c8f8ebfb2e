import CardFormatSamples
import CardImaging
import CardPictureDecoding
import CardPixels
import CardTestSupport
import Foundation
import Testing

/// Issue 22's "done": a folder of mixed camera RAW, HEIC, JPEG and WebP photos culled with
/// single keys, the marks stored as XMP sidecars that another reader (Python's XML parser, with
/// darktable's `xmp:Rating` and digiKam's `digiKam:PickLabel`) reads back; the pictures untouched.
@Suite("culling a folder of mixed formats (end to end)")
struct MixedFolderCullingTests {
    @Test("P, Ctrl+2, X and Ctrl+5 on a DNG, a HEIC, a JPEG and a WebP write four sidecars other tools read")
    func cullsMixedFormats() throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let images = try folder.folder("images")
        let picture = RGBAImage(width: 160, height: 120, fill: (200, 120, 40, 255))
        let files: [(name: String, bytes: [UInt8])] = [
            ("a.dng", DNGSample.make(preview: picture)),
            ("b.heic", try HEIFSample.encode(picture)),
            ("c.jpg", try JPEGEncoder.encode(picture)),
            ("d.webp", WebPEncoder.encode(picture, lossless: false)),
        ]
        for file in files { try Data(file.bytes).write(to: images.appendingPathComponent(file.name)) }
        let before = try ViewerTest.contents(of: images)
        let events = [
            #"{"time": 0.1, "type": "waitForPictures"}"#,
            #"{"time": 0.2, "type": "key", "key": "p"}"#,
            #"{"time": 0.3, "type": "key", "key": "right"}"#, #"{"time": 0.4, "type": "key", "key": "2", "mods": ["ctrl"]}"#,
            #"{"time": 0.5, "type": "key", "key": "right"}"#, #"{"time": 0.6, "type": "key", "key": "x"}"#,
            #"{"time": 0.7, "type": "key", "key": "right"}"#, #"{"time": 0.8, "type": "key", "key": "5", "mods": ["ctrl"]}"#,
        ]
        let script = #"{"events": [\#(events.joined(separator: ", "))], "end": 1.0}"#
        let outcome = try ViewerTest.replay(script, in: folder.url, arguments: [
            "--size", "800x500", "--layout", "grid", images.path, "--thumbnail-cache", "off", "--no-state"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("warning"), "every picture read: \(outcome.stderr)")

        let sidecars = files.map { images.appendingPathComponent($0.name + ".xmp").path }
        for path in sidecars { #expect(FileManager.default.fileExists(atPath: path), "no sidecar \(path)") }
        let lines = try SidecarReadBack.ratings(of: sidecars)
        #expect(lines == ["a.dng.xmp 0 3", "b.heic.xmp 2 0", "c.jpg.xmp -1 1", "d.webp.xmp 5 0"], "read back: \(String(describing: lines))")
        let after = try ViewerTest.contents(of: images)
        #expect(ViewerTest.same(before, after.filter { !$0.key.hasSuffix(".xmp") }), "a picture was modified")
    }
}
