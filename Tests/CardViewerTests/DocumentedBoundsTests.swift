import CardTestSupport
import Foundation
import Testing

/// The memory docs/LIMITS.md ("What the largest bounds cost") states for the largest values the
/// command line and the state accept (SPEC §11: every documented bound holds its documented
/// memory), measured through the built `cardviewer` with GNU time. Each figure is the table's;
/// a change that makes a bound cost more fails here, and the table is updated with it.
///
/// Per-card and per-mark costs are measured as the slope between two runs of the same kind, so
/// that what every run pays (the window, the shaders, the bundled fonts) cancels out; the
/// largest values themselves (5,000,000) take minutes in a debug build.
@Suite(.serialized) struct DocumentedBoundsTests {
    /// LIMITS.md: a frame at the largest `--size` is held three times at the peak of `render`
    /// (the driver's colour and depth buffers, and the image read back, which is written to the
    /// PNG row by row), bytes, with room for what the larger frame adds besides.
    static let largestFrameAllowance = 3 * 8192 * 4096 * 4 + 48 * 1024 * 1024
    /// LIMITS.md: memory per card of a generated deck in the viewer, bytes.
    static let bytesPerCard = 120
    /// LIMITS.md: memory per culling mark kept in the state, bytes.
    static let bytesPerMark = 120
    /// LIMITS.md: memory per replay event, bytes.
    static let bytesPerReplayEvent = 150

    /// The peak memory of `cardviewer ARGUMENTS…` (GNU time's), which must succeed; `what` labels a failure.
    static func peak(_ arguments: [String], _ what: String,
                     sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        let outcome = try ChildProcess.runViewer(arguments, timeLimit: 300, peakMemory: true)
        #expect(outcome.status == 0, "\(what): \(outcome.stderr)", sourceLocation: sourceLocation)
        return outcome.peakResidentBytes
    }

    /// Bytes per unit between runs of `few` and `many` units (`peak` of each).
    static func slope(few: Int, many: Int, _ peak: (Int) throws -> Int) rethrows -> Double {
        Double(try peak(many) - peak(few)) / Double(many - few)
    }

    /// A replay that ends at once, in `folder`.
    static func shortReplay(in folder: TemporaryFolder) throws -> String {
        try folder.write("replay.json", #"{"end": 0.1, "events": []}"#)
    }

    @Test("render at --size 8192x4096 peaks at most three frames over a render at 1280x800")
    func largestFrame() throws {
        // Three small pictures: what is measured is the frame, not the pictures' decodes.
        let folder = try HostileFolder()
        defer { folder.remove() }
        let images = try folder.pictures(["a.png", "b.png", "c.png"])
        func peak(_ size: String) throws -> Int {
            try Self.peak(["render", "--images", images, "--size", size, "--out", folder.path("\(size).png")], size)
        }
        let small = try peak("1280x800")
        let largest = try peak("8192x4096")
        #expect(largest - small <= Self.largestFrameAllowance,
                "8192x4096: \(largest >> 20) MiB, 1280x800: \(small >> 20) MiB")
        // The PNG written is the whole frame.
        let written = try #require(FileManager.default.attributesOfItem(atPath: folder.path("8192x4096.png"))[.size] as? Int)
        #expect(written > 10_000)
    }

    @Test("a generated deck costs at most the documented bytes a card in the viewer")
    func memoryPerCard() throws {
        let folder = try TemporaryFolder("cardviewer-bounds")
        defer { folder.remove() }
        let replay = try Self.shortReplay(in: folder)
        let slope = try Self.slope(few: 100_000, many: 1_100_000) { cards in
            try Self.peak(["run", "--headless", "--replay", replay, "--cards", "\(cards)", "--size", "640x400",
                           "--state", folder.path("state-\(cards).json")], "\(cards) cards")
        }
        #expect(slope <= Double(Self.bytesPerCard), "\(slope) bytes a card")
    }

    @Test("culling marks kept in the state cost at most the documented bytes a mark, read and saved")
    func memoryPerMark() throws {
        let folder = try TemporaryFolder("cardviewer-bounds")
        defer { folder.remove() }
        let replay = try Self.shortReplay(in: folder)
        func peak(_ marks: Int) throws -> Int {
            let state = folder.path("state-\(marks).json")
            try Self.writeState(marks: marks, to: state)
            let outcome = try ChildProcess.runViewer(["run", "--headless", "--replay", replay, "--size", "640x400",
                                                      "--state", state],
                                                     timeLimit: 300, peakMemory: true)
            #expect(outcome.status == 0 && outcome.warnings.isEmpty, "\(marks) marks: \(outcome.stderr)")
            // Read and written back: the state still holds every mark.
            let saved = try String(contentsOfFile: state, encoding: .utf8)
            #expect(saved.contains("\"#\(marks - 1)\""), "\(marks) marks: the last mark was not saved")
            return outcome.peakResidentBytes
        }
        let slope = try Self.slope(few: 100_000, many: 1_100_000, peak)
        #expect(slope <= Double(Self.bytesPerMark), "\(slope) bytes a mark")
    }

    @Test("a replay's events cost at most the documented bytes an event")
    func memoryPerReplayEvent() throws {
        let folder = try TemporaryFolder("cardviewer-bounds")
        defer { folder.remove() }
        func peak(_ events: Int) throws -> Int {
            let replay = folder.path("replay-\(events).json")
            var text = #"{"end": 0.2, "events": ["#
            text.reserveCapacity(events * 50)
            for index in 0..<events {
                if index > 0 { text += "," }
                text += #"{"time": \#(Double(index) / Double(events) * 0.1), "type": "scroll", "dx": 0, "dy": -0.01}"#
            }
            text += "]}"
            try Data(text.utf8).write(to: URL(fileURLWithPath: replay))
            return try Self.peak(["run", "--headless", "--replay", replay, "--cards", "20", "--size", "640x400",
                                  "--state", folder.path("state-\(events).json")], "\(events) events")
        }
        let slope = try Self.slope(few: 50_000, many: 550_000, peak)
        #expect(slope <= Double(Self.bytesPerReplayEvent), "\(slope) bytes an event")
    }

    @Test("a replay draws every frame of its virtual time, 60 a second: its end bounds its time")
    func replayFrames() throws {
        let folder = try TemporaryFolder("cardviewer-bounds")
        defer { folder.remove() }
        let replay = folder.path("replay.json")
        try Data(#"{"end": 2, "events": []}"#.utf8).write(to: URL(fileURLWithPath: replay))
        let outcome = try ChildProcess.runViewer(["run", "--headless", "--replay", replay, "--cards", "20", "--size", "320x200",
                                                  "--state", folder.path("state.json"), "--log-frames", folder.path("frames.log")],
                                                 timeLimit: 120)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let frames = try String(contentsOfFile: folder.path("frames.log"), encoding: .utf8).split(separator: "\n").count
        // 2 s at 60 frames a second, the first frame at 0 included.
        #expect(frames >= 120 && frames <= 122, "\(frames) frames")
    }

    /// A state of a 10-card generated deck in the grid with `marks` marks kept for cards by id
    /// (`#ID`, SPEC §10), written compactly as the viewer writes large states.
    static func writeState(marks: Int, to path: String) throws {
        var text = #"{"cards":["#
        text += (0..<10).map { #"{"id":\#($0),"source":{"synthetic":{"number":\#($0 + 1)}},"title":"\#($0 + 1)"}"# }
            .joined(separator: ",")
        text += #"],"deleted":[],"layout":{"filter":"all","marks":{"#
        text.reserveCapacity(text.utf8.count + marks * 40)
        for id in 0..<marks {
            if id > 0 { text += "," }
            text += "\"#\(id)\":{\"flag\":\"picked\",\"stars\":3}"
        }
        text += #"},"name":"grid"},"nextID":10,"version":1}"# + "\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }
}
