/// The order of a deck's pictures (`--sort`, SPEC §13): by name (the listing's natural order,
/// the default), capture time, rating or file size. Every sort is stable and breaks ties by
/// the listing order, so equal keys keep the natural name order.
public enum PictureSort: String, CaseIterable, Hashable, Sendable {
    /// The listing's order: each PATH in turn, each folder's pictures in natural name order.
    case name
    /// Capture time ascending (`CaptureTime`: EXIF `DateTimeOriginal`, else the mtime).
    case time
    /// Stars descending, unrated after one star, rejects last.
    case rating
    /// File size descending (`PictureFile.byteCount`, the card's own file: a RAW+JPEG pair's JPEG).
    case size

    /// The sort a name means (`name`, `time`, `rating`, `size`), nil for another word.
    public init?(name: String) { self.init(rawValue: name) }

    /// The names, for help and error lines: "name, time, rating or size".
    public static var listed: String {
        let names = allCases.map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }

    /// Whether this sort needs the capture times of the pictures (read from each file).
    public var needsCaptureTimes: Bool { self == .time }
    /// Whether this sort needs the pictures' culling marks.
    public var needsRatings: Bool { self == .rating }

    /// The rank the rating sort gives a mark: its stars (0…5), −1 for a rejected picture.
    public static func ratingRank(stars: Int, rejected: Bool) -> Int { rejected ? -1 : stars }

    /// The positions `0..<count` (the listing order) in this sort's order.
    ///
    /// - Parameters:
    ///   - sizes: each picture's file size, bytes (for `size`).
    ///   - captureSeconds: each picture's capture time, `CaptureTime.seconds` (for `time`).
    ///   - ratings: each picture's `ratingRank` (for `rating`).
    /// - Complexity: O(n log n) comparisons of precomputed keys.
    public func order(count: Int, sizes: (Int) -> Int = { _ in 0 }, captureSeconds: (Int) -> Double = { _ in 0 },
                      ratings: (Int) -> Int = { _ in 0 }) -> [Int] {
        let positions = Array(0..<count)
        switch self {
        case .name:
            return positions
        case .size:
            let keys = positions.map(sizes)
            return positions.sorted { keys[$0] != keys[$1] ? keys[$0] > keys[$1] : $0 < $1 }
        case .rating:
            let keys = positions.map(ratings)
            return positions.sorted { keys[$0] != keys[$1] ? keys[$0] > keys[$1] : $0 < $1 }
        case .time:
            // A NaN (never made by `CaptureTime`) sorts last rather than breaking the order.
            let keys = positions.map { captureSeconds($0).isNaN ? Double.infinity : captureSeconds($0) }
            return positions.sorted { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : $0 < $1 }
        }
    }
}
