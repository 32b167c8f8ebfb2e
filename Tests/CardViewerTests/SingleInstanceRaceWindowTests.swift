import CardTestSupport
import Foundation
import Glibc
import Testing

/// Two `cardviewer FILE` of one folder started back to back make one window (issue 35: the
/// socket was listened on only once the window was open, so a second start in that time opened
/// a second window); and a `cardviewer --layout grid FILE` opens a window of its own, leaving the
/// running one as it was (docs/OPENING.md, "One window per folder").
extension ViewerWindowTests {
    /// The names of the windows of class CardViewer that process `pid` shows, one a line.
    static func windowNames(of pid: pid_t) throws -> [String] {
        let found = try ChildProcess.run("/bin/bash", ["-c", """
            for w in $(xdotool search --all --pid \(pid) --class CardViewer 2>/dev/null); do xdotool getwindowname "$w"; done
            """])
        return found.stdout.split(separator: "\n").map(String.init)
    }

    /// Waits up to `seconds` for `condition`, looking every 0.2 s.
    static func eventually(_ seconds: Double, _ condition: () throws -> Bool) rethrows -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while try !condition() {
            if Date() > end { return false }
            usleep(200_000)
        }
        return true
    }

    @Test("two cardviewer FILE of one folder started back to back: one ends at once handing its file over, one window shows it")
    func twoStartsMakeOneWindow() throws {
        guard let (folder, images, runtime) = try Self.singleInstanceFolders() else { return }
        defer {
            folder.remove()
            runtime.remove()
        }
        let state = try TemporaryFolder("cardviewer-e2e-state")
        defer { state.remove() }
        let environment = ChildProcess.viewerEnvironment(stateHome: state.path, ["XDG_RUNTIME_DIR": runtime.path])

        // Back to back: the second starts while the first is still starting (no window yet).
        let first = try ChildProcess.startViewer([images.path + "/02-card.png", "--size", "640x400"], environment: environment)
        let second = try ChildProcess.startViewer([images.path + "/05-card.png", "--size", "640x400"], environment: environment)
        defer {
            if first.isRunning { first.kill() }
            if second.isRunning { second.kill() }
        }
        // One of them hands its file over and ends; which one is the scheduler's choice.
        #expect(Self.eventually(30) { !first.isRunning || !second.isRunning })
        let (ended, window, handed, shown) = first.isRunning ? (second, first, "05-card.png", "(5 / 6)") : (first, second, "02-card.png", "(2 / 6)")
        let outcome = try #require(ended.wait(atMost: 5))
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("already showing its folder") && outcome.stdout.contains(handed), "\(outcome.stdout)")
        #expect(outcome.stderr.isEmpty, "\(outcome.stderr)")
        #expect(window.isRunning)

        // The window that stayed shows the handed file (it came before its first frame or after).
        var names: [String] = []
        let shows = try Self.eventually(30) {
            names = try Self.windowNames(of: window.pid)
            return names.count == 1 && names[0].hasPrefix(handed + " — images " + shown)
        }
        #expect(shows, "\(names)")
        #expect(try Self.windowNames(of: ended.pid).isEmpty)
        let sockets = try FileManager.default.contentsOfDirectory(atPath: runtime.path("cardviewer"))
        #expect(sockets.count == 1 && sockets[0].hasSuffix(".sock"), "\(sockets)")

        _ = try ChildProcess.run("/bin/bash", ["-c", "xdotool keydown --window $(xdotool search --all --pid \(window.pid) --class CardViewer | head -n1) q"])
        let quit = window.wait(atMost: 60)
        #expect(quit?.status == 0, "\(quit?.stderr ?? "still running")")
        #expect(try FileManager.default.contentsOfDirectory(atPath: runtime.path("cardviewer")).isEmpty)
    }

    @Test("cardviewer --layout grid FILE while a window shows its folder: a window of its own on FILE; the first window unchanged")
    func optionsOpenAWindowOfTheirOwn() throws {
        guard let (folder, images, runtime) = try Self.singleInstanceFolders() else { return }
        defer {
            folder.remove()
            runtime.remove()
        }
        let environment: [String: String?] = ["XDG_RUNTIME_DIR": runtime.path]
        let window = try WindowDriver([images.path + "/02-card.png", "--size", "640x400"], environment: environment)
        let before = try window.drive("""
            sleep 1
            xdotool getwindowname "$w"
            """)
        #expect(before.stdout.hasPrefix("02-card.png — images (2 / 6)"), "\(before.stdout)")

        // (Each WindowDriver has a state folder of its own: the two windows share no state file.)
        let second = try WindowDriver(["--layout", "grid", images.path + "/05-card.png", "--size", "640x400"],
                                      environment: environment)
        let secondTitle = try second.drive("""
            sleep 1
            xdotool getwindowname "$w"
            """)
        #expect(secondTitle.status == 0, "\(secondTitle.stderr)")
        #expect(secondTitle.stdout.hasPrefix("05-card.png — images (5 / 6)"), "\(secondTitle.stdout)")
        #expect(second.viewer.isRunning)
        let after = try window.drive(#"xdotool getwindowname "$w""#)
        #expect(after.stdout.hasPrefix("02-card.png — images (2 / 6)"), "\(after.stdout)")
        // The socket stays the first window's: a plain FILE goes there.
        let third = try ChildProcess.runViewer([images.path + "/04-card.png"], environment: environment, timeLimit: 30)
        #expect(third.status == 0 && third.stdout.contains("already showing its folder"), "\(third.stdout) \(third.stderr)")
        let moved = try window.drive("""
            sleep 1
            xdotool getwindowname "$w"
            """)
        #expect(moved.stdout.hasPrefix("04-card.png — images (4 / 6)"), "\(moved.stdout)")
        let secondAfter = try second.drive(#"xdotool getwindowname "$w""#)
        #expect(secondAfter.stdout.hasPrefix("05-card.png — images (5 / 6)"), "\(secondAfter.stdout)")

        let (secondStatus, secondErrors) = try second.quit()
        #expect(secondStatus == 0, "\(secondErrors)")
        #expect(secondErrors.isEmpty, "\(secondErrors)")
        let (status, errors) = try window.quit()
        #expect(status == 0, "\(errors)")
    }
}
