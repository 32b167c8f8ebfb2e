import CardJSON
import CardTestSupport
@testable import CardViewerCore
import Foundation
import Testing

/// Numbers past what the readers hold are JSON errors with their line and column, in the
/// state, in replays and in skipped values (Foundation's decoder said only "The given data was
/// not valid JSON."); replay fields of the wrong type name their event, field and place.
@Suite struct JSONNumberRangeTests {
    func scan<T>(_ text: String, _ read: (inout JSONScanner) throws -> T) throws -> T {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(buffer)
            return try read(&scanner)
        }
    }

    @Test("the scanner: 1e999, -1e999 and 400 digits are out of range wherever they are; 1e-999 is 0")
    func scanner() throws {
        let long = String(repeating: "9", count: 400)
        for (text, shown) in [("1e999", "1e999"), ("-1e999", "-1e999"), (long, String(repeating: "9", count: 24) + "…")] {
            let expected = "not valid JSON: number \(shown) is out of range at line 2, column 3"
            #expect { try scan("[\n  \(text)]") { try $0.array { scanner, _ in _ = try scanner.number() } } } throws: { "\($0)" == expected }
            #expect { try scan("[\n  \(text)]") { try $0.skipValue() } } throws: { "\($0)" == expected }
            #expect { try scan("[\n  \(text)]") { try $0.array { scanner, _ in _ = try scanner.integer() } } } throws: {
                ($0 as? JSONSyntaxError)?.isNumberOutOfRange == true && "\($0)" == expected
            }
        }
        #expect(try scan("1e-999") { try $0.number() } == 0)
        #expect(try scan("9223372036854775807") { try $0.integer() } == Int.max)
        #expect(try scan("-9223372036854775808") { try $0.integer() } == Int.min)
        #expect { try scan("9223372036854775808") { try $0.integer() } } throws: {
            "\($0)" == "not valid JSON: number 9223372036854775808 is out of range at line 1, column 1"
        }
        #expect { try scan("7") { try $0.integer(in: 0...5) } } throws: { ($0 as? JSONSyntaxError)?.isNumberOutOfRange == false }
        #expect { try scan("1.5") { try $0.integer() } } throws: { "\($0)".contains("expected a whole number") }
    }

    @Test("the state: out of range is corrupt with line and column; a value outside its field's range is a wrong value")
    func state() throws {
        func reason(_ text: String) -> String {
            do {
                _ = try DeckStore.decodeState(Array(text.utf8))
                return "decoded"
            } catch {
                return "\(error)"
            }
        }
        let head = "{\"version\": 1, \"cards\": [], \"deleted\": [],\n"
        #expect(reason(head + " \"nextID\": 99999999999999999999}") == "not valid JSON: number 99999999999999999999 is out of range at line 2, column 12")
        #expect(reason(head + " \"nextID\": 4294967296}") == "wrong value at 'nextID'")
        #expect(reason(head + " \"nextID\": 0, \"later\": [1e999]}") == "not valid JSON: number 1e999 is out of range at line 2, column 25")
        #expect(reason(head + " \"nextID\": 0, \"layout\": {\"name\": \"grid\", \"offset\": {\"x\": -1e999, \"y\": 0}}}")
                == "not valid JSON: number -1e999 is out of range at line 2, column 58")
    }

    @Test("replays: the JSON's errors first, then wrong types by event, field, line and column; null and unknown fields as before")
    func replays() throws {
        func error(_ json: String) -> String {
            do {
                _ = try ReplayScript.parse(Data(json.utf8), name: "s.json")
                return "parsed"
            } catch {
                return "\(error)"
            }
        }
        #expect(error("{\"events\": [\n {\"time\": 1e999, \"type\": \"key\", \"key\": \"a\"}]}")
                == "replay script 's.json' is not valid: not valid JSON: number 1e999 is out of range at line 2, column 11")
        #expect(error(#"{"events": [{"time": "1", "type": "key", "key": "a"}]}"#)
                == "replay script 's.json', event 1: 'time' must be a number at line 1, column 22")
        #expect(error(#"{"events": [{"time": 1, "type": "key", "key": "a"}, {"time": 1, "type": "click", "x": true, "y": 1}]}"#)
                == "replay script 's.json', event 2: 'x' must be a number at line 1, column 87")
        #expect(error(#"{"events": [{"time": 1, "type": "drop", "paths": ["a", 2]}]}"#)
                == "replay script 's.json', event 1: 'paths' must be an array of strings at line 1, column 56")
        #expect(error(#"{"events": [{"type": "key", "key": "a"}]}"#)
                == "replay script 's.json', event 1: missing field 'time' (the event at line 1, column 13)")
        #expect(error(#"{"end": 1}"#) == "replay script 's.json' is not valid: missing field 'events'")
        #expect(error(#"{"events": {}}"#) == "replay script 's.json' is not valid: 'events' must be an array of events at line 1, column 12")
        #expect(error("[]") == "replay script 's.json' is not valid: a replay script must be one JSON object, {\"events\": […]} at line 1, column 1")
        let script = try ReplayScript.parse(Data(#"{"events": [{"time": 0.5, "type": "scroll", "dy": -2, "dx": null, "precise": true, "note": [1, {"a": 2}]}], "end": null}"#.utf8),
                                            name: "s.json")
        #expect(script.events.count == 1 && script.end == 1.5)
        guard case .scroll(let scroll) = script.events[0] else { Issue.record("not a scroll"); return }
        #expect(scroll.delta.y == -2 && scroll.delta.x == 0 && scroll.isPrecise)
    }
}
