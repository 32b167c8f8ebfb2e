import CardJSON

/// Why a replay script's JSON does not have a script's shape: the event it is in (1-based;
/// `nil` for the top level) and what is wrong, with the value's line and column where it has one.
struct RawScriptError: Error, Equatable {
    var event: Int?
    var message: String
}

/// Reads a replay script's JSON, event by event, with the project's scanner (`JSONScanner`),
/// field by field: no document tree, and a value of the wrong type is named by its event, its
/// field and its line and column (Foundation's decoder named none, and refused a number such as
/// `1e999` without a place). Accepts what the decoder accepted: the fields in any order, unknown
/// fields ignored, `null` for an optional field; the last of two equal keys wins.
struct RawScriptReader {
    var scanner: JSONScanner
    /// The event being read (1-based), for errors; `nil` at the top level.
    var eventNumber: Int?

    /// Reads the script in `bytes`, which must hold one JSON value (`ReplayScript.checkSyntax`
    /// has checked its syntax and its numbers' range first, so that those errors come as
    /// JSON's), handing each event to `each` with its number (1-based) as it is read, so that
    /// no array of `RawEvent`s (about 250 bytes each) is kept; returns the script's `end`.
    /// `each` may throw to stop the read.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, each: (Int, RawEvent) throws -> Void) throws -> Double? {
        var reader = RawScriptReader(scanner: JSONScanner(bytes))
        return try reader.script(each)
    }

    private mutating func script(_ each: (Int, RawEvent) throws -> Void) throws -> Double? {
        try expect(UInt8(ascii: "{"), nil, "one JSON object, {\"events\": […]}")
        var hasEvents = false, end: Double?
        try scanner.object { scanner, key in
            var field = RawScriptReader(scanner: scanner)
            switch key {
            case "events":
                try field.events(each)
                hasEvents = true
            case "end": end = try field.optionalNumber("end")
            default: try field.scanner.skipValue()
            }
            scanner = field.scanner
        }
        guard hasEvents else { throw RawScriptError(event: nil, message: "missing field 'events'") }
        return end
    }

    /// `events`: an array of event objects, each handed to `each` as it is read.
    mutating func events(_ each: (Int, RawEvent) throws -> Void) throws {
        try expect(UInt8(ascii: "["), "events", "an array of events")
        try scanner.array { scanner, index in
            var element = RawScriptReader(scanner: scanner, eventNumber: index + 1)
            try each(index + 1, try element.event())
            scanner = element.scanner
        }
    }

    /// One event object (`RawEvent`'s fields).
    mutating func event() throws -> RawEvent {
        let start = try scanner.valueStart()
        try expect(UInt8(ascii: "{"), nil, "an object")
        var time: Double?, type: String?
        var event = RawEvent(time: 0, type: "")
        let number = eventNumber
        try scanner.object { scanner, key in
            var field = RawScriptReader(scanner: scanner, eventNumber: number)
            switch key {
            case "time": time = try field.number("time")
            case "type": type = try field.string("type")
            case "x": event.x = try field.optionalNumber(key)
            case "y": event.y = try field.optionalNumber(key)
            case "toX": event.toX = try field.optionalNumber(key)
            case "toY": event.toY = try field.optionalNumber(key)
            case "dx": event.dx = try field.optionalNumber(key)
            case "dy": event.dy = try field.optionalNumber(key)
            case "duration": event.duration = try field.optionalNumber(key)
            case "hold": event.hold = try field.optionalNumber(key)
            case "width": event.width = try field.optionalNumber(key)
            case "height": event.height = try field.optionalNumber(key)
            case "precise": event.precise = try field.optional { try $0.boolean(key) }
            case "key": event.key = try field.optional { try $0.string(key) }
            case "button": event.button = try field.optional { try $0.string(key) }
            case "mods": event.mods = try field.optional { try $0.strings(key) }
            case "paths": event.paths = try field.optional { try $0.strings(key) }
            default: try field.scanner.skipValue()
            }
            scanner = field.scanner
        }
        guard let time else { throw RawScriptError(event: eventNumber, message: "missing field 'time' (the event \(place(start)))") }
        guard let type else { throw RawScriptError(event: eventNumber, message: "missing field 'type' (the event \(place(start)))") }
        event.time = time
        event.type = type
        return event
    }

    mutating func number(_ name: String) throws -> Double {
        guard let next = try scanner.peek(), next == UInt8(ascii: "-") || (next >= 0x30 && next <= 0x39) else {
            throw wrong(name, "a number")
        }
        return try scanner.number()
    }

    mutating func optionalNumber(_ name: String) throws -> Double? {
        try optional { try $0.number(name) }
    }

    mutating func string(_ name: String) throws -> String {
        guard try scanner.peek() == UInt8(ascii: "\"") else { throw wrong(name, "a string") }
        return try scanner.string()
    }

    mutating func boolean(_ name: String) throws -> Bool {
        guard let next = try scanner.peek(), next == UInt8(ascii: "t") || next == UInt8(ascii: "f") else {
            throw wrong(name, "true or false")
        }
        return try scanner.boolean()
    }

    /// An array of strings.
    mutating func strings(_ name: String) throws -> [String] {
        try expect(UInt8(ascii: "["), name, "an array of strings")
        var values: [String] = []
        let number = eventNumber
        try scanner.array { scanner, _ in
            var element = RawScriptReader(scanner: scanner, eventNumber: number)
            guard try element.scanner.peek() == UInt8(ascii: "\"") else { throw element.wrong(name, "an array of strings") }
            values.append(try element.scanner.string())
            scanner = element.scanner
        }
        return values
    }

    /// `nil` for `null`, else what `read` reads.
    mutating func optional<Value>(_ read: (inout RawScriptReader) throws -> Value) throws -> Value? {
        if try scanner.null() { return nil }
        return try read(&self)
    }

    private mutating func expect(_ opening: UInt8, _ name: String?, _ what: String) throws {
        guard try scanner.peek() == opening else { throw wrong(name, what) }
    }

    /// "'NAME' must be WHAT at line L, column C" (without a name: "an event must be …" or, at
    /// the top level, "a replay script must be …").
    mutating func wrong(_ name: String?, _ what: String) -> RawScriptError {
        let start = (try? scanner.valueStart()) ?? scanner.offset
        let subject = name.map { "'\($0)' must be" } ?? (eventNumber == nil ? "a replay script must be" : "an event must be")
        return RawScriptError(event: eventNumber, message: "\(subject) \(what) \(place(start))")
    }

    private func place(_ offset: Int) -> String { "at \(scanner.position(of: offset))" }
}
