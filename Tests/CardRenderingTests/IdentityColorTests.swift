import CardLayout
import CardPacking
import CardRendering
import CardTestSupport
import Testing

@Suite("Identity colours")
struct IdentityColorTests {
    @Test("every id maps to its own colour and back; black is no card")
    func roundTrip() {
        var generator = SplitMix64(seed: 3)
        let ids = Array(0..<2000) + (0..<2000).map { _ in UInt32.random(in: 0..<(1 << 24 - 1), using: &generator) }
        var seen = Set<UInt32>()
        for raw in ids {
            let id = CardID(UInt32(raw))
            let c = IdentityColor.rgb(for: id)
            #expect(IdentityColor.id(red: c.r, green: c.g, blue: c.b) == id)
            #expect(c != (0, 0, 0))
            seen.insert(UInt32(c.r) | UInt32(c.g) << 8 | UInt32(c.b) << 16)
        }
        #expect(seen.count == Set(ids).count)
        #expect(IdentityColor.id(red: 0, green: 0, blue: 0) == nil)
    }

    @Test("neighbouring ids get clearly different colours")
    func neighbors() {
        for raw in UInt32(0)..<100 {
            let a = IdentityColor.rgb(for: CardID(raw)), b = IdentityColor.rgb(for: CardID(raw + 1))
            let distance = abs(Int(a.r) - Int(b.r)) + abs(Int(a.g) - Int(b.g)) + abs(Int(a.b) - Int(b.b))
            #expect(distance > 30)
        }
    }
}
