import CardPixels
import Testing
@testable import CardCompare

/// The comparison picture and the report's number formats.
@Suite("Side-by-side images and report formats")
struct SideBySideTests {
    @Test("panels side by side under a caption; wrong pixels magenta, faded ones lighter, the rest copied")
    func layout() {
        let a = RGBAImage(width: 4, height: 3, fill: (10, 20, 30, 255)), b = RGBAImage(width: 4, height: 3, fill: (50, 60, 70, 255))
        var wrong = [Bool](repeating: false, count: 12), faded = [Bool](repeating: false, count: 12)
        wrong[5] = true   // (1, 1)
        faded[2] = true   // (2, 0)
        let gap = 6
        let image = SideBySide.compose(caption: "c", panels: [.init(title: "a", image: a, wrong: wrong),
                                                              .init(title: "b", image: b, faded: faded)], gap: gap)
        #expect(image.width == 2 * 4 + 3 * gap)
        let top = image.height - 3 - gap  // panels sit on the bottom margin
        #expect(image[gap + 1, top + 1] == (255, 0, 255, 255))
        #expect(image[gap, top] == (10, 20, 30, 255))
        let second = 2 * gap + 4
        #expect(image[second, top] == (50, 60, 70, 255))
        let lightened = image[second + 2, top]
        #expect(lightened.r > 50 && lightened.g > 60 && lightened.b > 70)
    }

    @Test("percentages with two decimals")
    func percent() {
        #expect(SceneComparison.percent(0) == "0.00%")
        #expect(SceneComparison.percent(0.0005) == "0.05%")
        #expect(SceneComparison.percent(0.1234) == "12.34%")
        #expect(SceneComparison.percent(1) == "100.00%")
    }

    @Test("JSON strings are escaped")
    func escaping() {
        #expect(ComparisonReport.string("a\"b\\c\nd\u{1}") == "\"a\\\"b\\\\c\\nd\\u0001\"")
    }
}
