import CardLayout
import CardLayoutFiles
import CardMath
import CardTestSupport
import Testing

/// `base`: a file starts from a registered layout, overrides its options, and its steps move
/// each card after the base placed it (about the viewport's centre).
@Suite struct BaseLayoutTests {
    @Test func stepsMoveTheBaseCards() throws {
        let text = #"""
            { "name": "tilted-wheel", "base": "wheel",
              "options": { "radius": 800, "lean": 0.3 },
              "transform": [ { "translate": [0, 0, "-40 * abs(o)"] }, { "rotateX": "lean" } ] }
            """#
        let file = try layoutFile(text)
        #expect(file.descriptor.options.map(\.name) == ["itemWidth", "radius", "lean"])
        #expect(file.descriptor.defaultValues["radius"] == 800)
        let layout = file.descriptor.makeLayout(try file.descriptor.values(setting: ["radius=900", "itemWidth=133"]))
        let wheel = WheelLayout(radius: 900)
        let viewport = Size(width: 1280, height: 800)
        let context = LayoutContext(viewport: viewport, cardCount: 20, offset: Vec2(133 * 4.5, 0))
        #expect(layout.candidateRange(in: context) == wheel.candidateRange(in: context))
        let center = Mat4.translation(Vec3(640, 400, 0))
        for index in wheel.candidateRange(in: context) {
            let o = Double(index) - 4.5
            let moved = Mat4.translation(Vec3(0, 0, -40 * abs(o))) * .rotationX(0.3)
            let expected = center * moved * .translation(Vec3(-640, -400, 0)) * wheel.attributes(at: index, in: context).localToWorld(offset: context.offset)
            let card = layout.attributes(at: index, in: context)
            #expect(closeEnough(card.localToWorld(offset: context.offset), expected, absolute: 1e-9), "card \(index)")
        }
    }

    @Test func baseOptionsAreChecked() {
        #expect(layoutFileError(#"{ "name": "x", "base": "wheel", "options": { "radius": 5 } }"#)
                == "test.json:1:56: radius (an option of wheel) must lie in 200.0…2000.0, got 5.0")
        #expect(layoutFileError(#"{ "name": "x", "base": "wheel", "options": { "radius": "W" } }"#)
                == "test.json:1:56: radius (an option of wheel) must be a number")
    }
}
