import CardLayout
import CardMath
import CardTestSupport
import Foundation
import Testing

/// End-to-end tests of `cardviewer layout`: the built executable is run and its JSON parsed.
@Suite struct LayoutCommandTests {
    /// Runs the built `cardviewer arguments…` (`ChildProcess.runViewer`).
    static func run(_ arguments: [String]) throws -> ChildProcess.Outcome {
        try ChildProcess.runViewer(arguments)
    }

    /// The keys of a JSON text in the order they appear.
    static func keys(in text: Substring) -> [String] {
        var keys: [String] = []
        var rest = text[...]
        while let quote = rest.firstIndex(of: "\"") {
            let afterQuote = rest.index(after: quote)
            guard let close = rest[afterQuote...].firstIndex(of: "\"") else { break }
            let next = rest.index(after: close)
            if next < rest.endIndex, rest[next] == ":" { keys.append(String(rest[afterQuote..<close])) }
            rest = rest[next...]
        }
        return keys
    }

    static func numbers(_ value: Any?) -> [Double]? {
        (value as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue }
    }

    @Test(arguments: LayoutKind.builtIn)
    func printsOneFrameAsJSON(kind: LayoutKind) throws {
        let offset = kind.makeLayout().scrollAxis == .vertical ? "700" : "1500,0"
        let result = try Self.run(["layout", "--layout", kind.rawValue, "--offset", offset, "--size", "1280x800"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("{\"viewport\":{\"width\":"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])

        // Shape and key order.
        let topKeys = Self.keys(in: result.stdout[...]).filter { ["viewport", "contentSize", "offset", "cards"].contains($0) }
        #expect(topKeys == ["viewport", "contentSize", "offset", "cards"])
        #expect(Set(object.keys) == ["viewport", "contentSize", "offset", "cards"])
        let viewport = try #require(object["viewport"] as? [String: Double])
        #expect(viewport == ["width": 1280, "height": 800])
        let cards = try #require(object["cards"] as? [[String: Any]])

        // The same frame computed here: the default card count is 30.
        let layout = kind.makeLayout()
        let vector = kind.makeLayout().scrollAxis == .vertical ? Vec2(0, 700) : Vec2(1500, 0)
        let context = LayoutContext(viewport: Size(width: 1280, height: 800), cardCount: 30, offset: vector)
        let content = layout.contentSize(viewport: context.viewport, cardCount: 30)
        #expect(object["contentSize"] as? [String: Double] == ["width": content.width, "height": content.height])
        #expect(object["offset"] as? [String: Double] == ["x": vector.x, "y": vector.y])
        let expected = layout.visibleAttributes(in: context)
        #expect(cards.count == expected.count && !cards.isEmpty)
        #expect(cards.compactMap { $0["index"] as? Int } == expected.map(\.index))

        let lines = result.stdout.split(separator: "\n").filter { $0.hasPrefix("{\"id\"") }
        #expect(lines.count == cards.count)
        for (line, attributes) in zip(lines, expected) {
            #expect(Self.keys(in: line) == ["id", "index", "size", "matrix", "alpha", "zIndex", "hidden"])
            // The printed numbers read back exactly (JSONSerialization on Linux is off by an ulp
            // now and then, so the text is parsed with Double(_:) for this check).
            let text = try #require(line.split(separator: "[").dropFirst(2).first?.split(separator: "]").first)
            let printed = text.split(separator: ",").compactMap { Double($0) }
            #expect(printed == attributes.localToWorld(offset: context.offset).columnMajor)
        }
        for (card, attributes) in zip(cards, expected) {
            #expect(card["id"] as? Int == Int(attributes.id.rawValue))
            #expect(card["zIndex"] as? Int == attributes.zIndex)
            #expect(card["hidden"] as? Bool == attributes.isHidden)
            #expect((card["alpha"] as? NSNumber)?.doubleValue == attributes.alpha)
            #expect(Self.numbers(card["size"]) == [attributes.size.width, attributes.size.height])
            let matrix = try #require(Self.numbers(card["matrix"]))
            #expect(matrix.count == 16 && matrix.allSatisfy(\.isFinite))
            let m = attributes.localToWorld(offset: context.offset).columnMajor
            #expect(zip(matrix, m).allSatisfy { closeEnough($0, $1, absolute: 1e-9, relative: 1e-12) })
        }
    }

    /// The matrix maps the card's local corners where the layout puts them.
    @Test func matrixMapsLocalCornersToWorld() throws {
        let result = try Self.run(["layout", "--layout", "wheel", "--cards", "12", "--offset", "300,0"])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let cards = try #require(object["cards"] as? [[String: Any]])
        let context = LayoutContext(viewport: Size(width: 1280, height: 800), cardCount: 12, offset: Vec2(300, 0))
        for card in cards.prefix(3) {
            let index = try #require(card["index"] as? Int)
            let c = try #require(Self.numbers(card["matrix"]))
            let m = Mat4(Vec4(c[0], c[1], c[2], c[3]), Vec4(c[4], c[5], c[6], c[7]),
                         Vec4(c[8], c[9], c[10], c[11]), Vec4(c[12], c[13], c[14], c[15]))
            let attributes = WheelLayout().attributes(at: index, in: context)
            let corners = [Vec3(-66.5, -86.5, 0), Vec3(66.5, -86.5, 0), Vec3(66.5, 86.5, 0), Vec3(-66.5, 86.5, 0)]
            for (local, world) in zip(corners, attributes.worldCorners(offset: context.offset)) {
                #expect(closeEnough(m.transformPoint(local), world, absolute: 1e-9))
            }
        }
    }

    @Test func emptyDeckPrintsNoCards() throws {
        let result = try Self.run(["layout", "--cards", "0"])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect((object["cards"] as? [Any])?.isEmpty == true)
    }

    static let badInput: [[String]] = [
        ["--offset", "nan"], ["--offset", "inf"], ["--offset", "1,-inf"], ["--offset", "1,2,3"],
        ["--cards", "-1"], ["--cards", "x"], ["--cards", "1e400"], ["--layout", "carousel"],
        ["--size", "0x0"], ["--size", "garbage"], ["--size", "nanxnan"],
    ]

    @Test(arguments: badInput)
    func badInputExitsWithStatusTwo(arguments: [String]) throws {
        let result = try Self.run(["layout"] + arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("error:"), "\(result.stderr)")
    }
}
