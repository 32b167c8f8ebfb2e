import CardImaging
import CardPictureDecoding
import CardPixels
import CardTestSupport
import Foundation
import Testing

/// The picture pipeline in the real window (SPEC §10 "No redraw storms", "Measured as users see
/// it", quitting): the window's own redraw policy counted through `--log-frames` while a folder's
/// pictures arrive and its thumbnails are made with nothing else moving, then Q.
///
/// In the serialized suite of `ViewerWindowTests` (the X pointer is shared).
extension ViewerWindowTests {
    /// A line of `--log-frames`: seconds since start, cards in view, of them final, the open card.
    struct FrameLine: Equatable {
        var time: Double
        var inView: Int
        var final: Int
        var open: Int?

        /// Parses `TIME IN_VIEW FINAL OPEN` (docs/formats/frame-log.md); nil for anything else.
        init?(_ line: Substring) {
            let fields = line.split(separator: " ")
            guard fields.count == 4, let time = Double(fields[0]), let inView = Int(fields[1]), let final = Int(fields[2]),
                  time >= 0, inView >= 0, final >= 0, final <= inView else { return nil }
            self.time = time
            self.inView = inView
            self.final = final
            if fields[3] == "none" { open = nil } else if let index = Int(fields[3]) { open = index } else { return nil }
        }
    }

    /// `count` JPEGs of `width`×`height` in distinct flat colours (a vertical ramp, so they are
    /// not trivial to decode), named `NNN.jpg`.
    static func jpegFolder(count: Int, width: Int, height: Int, in directory: URL) throws -> URL {
        let folder = directory.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for index in 0..<count {
            var image = RGBAImage(width: width, height: height, fill: (UInt8(40 + index * 37 % 180), UInt8(60 + index * 71 % 160), 90, 255))
            for y in stride(from: 0, to: height, by: 4) { image[width / 2, y] = (UInt8(y % 256), 20, 200, 255) }
            let bytes = try JPEGEncoder.encode(image, quality: 85)
            try Data(bytes).write(to: folder.appendingPathComponent(String(format: "%03d.jpg", index)))
        }
        return folder
    }

    @Test("pictures and thumbnails arriving at rest: at most 4 frames a second presented; the frame log's lines; Q ends and saves")
    func redrawsBatchedAtRest() throws {
        guard ChildProcess.viewerExecutable != nil else {
            Issue.record("cardviewer not built")
            return
        }
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let photos = try Self.jpegFolder(count: 120, width: 1600, height: 1200, in: folder.url)
        let log = folder.url("frames.log")
        let state = folder.url("state.json")

        // Nothing but waiting (no input: the start hint holds for 5 s, its fade is frames), then Q.
        let outcome = try WindowDriver.run(["run", "--size", "1280x800", "--layout", "grid", "--images", photos.path,
                                            "--state", state.path, "--log-frames", log.path],
                                           environment: ["XDG_CACHE_HOME": folder.path("cache")],
                                           script: """
        sleep 3.5
        xdotool keydown --window "$w" q
        """)
        guard WindowDriver.expectEnded(outcome) else { return }
        // Q saved the state.
        #expect(try ViewerTest.state(at: state).cards.count == 120)

        let text = try String(contentsOf: log, encoding: .utf8)
        let rows = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let lines = rows.compactMap(FrameLine.init)
        try #require(lines.count == rows.count, "lines that do not parse: \(rows.filter { FrameLine($0) == nil })")
        try #require(lines.count >= 2, "\(text)")
        #expect(zip(lines, lines.dropFirst()).allSatisfy { $0.time <= $1.time }, "times go back")
        #expect(lines.allSatisfy { $0.open == nil && $0.inView > 0 })
        // Pictures arrived while the window was at rest — the first screen's, prepared while the
        // window opened, may be whole in its first frame; the rest of the folder is thumbnailed
        // behind it, its progress line counting — and every card is final at the end.
        #expect(lines.last!.final == lines.last!.inView, "\(lines.last!)")
        // At most 4 frames in any second (the window's first frame aside).
        let times = lines.map(\.time)
        for (index, start) in times.enumerated() {
            let inSecond = times[index...].prefix { $0 < start + 1 }.count
            #expect(inSecond <= (index == 0 ? 5 : 4), "\(inSecond) frames from \(start) s:\n\(text)")
        }
    }
}
