import CardFormatSamples
import CardTestSupport
import Foundation
import Testing

/// `cardviewer list PATH… [--json] [-0] [--sort …]` and `run --sort` kept in the state (SPEC §12,
/// §13), through the built binary, on JPEGs with crafted EXIF capture times.
@Suite struct ListCommandTests {
    /// 2024-05-01 10:20:30 in local wall-clock seconds (Python's calendar.timegm).
    static let mayFirst = 1_714_558_830

    /// `jpeg` with a COM segment of `padding` bytes after SOI (to set the file's size).
    static func padded(_ jpeg: [UInt8], _ padding: Int) -> [UInt8] {
        guard padding > 0 else { return jpeg }
        let length = padding + 2
        return Array(jpeg[0..<2]) + [0xFF, 0xFE, UInt8(length >> 8), UInt8(length & 0xFF)]
            + [UInt8](repeating: 0x41, count: padding) + Array(jpeg[2...])
    }

    /// A darktable-style sidecar: `xmp:Rating` (−1 rejects), an optional `xmp:Label`, and
    /// digiKam's pick label 3 when `picked`.
    static func sidecar(rating: Int, label: String? = nil, picked: Bool = false) -> String {
        """
        <?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/">
         <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
          <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:digiKam="http://www.digikam.org/ns/1.0/" \
        xmp:Rating="\(rating)"\(label.map { " xmp:Label=\"\($0)\"" } ?? "")\(picked ? " digiKam:PickLabel=\"3\"" : "")/>
         </rdf:RDF>
        </x:xmpmeta>
        <?xpacket end="w"?>
        """
    }

    /// A folder of five JPEGs: a1 (11:00, 300 B padding), a2 (10:20:30.50, none), a3 (no EXIF:
    /// mtime 2024-04-30 12:00 local), a4 (10:20:30.50 as a2: a tie; 900 B), a10 (09:00, 300 B:
    /// a size tie with a1); and a broken "z.jpg".
    static func folder(in dir: TemporaryFolder) throws -> URL {
        let folder = dir.url("shoot")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        func write(_ name: String, _ bytes: [UInt8]) throws { try Data(bytes).write(to: folder.appendingPathComponent(name)) }
        try write("a1.jpg", padded(ExifTimeSample.jpeg(date: "2024:05:01 11:00:00"), 300))
        try write("a2.jpg", ExifTimeSample.jpeg(date: "2024:05:01 10:20:30", subSeconds: "5"))
        try write("a3.jpg", ExifTimeSample.plainJPEG)
        try write("a4.jpg", padded(ExifTimeSample.jpeg(date: "2024:05:01 10:20:30", subSeconds: "50"), 900))
        try write("a10.jpg", padded(ExifTimeSample.jpeg(date: "2024:05:01 09:00:00"), 300))
        try write("z.jpg", Array("not a picture".utf8))
        // a3's mtime: 2024-04-30 12:00 local wall-clock time (TZ=UTC in the child, below).
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: TimeInterval(mayFirst - 80_430))],
                                              ofItemAtPath: folder.appendingPathComponent("a3.jpg").path)
        return folder
    }

    /// `list --json` parsed: the cards' objects.
    static func cards(_ arguments: [String]) throws -> [[String: Any]] {
        let outcome = try ChildProcess.runViewer(["list", "--json"] + arguments, environment: ["TZ": "UTC"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let cards = try #require(object["cards"] as? [[String: Any]])
        #expect(object["count"] as? Int == cards.count)
        return cards
    }

    static func names(_ cards: [[String: Any]]) -> [String] {
        cards.compactMap { ($0["path"] as? String)?.split(separator: "/").last.map(String.init) }
    }

    @Test("--json: order under each sort, ties in name order, EXIF or mtime times, the probe, an unreadable file")
    func sorts() throws {
        let dir = try TemporaryFolder("cardviewer-list")
        defer { dir.remove() }
        let folder = try Self.folder(in: dir)
        let byName = try Self.cards([folder.path])
        #expect(Self.names(byName) == ["a1.jpg", "a2.jpg", "a3.jpg", "a4.jpg", "a10.jpg", "z.jpg"])
        #expect(byName.map { $0["index"] as? Int } == [0, 1, 2, 3, 4, 5])
        let first = byName[0]
        #expect(first["width"] as? Int == 32 && first["height"] as? Int == 24 && first["format"] as? String == "jpeg")
        #expect(first["readable"] as? Bool == true && first["reason"] == nil)
        #expect(first["captureTime"] as? String == "2024-05-01T11:00:00" && first["captureTimeSource"] as? String == "exif")
        #expect(byName[1]["captureTime"] as? String == "2024-05-01T10:20:30.500")
        #expect(byName[2]["captureTime"] as? String == "2024-04-30T12:00:00" && byName[2]["captureTimeSource"] as? String == "mtime")
        let broken = byName[5]
        #expect(broken["readable"] as? Bool == false && (broken["reason"] as? String)?.isEmpty == false)
        #expect(broken["width"] is NSNull && broken["format"] is NSNull)
        #expect(first["bytes"] as? Int == (try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("a1.jpg").path)[.size] as? Int))
        // time: a3 (mtime, the day before), a10 (09:00), a2 and a4 (a tie at .5: name order), a1; z
        // (its mtime, now) last.
        #expect(Self.names(try Self.cards(["--sort", "time", folder.path])) == ["a3.jpg", "a10.jpg", "a2.jpg", "a4.jpg", "a1.jpg", "z.jpg"])
        // size descending: a4 (900 B of padding), then a1 and a10 (300 B each, the same EXIF
        // size: name order), then a2 (EXIF, no padding), a3 (no EXIF), z (13 bytes).
        #expect(Self.names(try Self.cards(["--sort", "size", folder.path])) == ["a4.jpg", "a1.jpg", "a10.jpg", "a2.jpg", "a3.jpg", "z.jpg"])
    }

    @Test("--sort rating: stars from the sidecars descending, rejects last, ties in name order; marks in the JSON")
    func rating() throws {
        let dir = try TemporaryFolder("cardviewer-list-rating")
        defer { dir.remove() }
        let folder = try Self.folder(in: dir)
        func sidecar(_ name: String, _ text: String) throws { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        try sidecar("a1.jpg.xmp", Self.sidecar(rating: -1))
        try sidecar("a2.jpg.xmp", Self.sidecar(rating: 2, label: "Red"))
        try sidecar("a4.xmp", Self.sidecar(rating: 5, picked: true))  // Adobe's NAME.xmp
        try sidecar("a10.jpg.xmp", Self.sidecar(rating: 2))
        let before = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let cards = try Self.cards(["--sort", "rating", folder.path])
        #expect(Self.names(cards) == ["a4.jpg", "a2.jpg", "a10.jpg", "a3.jpg", "z.jpg", "a1.jpg"])
        let marks = cards.map { $0["marks"] as? [String: Any] ?? [:] }
        #expect(marks[0]["stars"] as? Int == 5 && marks[0]["picked"] as? Bool == true)
        #expect((cards[0]["sidecar"] as? String)?.hasSuffix("/a4.xmp") == true)
        #expect(marks[1]["labels"] as? [String] == ["red"])
        #expect(marks[5]["rejected"] as? Bool == true)
        #expect(cards[3]["sidecar"] is NSNull)
        // Nothing was written into the folder.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == before)
    }

    @Test("plain and -0 output; a RAW+JPEG pair's companion; bad input is one line and exit 2")
    func plainOutput() throws {
        let dir = try TemporaryFolder("cardviewer-list-plain")
        defer { dir.remove() }
        let folder = try Self.folder(in: dir)
        try Data(ExifTimeSample.plainJPEG).write(to: folder.appendingPathComponent("b.JPG"))
        try Data([0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0]).write(to: folder.appendingPathComponent("b.CR2"))
        let lines = try ChildProcess.runViewer(["list", "--sort", "time", folder.path], environment: ["TZ": "UTC"])
        #expect(lines.status == 0, "\(lines.stderr)")
        let paths = lines.stdout.split(separator: "\n").map(String.init)
        #expect(paths.count == 7 && paths.first == folder.appendingPathComponent("a3.jpg").path, "\(paths)")
        let nul = try ChildProcess.runViewer(["list", "-0", folder.path])
        #expect(nul.status == 0)
        #expect(nul.stdout.split(separator: "\0", omittingEmptySubsequences: false).map(String.init)
            == ["a1.jpg", "a2.jpg", "a3.jpg", "a4.jpg", "a10.jpg", "b.JPG", "z.jpg"].map { folder.appendingPathComponent($0).path } + [""])
        let pair = try Self.cards([folder.path]).first { ($0["path"] as? String)?.hasSuffix("/b.JPG") == true }
        #expect((pair?["companions"] as? [String])?.map { $0.split(separator: "/").last.map(String.init) } == ["b.CR2"])
        for arguments in [["list"], ["list", dir.path("missing")], ["list", "--sort", "date", folder.path], ["list", "--json", "-0", folder.path]] {
            let outcome = try ChildProcess.runViewer(arguments)
            #expect(outcome.status == 2, "\(arguments): \(outcome.stderr)")
            #expect(outcome.stderr.split(separator: "\n").count == 1 && outcome.stderr.hasPrefix("error: "), "\(outcome.stderr)")
            #expect(outcome.stdout.isEmpty)
        }
    }

    @Test("run --sort: a fresh deck is sorted and the sort saved; without --sort the saved order stays; another sort re-sorts")
    func runSortState() throws {
        let dir = try TemporaryFolder("cardviewer-run-sort")
        defer { dir.remove() }
        let folder = try Self.folder(in: dir)
        let state = dir.url("state.json")
        let replay = dir.url("replay.json")
        try Data(#"{"events": [], "end": 0.1}"#.utf8).write(to: replay)
        func run(_ sort: [String]) throws -> (titles: [String], sort: String?) {
            let outcome = try ChildProcess.runViewer(["run", "--headless", "--replay", replay.path, "--state", state.path,
                                                      "--size", "320x200"] + sort + [folder.path], environment: ["TZ": "UTC"])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: state)) as? [String: Any])
            let titles = (json["cards"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
            return (titles, (json["layout"] as? [String: Any])?["sort"] as? String)
        }
        let byTime = ["a3", "a10", "a2", "a4", "a1", "z"].map { $0 + ".jpg" }
        #expect(try run(["--sort", "time"]) == (byTime, "time"))
        // A manual order (as a drag in the grid leaves it): the cards reversed in the state.
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: state)) as? [String: Any])
        json["cards"] = Array((json["cards"] as? [Any] ?? []).reversed())
        try JSONSerialization.data(withJSONObject: json).write(to: state)
        let moved = Array(byTime.reversed())
        #expect(try run([]) == (moved, "time"))
        #expect(try run(["--sort", "time"]) == (moved, "time"))
        #expect(try run(["--sort", "size"]) == (["a4", "a1", "a10", "a2", "a3", "z"].map { $0 + ".jpg" }, "size"))
        #expect(try run(["--sort", "name"]) == (["a1", "a2", "a3", "a4", "a10", "z"].map { $0 + ".jpg" }, nil))
    }

    @Test("list applies the deck's state as run does: its own state file, --state FILE, --no-state fresh, --sort re-sorting")
    func appliesTheState() throws {
        let dir = try TemporaryFolder("cardviewer-list-state")
        defer { dir.remove() }
        let folder = try Self.folder(in: dir)
        let stateHome = dir.path("state-home")
        let environment: [String: String?] = ["TZ": "UTC", "XDG_STATE_HOME": stateHome]
        let replay = dir.url("replay.json")
        try Data(#"{"events": [], "end": 0.1}"#.utf8).write(to: replay)
        // run keeps the deck's state in its own file under XDG_STATE_HOME, sorted by time.
        let started = try ChildProcess.runViewer(["run", "--headless", "--replay", replay.path, "--size", "320x200", "--sort", "time",
                                                  folder.path], environment: environment)
        #expect(started.status == 0, "\(started.stderr)")
        func listed(_ arguments: [String]) throws -> [String] {
            let outcome = try ChildProcess.runViewer(["list"] + arguments + [folder.path], environment: environment)
            #expect(outcome.status == 0, "\(outcome.stderr)")
            return outcome.stdout.split(separator: "\n").compactMap { $0.split(separator: "/").last.map(String.init) }
        }
        let byTime = ["a3.jpg", "a10.jpg", "a2.jpg", "a4.jpg", "a1.jpg", "z.jpg"]
        #expect(try listed([]) == byTime)
        // A manual order (as a drag in the grid leaves it): the state's cards reversed.
        let stateFiles = try FileManager.default.contentsOfDirectory(atPath: stateHome + "/cardviewer").filter { $0.hasSuffix(".json") }
        let state = stateHome + "/cardviewer/" + (try #require(stateFiles.first))
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: state))) as? [String: Any])
        json["cards"] = Array((json["cards"] as? [Any] ?? []).reversed())
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: state))
        let before = try Data(contentsOf: URL(fileURLWithPath: state))
        #expect(try listed([]) == byTime.reversed())
        #expect(try listed(["--state", state]) == byTime.reversed())
        #expect(try listed(["--sort", "time"]) == byTime.reversed())  // the state's own sort: its order stays
        #expect(try listed(["--sort", "size"]) == ["a4.jpg", "a1.jpg", "a10.jpg", "a2.jpg", "a3.jpg", "z.jpg"])
        #expect(try listed(["--no-state"]) == ["a1.jpg", "a2.jpg", "a3.jpg", "a4.jpg", "a10.jpg", "z.jpg"])
        // list only reads: the state is as it was.
        #expect(try Data(contentsOf: URL(fileURLWithPath: state)) == before)
        let both = try ChildProcess.runViewer(["list", "--state", state, "--no-state", folder.path])
        #expect(both.status == 2 && both.stderr.hasPrefix("error: "), "\(both.stderr)")
    }
}
