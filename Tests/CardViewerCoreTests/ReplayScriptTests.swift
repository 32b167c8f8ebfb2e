import CardEvents
import CardInteraction
import CardMath
import CardTestSupport
@testable import CardViewerCore
import Foundation
import Testing

/// The replay format: event types, expansion of clicks and drags, keys, ends and errors.
@Suite struct ReplayScriptTests {
    func parse(_ json: String) throws -> ReplayScript {
        try ReplayScript.parse(Data(json.utf8), name: "s.json")
    }

    @Test func dragsExpandIntoMovesAtSixtyHertz() throws {
        let script = try parse(#"{"events": [{"time": 1, "type": "drag", "x": 0, "y": 0, "toX": 120, "toY": 60, "hold": 0.5, "duration": 0.1}]}"#)
        // move, down, 6 moves (0.1 s at 60 Hz), up.
        #expect(script.events.count == 9)
        guard case .pointer(let down) = script.events[1], case .pointer(let firstMove) = script.events[2],
              case .pointer(let up) = script.events[8] else {
            Issue.record("unexpected events")
            return
        }
        #expect(down.kind == .down && down.time == 1)
        #expect(firstMove.kind == .move && closeEnough(firstMove.time, 1.5 + 0.1 / 6))
        #expect(closeEnough(firstMove.position, Vec2(20, 10)))
        #expect(up.kind == .up && closeEnough(up.time, 1.6) && up.position == Vec2(120, 60))
        #expect(closeEnough(script.end, 2.6))  // a second after the last event
    }

    @Test func keysClicksScrollsAndResizes() throws {
        let script = try parse(#"""
        {"events": [
          {"time": 0.5, "type": "key", "key": "A"},
          {"time": 0.2, "type": "click", "x": 5, "y": 6, "button": "right"},
          {"time": 0.6, "type": "keydown", "key": "escape", "mods": ["shift", "CTRL"]},
          {"time": 0.7, "type": "scroll", "dx": 0, "dy": -1.5, "precise": true},
          {"time": 0.8, "type": "resize", "width": 0, "height": 0}
        ], "end": 3}
        """#)
        #expect(script.end == 3)
        #expect(script.events.map(\.time) == [0.2, 0.2, 0.2, 0.5, 0.5, 0.6, 0.7, 0.8])  // sorted by time
        #expect(script.events[3] == .key(KeyEvent(key: .character("a"), isDown: true, time: 0.5)))
        #expect(script.events[4] == .key(KeyEvent(key: .character("a"), isDown: false, time: 0.5)))
        #expect(script.events[1] == .pointer(PointerEvent(.down, position: Vec2(5, 6), time: 0.2, button: .secondary)))
        #expect(script.events[5] == .key(KeyEvent(key: .escape, isDown: true, time: 0.6, modifiers: [.shift, .control])))
        #expect(script.events[6] == .scroll(ScrollEvent(delta: Vec2(0, -1.5), time: 0.7, isPrecise: true)))
        #expect(script.events[7] == .resize(.zero, time: 0.8))
    }

    @Test(arguments: [
        #"{"events": [{"time": 0, "type": "teleport"}]}"#,
        #"{"events": [{"time": 0, "type": "move", "x": 1}]}"#,
        #"{"events": [{"time": 0, "type": "move", "x": 1, "y": 1e300}]}"#,
        #"{"events": [{"time": -0.1, "type": "key", "key": "a"}]}"#,
        #"{"events": [{"time": 0, "type": "key", "key": "ctrl"}]}"#,
        #"{"events": [{"time": 0, "type": "key", "key": "l", "mods": ["super"]}]}"#,
        #"{"events": [{"time": 0, "type": "down", "x": 1, "y": 1, "button": "fourth"}]}"#,
        #"{"events": [{"time": 0, "type": "drag", "x": 1, "y": 1, "toX": 3}]}"#,
        #"{"events": [{"time": 0, "type": "drag", "x": 1, "y": 1, "toX": 3, "toY": 3, "duration": -1}]}"#,
        #"{"events": [{"time": 0, "type": "resize", "width": 99999, "height": 5}]}"#,
        #"{"events": [], "end": -1}"#,
        #"{"events": {}}"#,
        #"not json"#,
    ])
    func refusesBadScripts(json: String) {
        #expect(throws: ReplayError.self) { try parse(json) }
        do {
            _ = try parse(json)
        } catch {
            let text = "\(error)"
            #expect(text.contains("s.json") && !text.contains("\n"), "\(text)")
        }
    }
}
