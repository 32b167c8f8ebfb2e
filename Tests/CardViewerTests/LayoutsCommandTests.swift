import CardTestSupport
import Foundation
import Testing

/// `cardviewer layouts` and `--set`, run as a user runs them.
@Suite struct LayoutsCommandTests {
    @Test("layouts --json: every built-in layout with its key, behaviour and options")
    func json() throws {
        let outcome = try ChildProcess.runViewer(["layouts", "--json"])
        #expect(outcome.status == 0 && outcome.stderr.isEmpty)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let layouts = try #require(root["layouts"] as? [[String: Any]])
        #expect(layouts.prefix(5).compactMap { $0["name"] as? String } == ["pages", "tasks", "slidebox", "grid", "wheel"])
        #expect(layouts.prefix(5).compactMap { $0["key"] as? String } == ["1", "2", "3", "4", "5"])
        let wheel = try #require(layouts.first { $0["name"] as? String == "wheel" })
        #expect(wheel["scrollAxis"] as? String == "horizontal" && wheel["resting"] as? String == "snaps to cards")
        let radius = try #require((wheel["options"] as? [[String: Any]])?.first)
        #expect(radius["name"] as? String == "radius" && radius["default"] as? Double == 500)
        #expect(radius["minimum"] as? Double == 200 && radius["maximum"] as? Double == 2000)
    }

    @Test("layouts: one block per layout, each option with its default and range")
    func text() throws {
        let outcome = try ChildProcess.runViewer(["layouts"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("wheel (key 5): the spinning wheel (seed 004)"))
        #expect(outcome.stdout.contains("radius") && outcome.stdout.contains("200…2000"))
    }

    @Test("--set: a value out of range or a name the layout lacks exits 2 with one line naming the options",
          arguments: [(["layout", "--layout", "wheel", "--set", "radius=9999"], "200…2000"),
                      (["layout", "--layout", "grid", "--set", "radius=700"], "minimumCardWidth (40…4000)"),
                      (["render", "--layout", "tasks", "--set", "scale", "--out", "/tmp/never.png"], "NAME=VALUE"),
                      (["layouts", "--json", "--markdown"], "choose one")])
    func refusals(arguments: [String], mentioned: String) throws {
        let outcome = try ChildProcess.runViewer(arguments)
        #expect(outcome.status == 2)
        #expect(outcome.errorLines.count == 1 && outcome.stderr.contains(mentioned), "\(outcome.stderr)")
    }

    @Test("--set reaches the layout: layout --set radius=700 moves the wheel's cards")
    func setReachesTheLayout() throws {
        let plain = try ChildProcess.runViewer(["layout", "--layout", "wheel", "--cards", "3", "--offset", "133,0"])
        let set = try ChildProcess.runViewer(["layout", "--layout", "wheel", "--cards", "3", "--offset", "133,0", "--set", "radius=700"])
        #expect(plain.status == 0 && set.status == 0)
        #expect(plain.stdout != set.stdout)
    }
}
