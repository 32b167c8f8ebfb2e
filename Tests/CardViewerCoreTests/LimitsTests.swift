import CardFiles
import CardInteraction
import CardJSON
import CardTestSupport
@testable import CardViewerCore
import Foundation
import Testing

/// SPEC §11 bounds of the project's own parsers: a replay's `end` and event count, JSON errors
/// with line and column (state and replay), the viewport limits.
@Suite struct ReplayLimitsTests {
    func parse(_ json: String, maximumEvents: Int = ReplayScript.maximumEvents) throws -> ReplayScript {
        try ReplayScript.parse(Data(json.utf8), name: "s.json", maximumEvents: maximumEvents)
    }

    @Test func endAtTheLimitIsAcceptedPastItRefusedNamingTheLimit() throws {
        #expect(try parse(#"{"events": [], "end": 3600}"#).end == 3600)
        #expect(throws: ReplayError(description: "replay script 's.json': 'end' must be a time between 0 and 3600 seconds (the limit)")) {
            try parse(#"{"events": [], "end": 3600.5}"#)
        }
    }

    @Test func theDefaultEndStopsAtTheLimit() throws {
        #expect(try parse(#"{"events": [{"time": 3600, "type": "key", "key": "a"}]}"#).end == 3600)
        #expect(throws: ReplayError.self) { try parse(#"{"events": [{"time": 3600.5, "type": "key", "key": "a"}]}"#) }
    }

    @Test func eventsAfterExpansionAreCappedNamingTheLimit() throws {
        // A click is three events: 2 clicks are 6, within a cap of 6; 3 clicks are not.
        let click = #"{"time": 1, "type": "click", "x": 1, "y": 1}"#
        #expect(try parse("{\"events\": [\(click), \(click)]}", maximumEvents: 6).events.count == 6)
        #expect(throws: ReplayError(description: "replay script 's.json', event 3: more than 6 events (the limit)")) {
            try parse("{\"events\": [\(click), \(click), \(click)]}", maximumEvents: 6)
        }
        #expect(ReplayScript.maximumEvents == 1_000_000)
    }

    @Test(arguments: [
        ("{\"events\": [\n  {\"time\": 1,\n   \"type\": x}\n]}", "line 3, column 12"),
        ("{\"events\": [], \"end\": 1,}", "line 1, column 25"),
        ("{\"events\": [\"é\" ?", "line 1, column 17"),
        ("{\"events\": [", "line 1, column 13"),
    ])
    func syntaxErrorsNameLineAndColumn(json: String, place: String) throws {
        do {
            _ = try parse(json)
            Issue.record("accepted")
        } catch let error as ReplayError {
            #expect(error.description.hasPrefix("replay script 's.json' is not valid: not valid JSON: "), "\(error)")
            #expect(error.description.hasSuffix("at \(place)"), "\(error)")
            #expect(!error.description.contains("\n"))
        }
    }

    @Test func aScriptFileOverTheCapIsRefusedUnread() throws {
        let folder = try TemporaryFolder("cardviewer-replay")
        defer { folder.remove() }
        let path = folder.path("replay.json")
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try #require(fd >= 0)
        try #require(ftruncate(fd, off_t(ReplayScript.maximumFileSize + 1)) == 0)
        close(fd)
        let expected = "replay script '\(path)' is \(ReplayScript.maximumFileSize + 1) bytes, over the limit of \(ReplayScript.maximumFileSize) bytes"
        #expect(throws: ReplayError(description: expected)) { try ReplayScript.load(contentsOf: path) }
    }

    @Test func resizesStayWithinTheViewportLimits() throws {
        let ok = #"{"events": [{"time": 1, "type": "resize", "width": 8192, "height": 4096}]}"#
        #expect(try parse(ok).events.count == 1)
        for (w, h, named) in [(8193, 10, "8192"), (8192, 4097, "32 MP")] {
            let json = "{\"events\": [{\"time\": 1, \"type\": \"resize\", \"width\": \(w), \"height\": \(h)}]}"
            #expect { try parse(json) } throws: { "\($0)".contains(named) }
        }
    }
}

@Suite struct JSONPositionTests {
    func error(_ text: String) -> String {
        do {
            _ = try DeckStore.decodeState(Array(text.utf8))
            return "accepted"
        } catch {
            return "\(error)"
        }
    }

    @Test func stateSyntaxErrorsNameLineAndColumn() {
        #expect(error("{\n  \"version\": 1,\n  x") == "not valid JSON: unexpected 'x' at line 3, column 3")
        #expect(error("") == "not valid JSON: unexpected end at line 1, column 1")
        // Columns count characters, not bytes; CR LF ends a line once.
        #expect(error("{\"v\": 1,\r\n \"é\u{1F600}\": x}") == "not valid JSON: unexpected 'x' at line 2, column 8")
        #expect(error("\u{FEFF}{]") == "not valid JSON: unexpected ']' at line 1, column 2")
        #expect(error("{\"a\": \"\u{1}\"}").hasSuffix("control character in a string at line 1, column 8"))
    }

    @Test func positionsOfBytes() {
        let bytes = Array("ab\nçd\n".utf8)
        #expect(TextPosition(of: 0, in: bytes) == TextPosition(line: 1, column: 1))
        #expect(TextPosition(of: 2, in: bytes) == TextPosition(line: 1, column: 3))
        #expect(TextPosition(of: 3, in: bytes) == TextPosition(line: 2, column: 1))
        #expect(TextPosition(of: 5, in: bytes) == TextPosition(line: 2, column: 2))
        #expect(TextPosition(of: 99, in: bytes) == TextPosition(line: 3, column: 1))
        #expect(TextPosition(line: 4, column: 2).description == "line 4, column 2")
    }

    @Test func viewportLimits() {
        #expect(ViewportLimits.refusal(width: 8192, height: 4096) == nil)
        #expect(ViewportLimits.refusal(width: 8192, height: 4097)?.contains("32 MP") == true)
        #expect(ViewportLimits.refusal(width: 10, height: 8193)?.contains("8192 points a side") == true)
    }
}

/// The state file's size cap and files that are not regular: moved aside, the viewer starts fresh.
@Suite struct StateLimitsTests {
    /// A sparse file of `size` bytes at `path` (nothing written: costs no disk).
    func sparse(_ path: String, size: Int) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try #require(fd >= 0)
        defer { close(fd) }
        try #require(ftruncate(fd, off_t(size)) == 0)
    }

    @Test func aStateOverTheCapIsMovedAsideUnread() throws {
        let dir = try TemporaryFolder("cardviewer-limits")
        defer { dir.remove() }
        let path = dir.path("state.json")
        let size = DeckStore.maximumStateSize + 1024 * 1024
        try sparse(path, size: size)
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        guard case .unusable(let reason, let movedTo) = try DeckStore(path: path).load(now: date) else {
            Issue.record("not moved aside")
            return
        }
        #expect(reason == "it is \(size) bytes, over the limit of \(DeckStore.maximumStateSize) bytes for a state")
        #expect(movedTo == path + ".corrupt-" + ExclusiveFile.timestamp(date))
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect((try? FileInfo.at(movedTo).size) == size)
        // The next start finds no state.
        guard case .missing = try DeckStore(path: path).load() else { Issue.record("not missing"); return }
    }

    @Test func theCapIsCheckedAtItsBound() throws {
        let dir = try TemporaryFolder("cardviewer-limits")
        defer { dir.remove() }
        let path = dir.path("state.json")
        try DeckStore(path: path).save(Deck(syntheticCount: 2))
        let size = try FileInfo.at(path).size
        guard case .restored = try DeckStore(path: path, maximumSize: size).load() else { Issue.record("not restored"); return }
        guard case .unusable = try DeckStore(path: path, maximumSize: size - 1).load() else { Issue.record("not refused"); return }
    }

    @Test func aFIFOIsMovedAsideNotWaitedOn() throws {
        let dir = try TemporaryFolder("cardviewer-limits")
        defer { dir.remove() }
        let path = dir.path("state.json")
        try #require(mkfifo(path, 0o644) == 0)
        guard case .unusable(let reason, let movedTo) = try DeckStore(path: path).load() else {
            Issue.record("not moved aside")
            return
        }
        #expect(reason == "it is not a regular file")
        #expect(movedTo.hasPrefix(path + ".corrupt-"))
    }

    @Test func theLoaderWarnsInOneLineAndStartsFresh() throws {
        let dir = try TemporaryFolder("cardviewer-limits")
        defer { dir.remove() }
        let path = dir.path("state.json")
        try sparse(path, size: DeckStore.maximumStateSize + 1)
        let outcome = try DeckLoader.deck(from: DeckCatalog(origin: .synthetic(count: 4), pictures: [], available: [], pictureOfSource: [:]), store: DeckStore(path: path))
        #expect(outcome.deck.count == 4)
        #expect(outcome.warnings.count == 1)
        #expect(outcome.warnings.first?.hasPrefix("state file '\(path)' cannot be used (it is \(DeckStore.maximumStateSize + 1) bytes, over the limit") == true)
        #expect(outcome.warnings.first?.contains("started a fresh deck") == true)
    }
}
