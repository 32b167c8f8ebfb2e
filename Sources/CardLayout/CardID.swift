/// A card's stable identity: it stays with the card when cards are inserted, deleted or moved,
/// unlike its index. 32 bits, as it travels to the GPU in the instance record.
public struct CardID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public var rawValue: UInt32

    @inlinable public init(_ rawValue: UInt32) { self.rawValue = rawValue }

    public static func < (a: CardID, b: CardID) -> Bool { a.rawValue < b.rawValue }

    public var description: String { "#\(rawValue)" }

    public init(from decoder: Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(UInt32.self)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rawValue)
    }
}
