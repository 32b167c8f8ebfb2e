import CardFiles
import CardInteraction
import CardLayout
import CardTestSupport
@testable import CardViewerCore
import Foundation
import Testing

/// SPEC §9/§12: a layout file's layout is remembered with the file's absolute path (any bytes)
/// and the built-in layout shown before it.
@Suite struct SavedLayoutFileTests {
    func roundTrip(_ saved: SavedLayout, readable: Bool) throws -> (SavedLayout?, String) {
        let dir = try TemporaryFolder("cardviewer-layout-file-state")
        defer { dir.remove() }
        let path = dir.path("state.json")
        try AtomicFile.replace(path) { sink in
            var writer = DeckStateWriter(readable: readable)
            try writer.write(Deck(syntheticCount: 2), layout: saved, to: &sink)
        }
        let bytes = try FileBytes.readAll(path, maximumSize: .max)
        let parsed = try bytes.withUnsafeBufferPointer { try DeckStateParser.parseWithLayout($0) }
        return (parsed.layout, String(decoding: bytes, as: UTF8.self))
    }

    @Test("the file's path and the built-in layout are written and read back, in both forms")
    func utf8Path() throws {
        let saved = SavedLayout(name: "my-flow", options: ["tilt": 0.5], file: "/home/me/layouts/flow é.json", builtIn: "wheel")
        for readable in [true, false] {
            let (layout, text) = try roundTrip(saved, readable: readable)
            #expect(layout == saved, "\(text)")
            #expect(text.contains("flow é.json") && !text.contains("layoutFileBytes"), "\(text)")
        }
    }

    @Test("a path that is not UTF-8 keeps its bytes in layoutFileBytes")
    func bytesPath() throws {
        let file = PathBytes.string([UInt8]("/tmp/caf".utf8) + [0xE9] + [UInt8]("/flow.json".utf8))
        #expect(PathBytes.hasEscapes(file))
        let saved = SavedLayout(name: "my-flow", file: file, builtIn: nil)
        let (layout, text) = try roundTrip(saved, readable: true)
        #expect(layout == saved && layout.map { PathBytes.bytes($0.file ?? "") } == PathBytes.bytes(file))
        #expect(text.contains(#""layoutFileBytes" : "/tmp/caf%E9/flow.json""#), "\(text)")
    }

    @Test("a built-in layout is written without the file's fields")
    func builtInLayout() throws {
        let (layout, text) = try roundTrip(SavedLayout(name: "grid"), readable: true)
        #expect(layout == SavedLayout(name: "grid") && !text.contains("layoutFile") && !text.contains("builtIn"))
    }

    @Test("malformed file fields are syntax errors", arguments: [
        #"{"cards": [], "deleted": [], "layout": {"name": "f", "layoutFile": 3}, "nextID": 0, "version": 1}"#,
        #"{"cards": [], "deleted": [], "layout": {"name": "f", "layoutFileBytes": "%zz"}, "nextID": 0, "version": 1}"#,
        #"{"cards": [], "deleted": [], "layout": {"name": "f", "builtIn": ["wheel"]}, "nextID": 0, "version": 1}"#,
    ])
    func malformed(text: String) {
        #expect(throws: DeckStateSyntaxError.self) {
            try Array(text.utf8).withUnsafeBufferPointer { try DeckStateParser.parseWithLayout($0) }
        }
    }
}
