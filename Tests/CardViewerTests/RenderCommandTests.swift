import CardImaging
import CardPixels
import CardTestSupport
import Foundation
import Testing

/// `cardviewer render` end to end: the built executable, its exit statuses and its PNGs.
@Suite("cardviewer render (end to end)")
struct RenderCommandTests {
    @Test("bad input: exit status 2 and one line on stderr",
          arguments: [
            (["--layout", "nope"], "pages"),
            (["--order", "nope"], "zindex"),
            (["--cards", "-1"], "cards"),
            (["--cards", "x"], "cards"),
            (["--size", "0x0"], "size"),
            (["--size", "garbage"], "size"),
            (["--offset", "nan"], "offset"),
            (["--cards", "5000001"], "cards"),
            (["--cards", "3", "--images", "/tmp"], "--images"),
            (["--images", "/nonexistent-cardviewer-folder"], "nonexistent-cardviewer-folder"),
            ([] as [String], "out"),
          ])
    func badInput(arguments: [String], mentioned: String) throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let out = folder.path("x.png")
        let outArguments = arguments.isEmpty ? [] : ["--out", out]
        let outcome = try ChildProcess.runViewer(["render"] + arguments + outArguments)
        #expect(outcome.status == 2)
        #expect(outcome.errorLines.count == 1, "\(outcome.stderr)")
        #expect(outcome.stderr.contains(mentioned), "\(outcome.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("an unknown ordering lists the valid ones")
    func orderingValues() throws {
        let outcome = try ChildProcess.runViewer(["render", "--order", "painter", "--out", "/tmp/never.png"])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("depth") && outcome.stderr.contains("zindex"))
    }

    @Test("--out in a folder that does not exist, or a folder: bad input, exit status 2, one line naming the file (SPEC §11)",
          arguments: ["/nonexistent-cardviewer-dir/x.png", "/tmp"])
    func unwritable(path: String) throws {
        let outcome = try ChildProcess.runViewer(["render", "--cards", "3", "--out", path])
        #expect(outcome.status == 2)
        #expect(outcome.errorLines.count == 1, "\(outcome.stderr)")
        #expect(outcome.stderr.contains(path))
    }

    @Test("success: exit status 0 and a PNG of the requested size",
          arguments: [["--cards", "30"], ["--cards", "0"], ["--cards", "5", "--order", "zindex", "--offset", "200"],
                      ["--cards", "1000000", "--offset", "1e9"]])
    func success(arguments: [String]) throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let out = folder.path("frame.png")
        let outcome = try ChildProcess.runViewer(["render", "--size", "320x200"] + arguments + ["--out", out])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.isEmpty)
        let image = try PNGCodec.read(contentsOf: out)
        #expect(image.width == 320 && image.height == 200)
        #expect(image[0, 0].a == 255)
    }

    @Test("the default size is 1280x800 and cards are drawn over the background")
    func defaults() throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let out = folder.path("pages.png")
        let outcome = try ChildProcess.runViewer(["render", "--out", out])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let image = try PNGCodec.read(contentsOf: out)
        #expect(image.width == 1280 && image.height == 800)
        let background = image[640, 5], card = image[640, 500]
        #expect(background != card)
    }

    @Test("--images draws the folder's pictures through the viewer's pipeline, fitted, and never writes the folder")
    func folderPictures() throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let pictures = try folder.folder("pictures")
        // A wide red picture: fitted into a grid card it leaves bands of the card's background.
        let red = RGBAImage(width: 300, height: 100, fill: (230, 20, 20, 255))
        try PNGCodec.write(red, to: pictures.appendingPathComponent("red.png").path)
        let before = try ViewerTest.contents(of: pictures)
        let out = folder.path("grid.png")
        let outcome = try ChildProcess.runViewer(["render", "--layout", "grid", "--images", pictures.path,
                                                  "--thumbnail-cache", "off", "--out", out])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let image = try PNGCodec.read(contentsOf: out)
        var redRows = Set<Int>(), redCount = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image[x, y]
                if p.r > 200, p.g < 60, p.b < 60 { redCount += 1; redRows.insert(y) }
            }
        }
        // One card's picture (thousands of pixels), 3:1, so its rows are a third of its width.
        #expect(redCount > 5000, "red pixels: \(redCount)")
        let width = Double(redCount) / Double(max(redRows.count, 1))
        #expect(abs(width / Double(redRows.count) - 3) < 0.3, "rows \(redRows.count), width \(width)")
        #expect(ViewerTest.same(try ViewerTest.contents(of: pictures), before))
    }
}

/// Headless OpenGL missing: simulated through Mesa's and glvnd's own switches, so these run only
/// where the renderer is Mesa behind glvnd (as on the project's machines).
@Suite("cardviewer render without OpenGL 3.3 (end to end)",
       .enabled(if: FileManager.default.fileExists(atPath: "/usr/share/glvnd/egl_vendor.d/50_mesa.json"),
                "needs Mesa's EGL behind glvnd"))
struct NoOpenGLTests {
    @Test("no EGL vendor: exit status 1, one line saying there is no EGL display")
    func noDisplay() throws {
        let outcome = try ChildProcess.runViewer(["render", "--out", "/tmp/never-written.png"],
                                                 environment: ["__EGL_VENDOR_LIBRARY_FILENAMES": "/nonexistent/vendor.json"])
        #expect(outcome.status == 1)
        #expect(outcome.errorLines.count == 1, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("no EGL display"))
    }

    @Test("a driver capped below 3.3: exit status 1, one line saying there is no OpenGL 3.3 context")
    func oldDriver() throws {
        let outcome = try ChildProcess.runViewer(["render", "--out", "/tmp/never-written.png"],
                                                 environment: ["MESA_GL_VERSION_OVERRIDE": "3.0"])
        #expect(outcome.status == 1)
        #expect(outcome.errorLines.count == 1, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("no OpenGL 3.3 context"))
    }
}
