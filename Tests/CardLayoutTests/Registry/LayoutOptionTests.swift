import CardLayout
import Testing

/// Options read values as users write them and refuse the rest with a line that helps.
@Suite struct LayoutOptionTests {
    let radius = LayoutOption("radius", default: 500, range: 200...2000, help: "points")
    let count = LayoutOption("count", default: 12, range: 3...100, kind: .whole, help: "slots")
    let fade = LayoutOption("fadeMax", default: .infinity, range: -.infinity ... .infinity, help: "cards")
    let wrap = LayoutOption.flag("wrap", default: true, help: "no ends")

    @Test func numbersInRangeAreRead() {
        #expect(radius.parse("700") == 700)
        #expect(radius.parse("200") == 200 && radius.parse("2000") == 2000)
        #expect(radius.parse("1e3") == 1000)
        #expect(radius.parse("199.9") == nil && radius.parse("2000.5") == nil)
        #expect(radius.parse("nan") == nil && radius.parse("") == nil && radius.parse("seven") == nil)
        #expect(radius.parse("inf") == nil)
    }

    @Test func wholeNumbersFlagsAndInfinities() {
        #expect(count.parse("12") == 12 && count.parse("12.5") == nil)
        #expect(fade.parse("inf") == .infinity && fade.parse("-inf") == -.infinity && fade.parse("-2") == -2)
        #expect(wrap.parse("true") == 1 && wrap.parse("FALSE") == 0 && wrap.parse("2") == nil)
    }

    @Test func valuesAreWrittenAsRead() {
        #expect(fade.format(.infinity) == "inf" && fade.format(-.infinity) == "-inf")
        #expect(radius.format(500) == "500" && radius.format(0.85) == "0.85")
        #expect(wrap.format(1) == "true" && wrap.rangeDescription == "true/false")
        #expect(radius.rangeDescription == "200…2000")
        for text in ["700", "0.85", "1e-3"] {
            let value = fade.parse(text)!
            #expect(fade.parse(fade.format(value)) == value)
        }
    }

    @Test func assignmentsOverrideDefaultsInOrder() throws {
        var values = LayoutOptionValues(options: [radius, wrap])
        #expect(values["radius"] == 500 && values.flag("wrap"))
        try values.apply(assignments: ["radius=700", "wrap = false", "radius=800"], layout: "wheel")
        #expect(values["radius"] == 800 && !values.flag("wrap"))
        #expect(values.overrides == ["radius": 800, "wrap": 0])
    }

    @Test func wrongAssignmentsSayWhatIsRight() {
        var values = LayoutOptionValues(options: [radius, wrap])
        #expect(throws: LayoutOptionError.unknownOption("radiu", layout: "wheel", known: [radius, wrap])) {
            try values.apply(assignments: ["radiu=3"], layout: "wheel")
        }
        let unknown = LayoutOptionError.unknownOption("radiu", layout: "wheel", known: [radius, wrap]).description
        #expect(unknown == "unknown option 'radiu'; layout wheel has radius (200…2000), wrap (true/false)")
        let bad = LayoutOptionError.badValue("radius", value: "5", option: radius).description
        #expect(bad == "'5' is not a value of radius: a number in 200…2000")
        #expect(throws: LayoutOptionError.self) { try values.apply(assignments: ["radius"], layout: "wheel") }
        #expect(throws: LayoutOptionError.self) { try values.apply(assignments: ["=5"], layout: "wheel") }
        #expect(throws: LayoutOptionError.self) { try values.set("radius", to: 100) }
        #expect(values.overrides.isEmpty)
    }
}
