import CardImaging
import CardTestSupport
import Foundation
import Testing

/// `cardviewer compare` end to end: the built executable, its images, table, JSON and exit statuses.
@Suite("cardviewer compare (end to end)")
struct CompareCommandTests {
    @Test("one scene: a side-by-side PNG of three panels, a table row, and the JSON the issue asks for")
    func oneScene() throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let images = folder.path("images")  // created by the command
        let json = folder.path("report.json")
        let outcome = try ChildProcess.runViewer(["compare", "--scene", "intersect", "--size", "160x100",
                                                  "--out-dir", images, "--json", json])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.isEmpty)
        let lines = outcome.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("scene") == true && lines.last?.hasPrefix("intersect") == true)

        let image = try PNGCodec.read(contentsOf: (images as NSString).appendingPathComponent("compare-intersect.png"))
        #expect(image.width == 3 * 160 + 4 * 6)
        #expect(image.height > 100 && image.height < 160)

        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json)))
        let root = try #require(object as? [String: Any])
        let scenes = try #require(root["scenes"] as? [[String: Any]])
        #expect(scenes.count == 1)
        let scene = try #require(scenes.first)
        #expect(scene["name"] as? String == "intersect")
        #expect(scene["pixels"] as? Int == 16_000)
        let orderings = try #require(scene["orderings"] as? [String: [String: Any]])
        let zindex = try #require(orderings["zindex"]?["wrongFraction"] as? Double)
        let depth = try #require(orderings["depth"]?["wrongFraction"] as? Double)
        #expect(zindex > 0.01)
        #expect(depth <= 0.001)
        #expect(orderings["depth-sorted"] != nil)
        // The key order the issue documents: name, …, pixels, …, orderings.
        let text = try String(contentsOfFile: json, encoding: .utf8)
        let name = try #require(text.range(of: "\"name\"")), pixels = try #require(text.range(of: "\"pixels\""))
        let order = try #require(text.range(of: "\"orderings\""))
        #expect(name.lowerBound < pixels.lowerBound && pixels.lowerBound < order.lowerBound)
    }

    @Test("--scene all writes one image per scene")
    func allScenes() throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let outcome = try ChildProcess.runViewer(["compare", "--size", "64x40", "--out-dir", folder.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("compare-") }
        // The 15 fixed scenes, plus the catalogue's layout scenes whose layout is registered
        // (RestingLayoutScene: none of them built in yet); one table row each under the header.
        #expect(files.count >= 15)
        #expect(files.contains("compare-pages-append.png") && files.contains("compare-translucent.png")
            && files.contains("compare-coplanar-row.png"))
        #expect(outcome.stdout.split(separator: "\n").count == files.count + 1)
    }

    @Test("bad input: exit status 2 and one line on stderr",
          arguments: [
            (["--scene", "nope"], "scene"),
            (["--size", "0x0"], "size"),
            (["--size", "5000x5000"], "too large"),
            (["--repeat", "0"], "repeat"),
            (["--tolerance", "-1"], "tolerance"),
            (["--out-dir", ""], "out-dir"),
          ])
    func badInput(arguments: [String], mentioned: String) throws {
        let outcome = try ChildProcess.runViewer(["compare"] + arguments)
        #expect(outcome.status == 2)
        #expect(outcome.errorLines.count == 1, "\(outcome.stderr)")
        #expect(outcome.stderr.contains(mentioned), "\(outcome.stderr)")
    }

    @Test("an unknown scene lists the valid ones")
    func sceneValues() throws {
        let outcome = try ChildProcess.runViewer(["compare", "--scene", "painter"])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("all") && outcome.stderr.contains("pages-append") && outcome.stderr.contains("translucent"))
    }

    @Test("an output directory below a file, or a JSON file in a folder that does not exist: bad input, exit status 2, one line (SPEC §11)")
    func unwritable() throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let blocker = folder.url("file")
        try Data("x".utf8).write(to: blocker)
        let noDirectory = try ChildProcess.runViewer(["compare", "--scene", "pages-rest", "--size", "64x40",
                                                      "--out-dir", blocker.appendingPathComponent("sub").path])
        #expect(noDirectory.status == 2)
        #expect(noDirectory.errorLines.count == 1, "\(noDirectory.stderr)")
        let noJSON = try ChildProcess.runViewer(["compare", "--scene", "pages-rest", "--size", "64x40", "--out-dir", folder.path,
                                                 "--json", "/nonexistent-cardviewer-dir/r.json"])
        #expect(noJSON.status == 2)
        #expect(noJSON.errorLines.count == 1, "\(noJSON.stderr)")
        #expect(noJSON.stderr.contains("r.json"))
    }

    @Test("no headless OpenGL: exit status 1, one line",
          .enabled(if: FileManager.default.fileExists(atPath: "/usr/share/glvnd/egl_vendor.d/50_mesa.json"),
                   "needs Mesa's EGL behind glvnd"))
    func noOpenGL() throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let outcome = try ChildProcess.runViewer(["compare", "--out-dir", folder.path],
                                                 environment: ["__EGL_VENDOR_LIBRARY_FILENAMES": "/nonexistent/vendor.json"])
        #expect(outcome.status == 1)
        #expect(outcome.errorLines.count == 1, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("no EGL display"))
    }
}
