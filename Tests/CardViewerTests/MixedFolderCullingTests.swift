import CardFormatSamples
import CardImaging
import CardPictureDecoding
import CardPixels
import Foundation
import Testing

/// Issue 22's "done": a folder of mixed camera RAW, HEIC, JPEG and WebP photos culled with
/// single keys, the marks stored as XMP sidecars that another reader (Python's XML parser, with
/// darktable's `xmp:Rating` and digiKam's `digiKam:PickLabel`) reads back; the pictures untouched.
@Suite("culling a folder of mixed formats (end to end)")
struct MixedFolderCullingTests {
    @Test("P, Ctrl+2, X and Ctrl+5 on a DNG, a HEIC, a JPEG and a WebP write four sidecars other tools read")
    func cullsMixedFormats() throws {
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let images = folder.appendingPathComponent("images")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
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
        let outcome = try ViewerTest.replay(script, in: folder, arguments: [
            "--size", "800x500", "--layout", "grid", images.path, "--thumbnail-cache", "off", "--no-state"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("warning"), "every picture read: \(outcome.stderr)")

        let reader = """
        from sys import argv
        from xml.etree import ElementTree as ET
        ns = {'rdf': 'http://www.w3.org/1999/02/22-rdf-syntax-ns#', 'xmp': 'http://ns.adobe.com/xap/1.0/',
              'digiKam': 'http://www.digikam.org/ns/1.0/'}
        for path in argv[1:]:
            root = ET.parse(path).getroot()
            def value(name):
                prefix, local = name.split(':')
                key = '{%s}%s' % (ns[prefix], local)
                for d in root.iter('{http://www.w3.org/1999/02/22-rdf-syntax-ns#}Description'):
                    if key in d.attrib: return d.attrib[key]
                    child = d.find(name, ns)
                    if child is not None: return child.text
                return ''
            print(path.rsplit('/', 1)[1], value('xmp:Rating'), value('digiKam:PickLabel'))
        """
        let sidecars = files.map { images.appendingPathComponent($0.name + ".xmp").path }
        for path in sidecars { #expect(FileManager.default.fileExists(atPath: path), "no sidecar \(path)") }
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        python.arguments = ["-c", reader] + sidecars
        let output = Pipe()
        python.standardOutput = output
        try python.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        python.waitUntilExit()
        #expect(python.terminationStatus == 0)
        #expect(printed.split(separator: "\n").map(String.init)
                    == ["a.dng.xmp 0 3", "b.heic.xmp 2 0", "c.jpg.xmp -1 1", "d.webp.xmp 5 0"], "read back: \(printed)")
        let after = try ViewerTest.contents(of: images)
        #expect(ViewerTest.same(before, after.filter { !$0.key.hasSuffix(".xmp") }), "a picture was modified")
    }
}
