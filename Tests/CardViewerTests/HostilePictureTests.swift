import CardImaging
import CardLayout
import CardMath
import CardPictureDecoding
import CardPixels
import CardTestSupport
import Foundation
import Testing

/// Hostile and broken pictures in a folder (SPEC §11, issue 19), each through the real binary
/// as users run it — `cardviewer render --images DIR --out OUT.png` — beside good pictures, and
/// compared with a control run of the same folder without the bad files: the run ends within
/// 10 s with exit status 0, one escaped warning line per bad file and no crash trace, its peak
/// memory at most 256 MB over the control's, and the good pictures drawn as in the control.
///
/// Peak memory is the child's own high-water mark as `wait4` reports it (GNU time's %M): the
/// child runs under GNU time, a small process, so the figure is not the test process's (a
/// child spawned straight from here would count this process's memory until it execs).
@Suite("hostile pictures, end to end (render)", .serialized)
struct HostilePictureTests {
    /// The longest a run may take, seconds.
    static let timeout = 10
    /// The most a run may use over the control's peak, bytes.
    static let overControl = 256 << 20
    /// The good pictures: solid colours, one JPEG among PNGs, sorting before every bad file.
    static let good: [(name: String, color: (r: UInt8, g: UInt8, b: UInt8))] = [
        ("a1.png", (200, 40, 40)), ("a2.jpg", (40, 160, 60)), ("a3.png", (40, 80, 200)),
    ]
    static let viewport = Size(width: 640, height: 400)

    struct Run {
        var status: Int32
        var stderr: String
        var peak: Int
        var image: RGBAImage?
        var lines: [Substring] { stderr.split(separator: "\n") }
    }

    /// A folder of the good pictures in `directory`.
    static func goodFolder(in directory: URL) throws -> URL {
        let folder = directory.appendingPathComponent("pictures")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, c) in good {
            let image = RGBAImage(width: 300, height: name == "a3.png" ? 360 : 200, fill: (c.r, c.g, c.b, 255))
            if name.hasSuffix(".jpg") {
                try Data(JPEGEncoder.encode(image, quality: 95)).write(to: folder.appendingPathComponent(name))
            } else {
                try PNGCodec.write(image, to: folder.appendingPathComponent(name).path)
            }
        }
        return folder
    }

    /// `cardviewer render` of `folder` in the grid, killed after `timeLimit` seconds, its peak
    /// measured by GNU time.
    static func render(_ folder: URL, in directory: URL, timeLimit: Int = timeout) throws -> Run {
        try #require(FileManager.default.isExecutableFile(atPath: ChildProcess.gnuTime),
                     "GNU time is needed (the 'time' package: scripts/install-deps.sh)")
        let out = directory.appendingPathComponent("out-\(UUID().uuidString).png")
        let outcome = try ChildProcess.runViewer(["render", "--images", folder.path, "--out", out.path, "--layout", "grid",
                                                  "--size", "\(Int(viewport.width))x\(Int(viewport.height))", "--thumbnail-cache", "off"],
                                                 timeLimit: Double(timeLimit), peakMemory: true)
        return Run(status: outcome.status, stderr: outcome.stderr, peak: outcome.peakResidentBytes,
                   image: try? PNGCodec.read(contentsOf: out.path))
    }

    /// The control run: the good pictures alone (made once for the suite).
    /// Its temporary folder lives as long as the suite's process.
    static let control: Result<(folder: URL, run: Run, directory: TemporaryFolder), any Error> = Result {
        let directory = try TemporaryFolder("cardviewer-e2e")
        let folder = try goodFolder(in: directory.url)
        return (folder, try render(folder, in: directory.url), directory)
    }

    /// Where card `index` of the grid has its centre, pixels.
    static func center(ofCard index: Int) -> (x: Int, y: Int) {
        let frame = GridLayout().slotFrame(at: index, viewport: viewport)
        return (Int(frame.center.x), Int(frame.center.y))
    }

    @Test("the control run: good pictures drawn, nothing on stderr")
    func controlRun() throws {
        let (_, run, _) = try Self.control.get()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.lines.isEmpty, "\(run.stderr)")
        #expect(run.peak > 0)
        let image = try #require(run.image)
        for (index, picture) in Self.good.enumerated() {
            let (x, y) = Self.center(ofCard: index)
            #expect(ViewerTest.pixel(image, x, y, is: picture.color, tolerance: 12), "\(picture.name): \(image[x, y])")
        }
    }

    @Test(arguments: HostileFiles.cases)
    func hostileFolder(_ hostile: HostileFiles.Case) throws {
        let (goodFolder, control, _) = try Self.control.get()
        let directory = try TemporaryFolder("cardviewer-e2e")
        defer { directory.remove() }
        let folder = directory.url("pictures")
        try FileManager.default.copyItem(at: goodFolder, to: folder)
        for file in hostile.files { try file.make(folder.appendingPathComponent(file.name).path) }

        let run = try Self.render(folder, in: directory.url)
        #expect(run.status == 0, "exit \(run.status) (137: killed after \(Self.timeout) s): \(run.stderr)")
        // No crash trace, and nothing raw from a file name reaches the terminal.
        for sign in ["Fatal error", "Stack dump", "Backtrace", "Segmentation", "Illegal instruction", "Aborted"] {
            #expect(!run.stderr.contains(sign), "\(run.stderr)")
        }
        #expect(!run.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "raw control characters: \(run.stderr)")
        // One escaped warning line per bad file, naming it; nothing else.
        #expect(run.lines.count == hostile.refused.count, "\(run.stderr)")
        for name in hostile.refused {
            let shown = TerminalText.escaped(name)
            let lines = run.lines.filter { $0.hasPrefix("warning: ") && $0.contains(shown) }
            #expect(lines.count == 1, "\(shown): \(run.stderr)")
        }
        // Memory: at most 256 MB over the control run of the good pictures alone.
        #expect(run.peak > 0 && run.peak - control.peak <= Self.overControl,
                "peak \(run.peak >> 20) MiB, control \(control.peak >> 20) MiB")
        // The good pictures are drawn as in the control; a valid bad file shows its picture.
        let image = try #require(run.image, "no output PNG")
        let reference = try #require(control.image)
        for index in Self.good.indices {
            let (x, y) = Self.center(ofCard: index)
            let (r, g, b, _) = reference[x, y]
            #expect(ViewerTest.pixel(image, x, y, is: (r, g, b), tolerance: 2), "card \(index): \(image[x, y]) vs \(reference[x, y])")
        }
        if let color = hostile.shows {
            let (x, y) = Self.center(ofCard: Self.good.count)
            #expect(ViewerTest.pixel(image, x, y, is: (color[0], color[1], color[2]), tolerance: 12), "the bad file's card: \(image[x, y])")
        }
    }
}
