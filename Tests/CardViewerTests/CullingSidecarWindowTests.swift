import CardImaging
import CardPixels
import CardTestSupport
import Foundation
import Testing

extension ViewerWindowTests {
    /// Culling as a photographer does it, end to end (issue 22): single keys in a real window
    /// write XMP sidecars beside the pictures that a second reader (Python's XML parser) finds
    /// with darktable's and digiKam's properties, the pictures untouched; a second start reads
    /// them back (the picks-only filter shows the picked card alone).
    @Test("P, Ctrl+3 and X in a window write NAME.EXT.xmp sidecars other tools read; a restart shows them")
    func cullingWritesSidecars() throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        var checksums: [String: Data] = [:]
        for index in 0..<4 {
            let name = "p\(index).png"
            let path = folder.path(name)
            try PNGCodec.write(RGBAImage(width: 320, height: 200, fill: (UInt8(60 * index), 120, 200, 255)), to: path)
            checksums[name] = try Data(contentsOf: URL(fileURLWithPath: path))
        }
        let outcome = try WindowDriver.run(["run", "--no-state", "--size", "800x500", "--layout", "slidebox", "--thumbnail-cache", "off",
                                            folder.path], script: """
        sleep 2
        xdotool key --window "$w" p
        sleep 0.3
        xdotool key --window "$w" Right
        sleep 0.3
        xdotool key --window "$w" ctrl+3
        sleep 0.3
        xdotool key --window "$w" Right
        sleep 0.3
        xdotool key --window "$w" x
        sleep 1
        xdotool keydown --window "$w" q
        """)
        guard WindowDriver.expectEnded(outcome) else { return }

        // A second reader: Python's standard XML parser, with the namespaces darktable and digiKam use.
        let sidecars = (0..<3).map { folder.path("p\($0).png.xmp") }
        for path in sidecars { #expect(FileManager.default.fileExists(atPath: path), "no sidecar \(path)") }
        let lines = try SidecarReadBack.ratings(of: sidecars)
        #expect(lines == ["p0.png.xmp 0 3", "p1.png.xmp 3 0", "p2.png.xmp -1 1"], "read back: \(String(describing: lines))")
        #expect(!FileManager.default.fileExists(atPath: folder.path("p3.png.xmp")))
        for (name, bytes) in checksums {
            #expect(try Data(contentsOf: folder.url(name)) == bytes, "\(name) was modified")
        }

        // A second start reads the marks back: picks only leaves one card, the title names it.
        let again = try WindowDriver.run(["run", "--no-state", "--size", "800x500", "--layout", "grid", "--thumbnail-cache", "off",
                                          folder.path], script: """
        sleep 2
        xdotool key --window "$w" v
        sleep 1
        xdotool getwindowname "$w"
        xdotool key --window "$w" Right
        sleep 0.5
        xdotool getwindowname "$w"
        xdotool keydown --window "$w" q
        """)
        guard WindowDriver.expectEnded(again) else { return }
        let titles = again.printed.split(separator: "\n").map(String.init)
        #expect(titles.count == 2 && titles.allSatisfy { $0.hasPrefix("p0.png") }, "titles under picks only: \(titles)")
    }
}
