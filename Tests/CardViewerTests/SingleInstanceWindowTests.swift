import CardTestSupport
import Foundation
import Glibc
import Testing

/// A file opened while a window shows its folder goes to that window (SPEC §14), end to end: a
/// real window under Xvfb on a folder, then a second `cardviewer FILE` of that folder, which
/// hands the file over and ends at once; the window's title names the file.
extension ViewerWindowTests {
    /// What every single-instance window test starts from: a folder holding `images/` of six
    /// card pictures, and a runtime folder (0700, as `$XDG_RUNTIME_DIR` is) for the sockets; the
    /// caller removes both. `nil`, with an issue recorded, when the viewer is not built.
    static func singleInstanceFolders() throws -> (folder: TemporaryFolder, images: URL, runtime: TemporaryFolder)? {
        guard ChildProcess.viewerExecutable != nil else {
            Issue.record("cardviewer not built")
            return nil
        }
        let folder = try TemporaryFolder("cardviewer-e2e")
        let images = try ViewerTest.imageFolder(count: 6, in: folder.url)
        let runtime = try TemporaryFolder("cv-rt")
        chmod(runtime.path, 0o700)
        return (folder, images, runtime)
    }

    @Test("cardviewer FILE while a window shows its folder: the second process exits 0 at once, the window makes FILE current")
    func secondFileGoesToTheWindow() throws {
        guard let (folder, images, runtime) = try Self.singleInstanceFolders() else { return }
        defer {
            folder.remove()
            runtime.remove()
        }
        let environment: [String: String?] = ["XDG_RUNTIME_DIR": runtime.path]

        // `file://` as a desktop's %U gives it: the folder's second picture.
        let window = try WindowDriver(["file://" + images.path + "/02-card.png", "--size", "640x400"], environment: environment)
        let before = try window.drive("""
            sleep 1.5
            xdotool getwindowname "$w"
            """)
        #expect(before.status == 0, "\(before.stderr)")
        #expect(before.stdout.hasPrefix("02-card.png — images (2 / 6)"), "\(before.stdout)")
        let sockets = try FileManager.default.contentsOfDirectory(atPath: runtime.path("cardviewer"))
        #expect(sockets.count == 1 && sockets[0].hasSuffix(".sock"), "\(sockets)")

        // The second process: the same folder through another spelling of its path.
        let start = Date()
        let second = try ChildProcess.runViewer([folder.path + "/./images/05-card.png", "--size", "640x400"], environment: environment,
                                                timeLimit: 30)
        let seconds = Date().timeIntervalSince(start)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.split(separator: "\n").count == 1 && second.stdout.contains("05-card.png"), "\(second.stdout)")
        #expect(second.stderr.isEmpty, "\(second.stderr)")
        #expect(seconds < 5, "\(seconds) s")

        let after = try window.drive("""
            sleep 1
            xdotool getwindowname "$w"
            """)
        #expect(after.stdout.hasPrefix("05-card.png — images (5 / 6)"), "\(after.stdout)")

        let (status, errors) = try window.quit()
        #expect(status == 0, "\(errors)")
        // The socket went with the window; a file opened now starts a window of its own.
        #expect(try FileManager.default.contentsOfDirectory(atPath: runtime.path("cardviewer")).isEmpty)
    }
}
