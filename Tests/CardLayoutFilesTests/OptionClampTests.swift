import CardLayout
import CardLayoutFiles
import CardMath
import Testing

/// An option's computed default is computed once a frame, clamped to its range as it is stored,
/// and that one value is what every expression reads: one read per frame (no `o`) and one read
/// per card (with `o`) agree, and a later option's default reads the clamped value (issue 34:
/// the frame's values read it unclamped, the cards' clamped).
@Suite struct OptionClampTests {
    /// `t` defaults to `W / 100` (12.8 at 1280 points), clamped to 0…2; `u` is `t · 10`.
    /// The translation's x reads `t` once a frame, its y once a card (`+ 0·o`), z reads `u`.
    static let text = """
        { "name": "clamped",
          "options": { "t": { "default": "W / 100", "min": 0, "max": 2 }, "u": "t * 10" },
          "transform": [ { "translate": ["t * 100", "t * 100 + 0 * o", "u"] } ] }
        """

    @Test func everyExpressionReadsTheClampedValue() throws {
        let layout = try layoutFile(Self.text).descriptor.makeLayout()
        let context = LayoutContext(viewport: Size(width: 1280, height: 800), cardCount: 5)
        for index in 0..<5 {
            let m = layout.attributes(at: index, in: context).transform
            // t = min(max(1280/100, 0), 2) = 2: x = y = 200; u = 10·t = 20.
            #expect(m.c3.x == 200, "card \(index)")
            #expect(m.c3.y == 200, "card \(index)")
            #expect(m.c3.z == 20, "card \(index)")
        }
        // Below the range: W = 100 gives t = 1, inside 0…2, unclamped (x = 100, u = 10).
        let small = layout.attributes(at: 0, in: LayoutContext(viewport: Size(width: 100, height: 80), cardCount: 5)).transform
        #expect(small.c3.x == 100 && small.c3.y == 100 && small.c3.z == 10)
    }

    @Test func theListingShowsTheClampedValues() throws {
        let options = try layoutFile(Self.text).descriptor.options
        // At the reference viewport (1280 × 800): t = 2, and u reads the clamped t.
        #expect(options.first { $0.name == "t" }?.defaultValue == 2)
        #expect(options.first { $0.name == "u" }?.defaultValue == 20)
    }

    @Test func aSetValueIsUsedAsItIs() throws {
        let descriptor = try layoutFile(Self.text).descriptor
        var values = descriptor.defaultValues
        try values.set("t", to: 1.5)
        let m = descriptor.makeLayout(values).attributes(at: 1, in: LayoutContext(viewport: Size(width: 1280, height: 800), cardCount: 5)).transform
        #expect(m.c3.x == 150 && m.c3.y == 150 && m.c3.z == 15)
    }
}
