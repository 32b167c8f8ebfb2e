import CardImaging
import CardPixels
import CardTestSupport
import Foundation
import Testing

/// A file name cannot retitle or recolour the terminal: warnings naming it escape its control
/// characters (SPEC §11).
@Suite("terminal messages escape control characters in file names (end to end)")
struct TerminalEscapeTests {
    @Test("a broken picture named evil<ESC>]0;x<BEL>.jpg is named with \\u{1B} and \\u{7} on stderr")
    func warningsEscapeFileNames() throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let pictures = try folder.folder("pictures")
        try PNGCodec.write(RGBAImage(width: 40, height: 30, fill: (230, 20, 20, 255)), to: pictures.appendingPathComponent("red.png").path)
        try Data("not a picture".utf8).write(to: pictures.appendingPathComponent("evil\u{1B}]0;x\u{07}.jpg"))
        let out = folder.path("grid.png")
        let outcome = try ChildProcess.runViewer(["render", "--layout", "grid", "--images", pictures.path,
                                                  "--thumbnail-cache", "off", "--out", out])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("evil\\u{1B}]0;x\\u{7}.jpg"), "\(outcome.stderr)")
        #expect(!outcome.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(outcome.stderr)")
    }
}
