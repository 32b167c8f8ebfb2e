/// When a picture was taken (SPEC §13, `--sort time`, `cardviewer list`): EXIF's
/// `DateTimeOriginal` with `SubSecTimeOriginal`, else the file's modification time.
///
/// **One scale for both.** EXIF's times carry no zone (the camera's wall clock), so both kinds
/// are kept as *local wall-clock* seconds: the wall-clock date and time counted as if it were
/// UTC, seconds since 1970-01-01 00:00 (`seconds`, fractions from `SubSecTimeOriginal`). A
/// modification time (a true instant) is moved onto this scale with the local zone's offset at
/// that instant (`CaptureTimes`), so a folder mixing the two sorts by what the clocks showed.
/// `OffsetTimeOriginal` (EXIF 2.31) is not read: two cameras in different zones sort by their
/// own wall clocks, as every culling tool does.
public struct CaptureTime: Hashable, Sendable {
    /// Where the time came from.
    public enum Source: String, Hashable, Sendable {
        /// EXIF `DateTimeOriginal` (0x9003), with `SubSecTimeOriginal` (0x9291) when present.
        case exif
        /// The file's modification time (`PictureFile.modifiedSeconds`), whole seconds.
        case modified
    }

    /// Local wall-clock seconds since 1970-01-01 00:00 (counted as UTC), fractions included.
    public var seconds: Double
    public var source: Source

    public init(seconds: Double, source: Source) {
        self.seconds = seconds
        self.source = source
    }

    /// The time as ISO 8601 text without a zone (the wall clock is local):
    /// `2024-05-01T10:20:30`, with `.NNN` milliseconds when there is a fraction.
    public var iso8601: String {
        let whole = seconds.rounded(.down)
        let days = Int((whole / 86400).rounded(.down))
        let inDay = Int(whole) - days * 86400
        let (year, month, day) = Self.civil(fromDays: days)
        var text = Self.padded(year, 4) + "-" + Self.padded(month, 2) + "-" + Self.padded(day, 2) + "T"
            + Self.padded(inDay / 3600, 2) + ":" + Self.padded(inDay / 60 % 60, 2) + ":" + Self.padded(inDay % 60, 2)
        // To the nearest millisecond (0.77 is 0.76999… as a Double past 1.7e9), never up to 1000.
        let millis = min(999, Int(((seconds - whole) * 1000).rounded()))
        if millis > 0 { text += "." + Self.padded(millis, 3) }
        return text
    }

    /// The seconds of an EXIF date-time `YYYY:MM:DD HH:MM:SS` (19 ASCII bytes, a NUL or
    /// anything after them ignored) plus the fraction of a `SubSecTimeOriginal` (ASCII digits,
    /// "25" = 0.25 s; spaces around them allowed; anything else: no fraction). Nil for a date
    /// that is blank, all zeros (cameras without a clock write "0000:00:00 00:00:00"), outside
    /// years 1…9999 or with a field out of its range (month 1…12, day 1…31, hour 0…23, minute
    /// 0…59, second 0…60).
    public static func exifSeconds(dateTime: some Collection<UInt8>, subSeconds: (some Collection<UInt8>)?) -> Double? {
        let text = Array(dateTime.prefix(19))
        guard text.count == 19 else { return nil }
        /// The decimal number of `count` ASCII digits at `at`.
        func number(_ at: Int, _ count: Int) -> Int? {
            var value = 0
            for byte in text[at..<(at + count)] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        for (at, separator) in [(4, ":"), (7, ":"), (10, " "), (13, ":"), (16, ":")] where text[at] != UInt8(ascii: separator.unicodeScalars.first!) {
            return nil
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
              (1...9999).contains(year), (1...12).contains(month), (1...31).contains(day),
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        var seconds = Double(days * 86400 + hour * 3600 + minute * 60 + second)
        if let subSeconds { seconds += fraction(subSeconds) }
        return seconds
    }

    /// The fraction of a second `SubSecTimeOriginal` says: its ASCII digits after an implied
    /// decimal point (at most 9 read), spaces and NULs around them skipped; 0 for anything else.
    static func fraction(_ bytes: some Collection<UInt8>) -> Double {
        let trimmed = bytes.drop { $0 == 0x20 }.prefix { $0 != 0 && $0 != 0x20 }
        guard !trimmed.isEmpty, trimmed.allSatisfy({ (0x30...0x39).contains($0) }) else { return 0 }
        var value = 0.0, scale = 1.0
        for byte in trimmed.prefix(9) {
            scale /= 10
            value += Double(byte - 0x30) * scale
        }
        return value
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146097 + dayOfEra - 719468
    }

    /// The date of `days` since 1970-01-01 (the inverse of `daysFromCivil`).
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let dayOfEra = z - era * 146097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
