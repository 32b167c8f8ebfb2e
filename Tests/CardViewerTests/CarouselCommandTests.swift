import CardTestSupport
import Foundation
import Testing

/// The carousels (SPEC §8) from the command line: their options listed with `auto` defaults,
/// set with `--set` (numbers, flags, `inf`, `auto`), and refused with one line naming them.
@Suite struct CarouselCommandTests {
    @Test("layouts lists every carousel option; automatic ones read auto, in text and JSON")
    func listing() throws {
        let text = try ChildProcess.runViewer(["layouts"])
        #expect(text.status == 0)
        #expect(text.stdout.contains("rotary (key 7): iCarousel rotary"))
        let rotary = text.stdout.components(separatedBy: "rotary (key 7)")[1].components(separatedBy: "rotary-inverted")[0]
        for option in ["spacing", "arc", "radius", "count", "visibleItems", "wrap", "vertical", "showBackfaces",
                       "fadeMin", "fadeMax", "fadeRange", "fadeMinAlpha", "offsetMultiplier", "itemWidth"] {
            #expect(rotary.contains("  \(option) "), "\(option)")
        }
        let names = rotary.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(!names.contains("tilt") && !names.contains("angle"))  // coverflow and time machine; the wheel only
        #expect(rotary.contains("radius             auto"))
        let json = try ChildProcess.runViewer(["layouts", "--json"])
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let layouts = try #require(root["layouts"] as? [[String: Any]])
        let wheel = try #require(layouts.first { $0["name"] as? String == "carousel-wheel" })
        #expect(wheel["wraps"] as? Bool == true && wheel["interaction"] as? String == "carousel")
        let options = try #require(wheel["options"] as? [[String: Any]])
        let angle = try #require(options.first { $0["name"] as? String == "angle" })
        #expect(angle["auto"] as? Double == 0 && angle["default"] as? Double == 0)
        let fadeMax = try #require(options.first { $0["name"] as? String == "fadeMax" })
        #expect(fadeMax["default"] as? String == "inf" && fadeMax["auto"] == nil)
    }

    @Test("--set takes numbers, flags, inf and auto; layout prints the frame with them")
    func setting() throws {
        let outcome = try ChildProcess.runViewer(["layout", "--layout", "coverflow", "--size", "1280x800", "--offset", "1280,0",
                                                  "--set", "tilt=0.5", "--set", "fadeMax=inf", "--set", "itemWidth=auto",
                                                  "--set", "vertical=false"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let cards = try #require(object["cards"] as? [[String: Any]])
        // 1280 / 64 + 2 = 22 cards around card 5 (offset 1280 = 5 slots of 256), less none.
        #expect(cards.count == 22, "\(cards.count)")
    }

    @Test("a wrong carousel option exits 2 with one line naming the layout's options and ranges",
          arguments: [(["--set", "count=2.5"], "a whole number in auto, 0…100"), (["--set", "tilt=1"], "unknown option 'tilt'"),
                      (["--set", "wrap=maybe"], "true or false"), (["--set", "spacing=auto"], "0.01…100")])
    func badOption(arguments: [String], mentioned: String) throws {
        let outcome = try ChildProcess.runViewer(["layout", "--layout", "rotary"] + arguments)
        #expect(outcome.status == 2)
        #expect(outcome.errorLines.count == 1, "\(outcome.stderr)")
        #expect(outcome.stderr.contains(mentioned), "\(outcome.stderr)")
    }
}
