import CardPictureFolders
import Testing

/// File names in the order people expect: digit runs by value, letters without case.
@Suite("Natural name order")
struct NaturalOrderTests {
    @Test func digitRunsCompareByValueAndLettersIgnoreCase() {
        let names = ["img10.png", "img2.png", "Img1.png", "img02b.png", "b.png", "a.png", "x1000000000000000000000.png",
                     "x999999999999999999999.png", "img2.png.png"]
        let expected = ["a.png", "b.png", "Img1.png", "img2.png", "img2.png.png", "img02b.png", "img10.png",
                        "x999999999999999999999.png", "x1000000000000000000000.png"]
        #expect(names.sorted(by: NaturalOrder.areInIncreasingOrder) == expected)
        #expect(NaturalOrder.sorted(names) == expected)
        #expect(NaturalOrder.sorted(names.reversed()) == expected)
    }

    @Test func strictOrderWithExactTextBreakingTies() {
        #expect(NaturalOrder.areInIncreasingOrder("2", "10") && !NaturalOrder.areInIncreasingOrder("10", "2"))
        #expect(!NaturalOrder.areInIncreasingOrder("same", "same"))
        #expect(NaturalOrder.key(for: "a02") == NaturalOrder.key(for: "a2"))
        #expect(NaturalOrder.areInIncreasingOrder("a02", "a2") && !NaturalOrder.areInIncreasingOrder("a2", "a02"))
    }
}
