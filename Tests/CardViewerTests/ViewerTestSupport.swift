import CardImaging
import CardInteraction
import CardLayout
import CardMath
import CardPixels
import CardTestSupport
import Foundation
import Testing

/// Helpers for end-to-end tests of `cardviewer run`: image folders, replays, state files.
enum ViewerTest {
    /// Distinct solid colours, one per test image.
    static let colors: [(r: UInt8, g: UInt8, b: UInt8)] = [
        (200, 40, 40), (40, 160, 60), (40, 80, 200), (220, 180, 30), (150, 50, 180), (30, 170, 170),
        (240, 120, 20), (90, 90, 90),
    ]

    /// A folder of `count` solid-colour PNGs named `01-card.png`, `02-card.png`, … (natural order =
    /// deck order), each 320 × 200.
    static func imageFolder(count: Int, in directory: URL) throws -> URL {
        let folder = directory.appendingPathComponent("images")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for i in 0..<count {
            let c = colors[i % colors.count]
            let image = RGBAImage(width: 320, height: 200, fill: (c.r, c.g, c.b, 255))
            try PNGCodec.write(image, to: folder.appendingPathComponent(String(format: "%02d-card.png", i + 1)).path)
        }
        return folder
    }

    /// Every file in `folder` with its bytes and modification time.
    static func contents(of folder: URL) throws -> [String: (Data, Date)] {
        var out: [String: (Data, Date)] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            let path = folder.appendingPathComponent(name).path
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            out[name] = (FileManager.default.contents(atPath: path) ?? Data(), attributes[.modificationDate] as? Date ?? .distantPast)
        }
        return out
    }

    /// True when both listings have the same files with the same bytes and times.
    static func same(_ a: [String: (Data, Date)], _ b: [String: (Data, Date)]) -> Bool {
        a.count == b.count && a.allSatisfy { name, value in b[name].map { $0.0 == value.0 && $0.1 == value.1 } ?? false }
    }

    /// Runs `cardviewer run --headless --replay <script> …`, the script given as JSON text.
    static func replay(_ json: String, in directory: URL, arguments: [String]) throws -> ChildProcess.Outcome {
        let script = directory.appendingPathComponent("replay-\(UUID().uuidString).json")
        try Data(json.utf8).write(to: script)
        return try ChildProcess.runViewer(["run", "--headless", "--replay", script.path] + arguments)
    }

    /// The state file's JSON: card ids in order, deleted ids, titles.
    struct State: Decodable {
        struct Card: Decodable {
            var id: UInt32
            var title: String
        }
        var cards: [Card]
        var deleted: [Card]
        var nextID: UInt32
    }

    static func state(at path: URL) throws -> State {
        try JSONDecoder().decode(State.self, from: try Data(contentsOf: path))
    }

    /// True when the pixel at (x, y) is within `tolerance` of `color` on every channel.
    static func pixel(_ image: RGBAImage, _ x: Int, _ y: Int, is color: (r: UInt8, g: UInt8, b: UInt8),
                      tolerance: Int = 3) -> Bool {
        let p = image[x, y]
        return abs(Int(p.r) - Int(color.r)) <= tolerance && abs(Int(p.g) - Int(color.g)) <= tolerance
            && abs(Int(p.b) - Int(color.b)) <= tolerance
    }

    /// The card the camera shows under `point` in `layout` at rest, for a fresh deck of
    /// `count` cards (ids = indices), computed here from the layout and the exact hit test.
    static func cardUnder(_ point: Vec2, layout: any CardLayout, count: Int, viewport: Size, offset: Vec2 = .zero) -> Int? {
        let context = LayoutContext(viewport: viewport, cardCount: count, offset: offset)
        let cards = layout.visibleAttributes(in: context)
        return HitTesting.hitTest(point, in: cards, offset: offset, camera: context.camera).map { $0.index }
    }
}
