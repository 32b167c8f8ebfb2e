import CardLayout

/// The flat colour each card gets in identity shading (`CardShading.identity`), and back.
///
/// `code = ((id + 1) · multiplier) mod 2²⁴`, written as red = bits 0–7, green 8–15, blue 16–23
/// (the same arithmetic as card.vert). The multiplier is odd, so the map is a bijection of 24-bit
/// codes: every id below 2²⁴ − 1 has its own colour, neighbouring ids get very different colours,
/// and code 0 (black) is no card, the background. Written to an 8-bit framebuffer without
/// multisampling, the colours come back exactly.
public enum IdentityColor {
    /// Written into card.vert as `identityMultiplier` (CardRendering's `ShaderInterface.card`).
    public static let multiplier: UInt32 = 0x9E3779
    /// The multiplicative inverse of `multiplier` modulo 2²⁴.
    static let inverse: UInt32 = {
        var x = multiplier  // correct to 3 bits for odd numbers; each Newton step doubles the bits
        for _ in 0..<5 { x = x &* (2 &- multiplier &* x) }
        return x & 0xFF_FFFF
    }()

    /// The colour card `id` is drawn with.
    public static func rgb(for id: CardID) -> (r: UInt8, g: UInt8, b: UInt8) {
        let code = ((id.rawValue &+ 1) &* multiplier) & 0xFF_FFFF
        return (UInt8(code & 0xFF), UInt8((code >> 8) & 0xFF), UInt8(code >> 16))
    }

    /// The card drawn with this colour, or `nil` for black (the background in identity shading).
    public static func id(red: UInt8, green: UInt8, blue: UInt8) -> CardID? {
        let code = UInt32(red) | UInt32(green) << 8 | UInt32(blue) << 16
        guard code != 0 else { return nil }
        return CardID(((code &* inverse) & 0xFF_FFFF) &- 1)
    }
}
