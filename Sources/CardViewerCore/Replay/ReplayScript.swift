import CardEvents
import CardFiles
import CardInteraction
import CardJSON
import CardMath
import Foundation

/// Why a replay script cannot be used: bad input (exit status 2). One line naming the file and,
/// where it applies, the event.
public struct ReplayError: Error, CustomStringConvertible, Equatable {
    public var description: String
}

/// A script of timestamped input for `cardviewer run --replay FILE`: the same events the window
/// delivers, fed through the same `ViewerSession.handle(_:)`, on a virtual clock.
///
/// The format (JSON; times in seconds from the start, positions in viewport points):
///
/// ```json
/// {"events": [
///   {"time": 0.5, "type": "click", "x": 640, "y": 400},
///   {"time": 1.5, "type": "drag", "x": 600, "y": 300, "toX": 100, "toY": 300, "duration": 0.2},
///   {"time": 2.5, "type": "drag", "x": 200, "y": 200, "toX": 500, "toY": 200, "hold": 0.6, "duration": 0.5},
///   {"time": 3.5, "type": "scroll", "dx": 0, "dy": -2},
///   {"time": 4.0, "type": "key", "key": "a"}
/// ], "end": 6}
/// ```
///
/// Types: `move`, `down`, `up` (`x`, `y`, optional `button`: `left`, `right`, `middle`);
/// `click` (down and up at one point); `down`, `up` and `click` take `mods` as keys do
/// (`"mods": ["ctrl"]`: Ctrl+click marks a card for compare); `drag` (down at `x`,`y`, still for `hold` seconds
/// (default 0; 0.6 makes a long press), then moves at 60 Hz to `toX`,`toY` over `duration`
/// seconds (default 0.25), then up); `scroll` (`dx`, `dy` in wheel notches, +y = up/away;
/// `precise: true` for trackpad deltas); `key`, `keydown`, `keyup` (`key`: a character such as
/// `"a"`, `"1"`, `"["`, `"?"`, or `escape`, `enter`, `space`, `tab`, `backspace`, `delete`,
/// `left`, `right`, `up`, `down`, `pageup`, `pagedown`, `home`, `end`; `key` is a press and a
/// release); `resize` (`width`, `height` in points); `waitForPictures` (no fields: the virtual
/// clock stops at the first frame at or after `time` until every card in view shows its own
/// picture at its final resolution, so that what follows is deterministic). `end` (optional) is
/// when the replay stops; by default one second after the last event, so animations finish.
public struct ReplayScript: Sendable {
    /// The events in time order (drags and clicks expanded).
    public var events: [ViewerEvent]
    /// When the replay ends, seconds.
    public var end: Double
    /// The times of the `waitForPictures` events, in order.
    public var pictureWaits: [Double]

    /// The step of a drag's moves and of the virtual clock, seconds.
    public static let frameStep = 1.0 / 60
    /// Events at most, after expansion (a drag is one move per frame step): a typo cannot ask
    /// for billions of events (SPEC §11).
    public static let maximumEvents = 1_000_000
    /// The latest `time` and `end`, seconds (one hour): a replay is a test, not a session, and
    /// the virtual clock steps every frame up to `end` (SPEC §11).
    public static let maximumTime = 3600.0

    public init(events: [ViewerEvent], end: Double, pictureWaits: [Double] = []) {
        self.events = events
        self.end = end
        self.pictureWaits = pictureWaits.sorted()
    }

    /// The largest script file read, bytes (256 MiB): room for `maximumEvents` written out
    /// (about 60 bytes each), checked from the file's size before reading.
    public static let maximumFileSize = 256 * 1024 * 1024

    /// Reads (a regular file of at most `maximumFileSize` bytes: `FileBytes`) and checks the
    /// script at `path`.
    public static func load(contentsOf path: String) throws -> ReplayScript {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.readAll(path, maximumSize: maximumFileSize)
        } catch .tooLarge(_, let size, let limit) {
            throw ReplayError(description: "replay script '\(path)' is \(size) bytes, over the limit of \(limit) bytes")
        } catch {
            throw ReplayError(description: "cannot read replay script '\(path)': \(error.reason)")
        }
        return try bytes.withUnsafeBufferPointer { try parse($0, name: path) }
    }

    /// Parses a script; `name` labels errors. `maximumEvents` is the cap on events after
    /// expansion (a parameter so that tests can check it with a small one).
    public static func parse(_ data: Data, name: String, maximumEvents: Int = maximumEvents) throws -> ReplayScript {
        try data.withUnsafeBytes { try parse($0.bindMemory(to: UInt8.self), name: name, maximumEvents: maximumEvents) }
    }

    /// Parses a script in `bytes`. Each event is expanded as it is read (no array of the
    /// JSON's events is kept), and the expanded events are sorted in place: 1,000,000 events
    /// take about the file's bytes and their `ViewerEvent`s (docs/LIMITS.md).
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, name: String, maximumEvents: Int = maximumEvents) throws -> ReplayScript {
        var events: [ViewerEvent] = []
        var waits: [Double] = []
        let rawEnd: Double?
        do {
            try checkSyntax(bytes)
            rawEnd = try RawScriptReader.read(bytes) { number, rawEvent in
                do {
                    let expanded = try rawEvent.expanded()
                    if rawEvent.type == "waitForPictures", expanded.isEmpty { waits.append(rawEvent.time) }
                    guard events.count + expanded.count <= maximumEvents else {
                        throw ReplayError(description: "more than \(maximumEvents) events (the limit)")
                    }
                    events.append(contentsOf: expanded)
                } catch let error as ReplayError {
                    throw ReplayError(description: "replay script '\(name)', event \(number): \(error.description)")
                }
            }
        } catch let error as ReplayError {
            throw error
        } catch let error as RawScriptError {
            guard let event = error.event else { throw ReplayError(description: "replay script '\(name)' is not valid: \(error.message)") }
            throw ReplayError(description: "replay script '\(name)', event \(event): \(error.message)")
        } catch {
            throw ReplayError(description: "replay script '\(name)' is not valid: \(error)")
        }
        // Stable by time: events of one time keep the script's order (a sort that is not
        // stable would need each event's position kept beside it).
        events = Self.stablySortedByTime(events)
        let last = max(events.last?.time ?? 0, waits.max() ?? 0)
        let end = rawEnd ?? min(last + 1, maximumTime)
        guard end.isFinite, end >= 0, end <= maximumTime else {
            throw ReplayError(description: "replay script '\(name)': 'end' must be a time between 0 and \(Int(maximumTime)) seconds (the limit)")
        }
        return ReplayScript(events: events, end: end, pictureWaits: waits)
    }

    /// `events` in time order, events of equal times in their order in `events`.
    static func stablySortedByTime(_ events: [ViewerEvent]) -> [ViewerEvent] {
        // Scripts are mostly in time order already: check before sorting anything.
        if zip(events, events.dropFirst()).allSatisfy({ $0.time <= $1.time }) { return events }
        var order = Array(events.indices)
        order.sort { (events[$0].time, $0) < (events[$1].time, $1) }
        return order.map { events[$0] }
    }

    /// Checks that `bytes` are one JSON value whose numbers a Double holds, so that a syntax
    /// error or a number such as `1e999` names its line and column (`JSONScanner`, the state's
    /// scanner) before the script's shape is read.
    static func checkSyntax(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        var scanner = JSONScanner(bytes)
        try scanner.skipValue()
        try scanner.end()
    }
}
