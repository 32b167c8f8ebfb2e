@testable import CardViewerApp
import CardMath
import CardRendering
import CardTestSupport
import Foundation
import Testing

/// `ProgramsAhead`: when the decorations program is compiled on a second thread (a software
/// renderer whose shader cache has not seen it), and what the stamp remembers.
@Suite("Programs compiled ahead: when, and the stamp", .serialized)
struct ProgramsAheadTests {
    static let info = GLInfo(version: "4.5 (Core Profile) Mesa 22.3.6", renderer: "llvmpipe (LLVM 15.0.6, 256 bits)", vendor: "Mesa",
                             major: 4, minor: 5, maximumViewport: PixelSize(width: 16384, height: 16384),
                             maximumRenderbufferSize: 16384, maximumTextureSize: 16384)

    @Test("only software renderers compile ahead")
    func software() {
        #expect(ProgramsAhead.isSoftware(renderer: "llvmpipe (LLVM 15.0.6, 256 bits)"))
        #expect(ProgramsAhead.isSoftware(renderer: "softpipe"))
        #expect(!ProgramsAhead.isSoftware(renderer: "NVIDIA GeForce RTX 4090/PCIe/SSE2"))
        #expect(!ProgramsAhead.isSoftware(renderer: "AMD Radeon RX 7900 XTX (radeonsi, navi31, LLVM 15.0.6, DRM 3.54)"))
    }

    @Test("the stamp and Mesa's cache live in the cache home; the key names the renderer, its version and the shaders")
    func stampKeyAndPaths() {
        #expect(ProgramsAhead.stampPath(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"]) == "/c/cardviewer/compiled-programs")
        #expect(ProgramsAhead.stampPath(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/h"]) == "/h/.cache/cardviewer/compiled-programs")
        #expect(ProgramsAhead.stampPath(environment: [:]) == nil)
        #expect(ProgramsAhead.mesaCache(environment: ["HOME": "/h"]) == "/h/.cache/mesa_shader_cache")
        #expect(ProgramsAhead.mesaCache(environment: ["MESA_SHADER_CACHE_DIR": "/m", "HOME": "/h"]) == "/m")
        let key = ProgramsAhead.stampKey(Self.info)
        #expect(key == ProgramsAhead.stampKey(Self.info), "the digest is the same in every run")
        #expect(key.hasPrefix("llvmpipe (LLVM 15.0.6, 256 bits) | 4.5 (Core Profile) Mesa 22.3.6 | "))
        var other = Self.info
        other.version = "4.5 (Core Profile) Mesa 23.0.0"
        #expect(ProgramsAhead.stampKey(other) != key, "another Mesa compiles again")
    }

    @Test("compiled means: the stamp holds this key and Mesa's cache folder exists")
    func hasCompiled() throws {
        let home = try TemporaryFolder("cardviewer-ahead")
        let environment = ["XDG_CACHE_HOME": home.path]
        let stamp = try #require(ProgramsAhead.stampPath(environment: environment))
        let key = ProgramsAhead.stampKey(Self.info)
        #expect(!ProgramsAhead.hasCompiled(key: key, stampPath: stamp, environment: environment), "no stamp")
        try FileManager.default.createDirectory(atPath: home.path + "/cardviewer", withIntermediateDirectories: true)
        try Data((key + "\n").utf8).write(to: URL(fileURLWithPath: stamp))
        #expect(!ProgramsAhead.hasCompiled(key: key, stampPath: stamp, environment: environment), "no Mesa cache folder")
        try FileManager.default.createDirectory(atPath: home.path + "/mesa_shader_cache", withIntermediateDirectories: true)
        #expect(ProgramsAhead.hasCompiled(key: key, stampPath: stamp, environment: environment))
        #expect(!ProgramsAhead.hasCompiled(key: key + "x", stampPath: stamp, environment: environment), "another key")
    }

    @Test("a window on a brand-new cache compiles ahead and stamps it; the next start does not (real window)")
    func windowStamps() throws {
        guard ChildProcess.viewerExecutable != nil else {
            Issue.record("cardviewer not built")
            return
        }
        let cache = try TemporaryFolder("cardviewer-ahead-cache")
        let stamp = cache.path + "/cardviewer/compiled-programs"
        func start() throws -> (status: Int32, stderr: String) {
            let viewer = try WindowDriver(["run", "--size", "640x400"], environment: ["XDG_CACHE_HOME": cache.path])
            // The window is up; the compile ahead ends within seconds (a hang guard of 30 s).
            _ = try viewer.drive("true")
            let begin = Date()
            while !FileManager.default.fileExists(atPath: stamp), Date().timeIntervalSince(begin) < 30 {
                Thread.sleep(forTimeInterval: 0.1)
            }
            return try viewer.quit()
        }
        let first = try start()
        #expect(first.status == 0, "\(first.stderr)")
        let text = try String(contentsOfFile: stamp, encoding: .utf8)
        guard ProgramsAhead.isSoftware(renderer: text) else { return }  // a GPU's driver: nothing compiled ahead
        #expect(text.hasSuffix("\n") && text.contains(" | "), "stamp: \(text)")
        let written = try FileManager.default.attributesOfItem(atPath: stamp)[.modificationDate] as? Date
        Thread.sleep(forTimeInterval: 1.1)
        let second = try start()
        #expect(second.status == 0, "\(second.stderr)")
        let again = try FileManager.default.attributesOfItem(atPath: stamp)[.modificationDate] as? Date
        #expect(written == again, "a warm start compiles nothing ahead and leaves the stamp as it was")
    }
}
