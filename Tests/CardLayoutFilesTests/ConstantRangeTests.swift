import CardLayout
import CardLayoutFiles
import Foundation
import Testing

/// Numbers written in a layout file are checked at load against the ranges the built-in
/// layouts give the same keys, with the file's line:column (issue 34: out-of-range constants
/// and `offsetMultiplier` 0 passed silently).
@Suite struct ConstantRangeTests {
    @Test func offsetMultiplierTakesTheCarouselsRange() throws {
        let why = "offsetMultiplier (slots a drag of one slot length moves; 0 would stop drags scrolling)"
        #expect(layoutFileError(#"{ "name": "x", "offsetMultiplier": 0 }"#)
                == "test.json:1:36: \(why) must lie in 0.01…10.0, got 0.0")
        #expect(layoutFileError("{ \"name\": \"x\",\n  \"offsetMultiplier\": -2 }")
                == "test.json:2:23: \(why) must lie in 0.01…10.0, got -2.0")
        #expect(layoutFileError(#"{ "name": "x", "offsetMultiplier": 11 }"#)
                == "test.json:1:36: \(why) must lie in 0.01…10.0, got 11.0")
        // The carousels' own values pass: cover flow's 2, the range's ends.
        for value in ["2", "0.01", "10", "1"] {
            let file = try layoutFile(#"{ "name": "x", "offsetMultiplier": \#(value) }"#)
            #expect(file.definition.offsetMultiplier == Double(value))
        }
    }

    @Test func aBaseCountMustBeWhole() {
        #expect(layoutFileError(#"{ "name": "x", "base": "rotary", "options": { "visibleItems": 7.5 } }"#)
                == "test.json:1:63: visibleItems (an option of rotary) must be a whole number, got 7.5")
        #expect(layoutFileError(#"{ "name": "x", "base": "rotary", "options": { "visibleItems": 500 } }"#)
                == "test.json:1:63: visibleItems (an option of rotary) must lie in 0.0…100.0, got 500.0")
        #expect(layoutFileError(#"{ "name": "x", "base": "rotary", "options": { "spacing": -1 } }"#)
                == "test.json:1:58: spacing (an option of rotary) must lie in 0.01…100.0, got -1.0")
        #expect(layoutFileError(#"{ "name": "x", "base": "rotary", "options": { "visibleItems": 7, "spacing": 0.5 } }"#) == nil)
    }

    @Test func aConstantDefaultMustLieInItsOwnRange() {
        #expect(layoutFileError(#"{ "name": "x", "options": { "k": { "default": 5, "min": 0, "max": 2 } } }"#)
                == "test.json:1:47: option k: the default 5.0 lies outside its range 0.0…2.0")
        #expect(layoutFileError(#"{ "name": "x", "options": { "k": { "default": "-1", "min": 0 } } }"#)
                == "test.json:1:47: option k: the default -1.0 lies outside its range 0.0…inf")
        // A computed default is clamped every frame instead (OptionClampTests); flags are 0…1.
        #expect(layoutFileError(#"{ "name": "x", "options": { "k": { "default": "W", "min": 0, "max": 2 }, "f": true } }"#) == nil)
    }

    @Test func theSchemaGivesOffsetMultipliersRange() throws {
        let url = ExampleFiles.folder.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/layout-file.schema.json")
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let key = try #require((schema["properties"] as? [String: Any])?["offsetMultiplier"] as? [String: Any])
        #expect(key["minimum"] as? Double == LayoutFileParser.offsetMultiplierRange.lowerBound)
        #expect(key["maximum"] as? Double == LayoutFileParser.offsetMultiplierRange.upperBound)
    }
}
