import CardImaging
import CardPixels
import CardTestSupport
import Foundation
import Testing

/// Every picture of README.md and docs/ is what its command in `docs/pictures.txt` draws today:
/// each command runs with the built `cardviewer` into a temporary folder, and the result is
/// compared with the committed picture pixel by pixel. When one fails, regenerate it with
/// `scripts/make-doc-pictures.sh` (look at it and its caption before committing).
///
/// Tolerance: two runs of every command on llvmpipe gave identical pixels (measured on 2026-11-28:
/// 0 differing pixels in all 36 pictures, once the HUD's measured `layout N us` is left out with
/// the list's `ignore=`). A channel may still differ by 2 (another Mesa or CPU can round a blend
/// or an edge sample differently), and up to 1 pixel in 20,000 (0.005 %: 51 of a 1280×800 frame,
/// 7 of 480×320) by more; a card moved by a pixel, or one digit of a label changed, is more.
@Suite struct DocPicturesTests {
    /// The largest channel difference counted as equal.
    static let channelTolerance = 2
    /// The most pixels, per pixel of the picture, allowed to differ by more.
    static let differingFraction = 1.0 / 20_000

    @Test("the list parses: every line that is not a comment names a picture and a command")
    func listParses() throws {
        let text = try String(contentsOf: DocPicture.root.appendingPathComponent("docs/pictures.txt"), encoding: .utf8)
        let lines = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty && !$0.hasPrefix("#") }
        #expect(DocPicture.all.count == lines.count, "docs/pictures.txt has lines that are not `PATH [ignore=X,Y,W,H] [unchecked] ARGUMENTS…`")
        #expect(DocPicture.checked.count >= 30)
        for picture in DocPicture.all {
            #expect(["render", "run", "compare", "bench", "record"].contains(picture.arguments[0]), "\(picture.path): \(picture.arguments[0])")
            #expect(picture.arguments.contains { $0.contains("{out}") || $0.contains("{dir}") }, "\(picture.path) writes nowhere")
        }
    }

    /// Every PNG and SVG under docs/ is in the list, so a new picture cannot be added without its command.
    @Test func everyPictureOfDocsIsListed() throws {
        let docs = DocPicture.root.appendingPathComponent("docs")
        let listed = Set(DocPicture.all.map(\.path))
        let files = FileManager.default.enumerator(atPath: docs.path)?.compactMap { $0 as? String } ?? []
        let pictures = files.filter { file in [".png", ".svg", ".webp", ".gif"].contains { file.hasSuffix($0) } }.map { "docs/" + $0 }
        #expect(!pictures.isEmpty)
        for picture in pictures.sorted() {
            #expect(listed.contains(picture), "\(picture) is not in docs/pictures.txt: add the command that makes it")
        }
        for path in listed.sorted() {
            #expect(FileManager.default.fileExists(atPath: DocPicture.root.appendingPathComponent(path).path), "\(path) is listed but missing")
        }
    }

    @Test("the committed picture is what its command draws", arguments: DocPicture.checked)
    func matchesItsCommand(_ picture: DocPicture) throws {
        let folder = try TemporaryFolder("cardviewer-doc-picture")
        defer { folder.remove() }
        let outcome = try ChildProcess.runViewer(picture.arguments(writingInto: folder.path), in: DocPicture.root, timeLimit: 120)
        try #require(outcome.status == 0, "\(picture.path): cardviewer \(picture.arguments.joined(separator: " ")) failed: \(outcome.stderr)")
        let madePath = folder.path((picture.path as NSString).lastPathComponent)
        if picture.path.hasSuffix(".webp") || picture.path.hasSuffix(".gif") {
            try Self.compareAnimation(madePath, picture)
            return
        }
        let made = try PNGCodec.read(contentsOf: madePath)
        let committed = try PNGCodec.read(contentsOf: DocPicture.root.appendingPathComponent(picture.path).path)
        try #require(made.width == committed.width && made.height == committed.height, """
            \(picture.path) is \(committed.width)×\(committed.height), its command draws \(made.width)×\(made.height): \
            regenerate it with scripts/make-doc-pictures.sh
            """)
        let differing = Self.differingPixels(made, committed, picture)
        let allowed = Int(Double(made.width * made.height) * Self.differingFraction)
        #expect(differing <= allowed, """
            \(picture.path) no longer matches its command: \(differing) of \(made.width * made.height) pixels differ \
            (allowed \(allowed)); regenerate it with scripts/make-doc-pictures.sh and check its caption
            """)
    }

    /// An animation (`record`'s): the same frame times, and at each the frame shown compared as
    /// a still picture is, but with the tolerance of a lossy or palette encoding: a channel may
    /// differ by 24 (WebP at quality 90 re-encodes a frame that differs by a rounding step
    /// differently; a GIF palette may pick a neighbouring colour) in up to 1 pixel in 500; a
    /// card moved by a pixel differs along all its edges, which is more.
    static func compareAnimation(_ madePath: String, _ picture: DocPicture) throws {
        let read = { (path: String) throws -> DecodedAnimation in
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            return picture.path.hasSuffix(".gif") ? try AnimationReader.gif(bytes) : try AnimationReader.webp(bytes)
        }
        let made = try read(madePath)
        let committed = try read(DocPicture.root.appendingPathComponent(picture.path).path)
        try #require(made.endMilliseconds.last == committed.endMilliseconds.last && made.frames.first?.width == committed.frames.first?.width
                     && made.frames.first?.height == committed.frames.first?.height, """
            \(picture.path): its command's animation has another size or length: regenerate it with scripts/make-doc-pictures.sh
            """)
        // Every time a frame starts in either file.
        let starts = Set([0] + made.endMilliseconds.dropLast() + committed.endMilliseconds.dropLast()).sorted()
        let loose = DocPicture(path: picture.path, arguments: picture.arguments, ignored: [], unchecked: false)
        for time in starts {
            guard let a = made.endMilliseconds.firstIndex(where: { $0 > time }), let b = committed.endMilliseconds.firstIndex(where: { $0 > time }) else { continue }
            let differing = differingPixels(made.frames[a], committed.frames[b], loose, tolerance: 24)
            let allowed = made.frames[a].width * made.frames[a].height / 500
            #expect(differing <= allowed, """
                \(picture.path) at \(time) ms no longer matches its command: \(differing) pixels differ (allowed \(allowed)); \
                regenerate it with scripts/make-doc-pictures.sh
                """)
        }
    }

    /// Pixels outside the picture's ignored rectangles where a channel differs by more than the tolerance.
    static func differingPixels(_ a: RGBAImage, _ b: RGBAImage, _ picture: DocPicture, tolerance: Int = channelTolerance) -> Int {
        var count = 0
        a.pixels.withUnsafeBufferPointer { p in
            b.pixels.withUnsafeBufferPointer { q in
                for y in 0..<a.height {
                    for x in 0..<a.width where !picture.ignores(x: x, y: y) {
                        let i = (y * a.width + x) * 4
                        for c in i..<i + 4 where abs(Int(p[c]) - Int(q[c])) > tolerance {
                            count += 1
                            break
                        }
                    }
                }
            }
        }
        return count
    }

    @Test("a pixel moved, or outside the ignored rectangle, counts; inside it does not")
    func countingDifferences() {
        var a = RGBAImage(width: 10, height: 10, fill: (10, 20, 30, 255))
        var b = a
        b.pixels[0] = 12  // within the tolerance
        let picture = DocPicture(path: "x.png", arguments: ["render"], ignored: [(5, 5, 2, 2)], unchecked: false)
        #expect(Self.differingPixels(a, b, picture) == 0)
        b.pixels[(3 * 10 + 4) * 4 + 1] = 200  // (4, 3): counted
        b.pixels[(6 * 10 + 6) * 4 + 2] = 200  // (6, 6): ignored
        #expect(Self.differingPixels(a, b, picture) == 1)
        a.pixels[(3 * 10 + 4) * 4 + 1] = 198
        #expect(Self.differingPixels(a, b, picture) == 0)
    }
}
