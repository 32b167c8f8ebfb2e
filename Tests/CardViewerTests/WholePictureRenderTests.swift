import CardImaging
import CardLayout
import CardPixels
import CardTestSupport
import Foundation
import Testing

/// SPEC §10 "whole pictures everywhere", read back from `cardviewer render`'s PNGs: a folder's
/// photos are fitted into their cards in every registered layout (never cropped: the four
/// coloured borders of a picture all show), pages and tasks show titles across the cards'
/// visible tops, and the pages badge stays on screen at 1440×900 (it was cut at the right).
@Suite("whole pictures, titles and the pages badge (render, pixels)", .serialized)
struct WholePictureRenderTests {
    /// The borders' colours: top, bottom, left, right; and the inside.
    static let top: (UInt8, UInt8, UInt8) = (230, 20, 20)
    static let bottom: (UInt8, UInt8, UInt8) = (20, 40, 230)
    static let left: (UInt8, UInt8, UInt8) = (20, 210, 40)
    static let right: (UInt8, UInt8, UInt8) = (240, 220, 20)
    static let inside: (UInt8, UInt8, UInt8) = (120, 120, 120)

    /// A picture of `width × height` with bands of 20 % of each side in the four colours (the
    /// top and bottom bands over the side ones).
    static func bordered(width: Int, height: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let c: (UInt8, UInt8, UInt8)
                if y < height / 5 { c = top } else if y >= height - height / 5 { c = bottom }
                else if x < width / 5 { c = left } else if x >= width - width / 5 { c = right } else { c = inside }
                image[x, y] = (c.0, c.1, c.2, 255)
            }
        }
        return image
    }

    /// Pixels within 40 of `c` on every channel.
    static func count(_ c: (UInt8, UInt8, UInt8), in image: RGBAImage, rows: Range<Int>? = nil) -> Int {
        var n = 0
        for y in rows ?? 0..<image.height {
            for x in 0..<image.width {
                let p = image[x, y]
                if abs(Int(p.r) - Int(c.0)) < 40, abs(Int(p.g) - Int(c.1)) < 40, abs(Int(p.b) - Int(c.2)) < 40 { n += 1 }
            }
        }
        return n
    }

    /// Renders `arguments` to a PNG in `folder` and reads it back.
    static func render(_ arguments: [String], in folder: URL, name: String = "frame.png") throws -> RGBAImage {
        let out = folder.appendingPathComponent(name).path
        let outcome = try ChildProcess.runViewer(["render"] + arguments + ["--out", out])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        return try PNGCodec.read(contentsOf: out)
    }

    /// A folder holding `pictures` as PNGs named 1.png, 2.png, …
    static func folder(_ pictures: [RGBAImage], in directory: URL) throws -> URL {
        let folder = directory.appendingPathComponent("pictures")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (i, picture) in pictures.enumerated() {
            try PNGCodec.write(picture, to: folder.appendingPathComponent("\(i + 1).png").path)
        }
        return folder
    }

    @Test("a portrait and a landscape photo show all four borders in every registered layout",
          arguments: LayoutRegistry.builtIn.map(\.name))
    func everyLayoutShowsWholePictures(layout: String) throws {
        let directory = try TemporaryFolder("cardviewer-e2e")
        defer { directory.remove() }
        for (shape, picture) in [("portrait", Self.bordered(width: 300, height: 600)), ("landscape", Self.bordered(width: 900, height: 300))] {
            let pictures = try Self.folder([picture], in: directory.url(shape))
            // The task switcher's cards show their bottoms only at a smaller scale.
            let scale = layout == "tasks" ? ["--set", "scale=0.5"] : []
            let image = try Self.render(["--layout", layout, "--size", "1440x900", "--images", pictures.path,
                                         "--thumbnail-cache", "off"] + scale, in: directory.url, name: "\(layout)-\(shape).png")
            for (name, color) in [("top", Self.top), ("bottom", Self.bottom), ("left", Self.left), ("right", Self.right)] {
                #expect(Self.count(color, in: image) >= 30, "\(layout), \(shape): the \(name) border is cropped")
            }
        }
    }

    @Test("pages: a portrait photo is pillarboxed on the card's background, not filled")
    func pagesFitsPhotos() throws {
        let directory = try TemporaryFolder("cardviewer-e2e")
        defer { directory.remove() }
        let pictures = try Self.folder([Self.bordered(width: 300, height: 600)], in: directory.url)
        let image = try Self.render(["--layout", "pages", "--size", "1440x900", "--images", pictures.path,
                                     "--thumbnail-cache", "off"], in: directory.url)
        // The card's visible top: the picture's top border (red) only in the middle third
        // (a 1:2 picture in a 16:10 card is 31 % of its width), the card's background beside it.
        var redColumns: [Int] = []
        for x in 0..<image.width where (300..<500).contains(where: { y in
            let p = image[x, y]
            return abs(Int(p.r) - 230) < 40 && p.g < 60 && p.b < 60
        }) { redColumns.append(x) }
        let first = try #require(redColumns.first), last = try #require(redColumns.last)
        let width = Double(last - first) / Double(image.width)
        #expect(width > 0.25 && width < 0.4, "the red border spans \(width) of the width")
        #expect(abs(Double(first + last) / 2 - 720) < 20)
    }

    @Test("pages and tasks: each card's title shows across its visible top", arguments: ["pages", "tasks"])
    func titlesAtTheTop(layout: String) throws {
        let directory = try TemporaryFolder("cardviewer-e2e")
        defer { directory.remove() }
        // Dark pictures: the titles' white text is the only white there is.
        let dark = RGBAImage(width: 800, height: 500, fill: (30, 30, 40, 255))
        let pictures = try Self.folder(Array(repeating: dark, count: 6), in: directory.url)
        let image = try Self.render(["--layout", layout, "--size", "1440x900", "--images", pictures.path,
                                     "--thumbnail-cache", "off"], in: directory.url)
        // White text in the left half (the badge's digits are at the right), in several
        // separate horizontal strips: one title per card in view.
        var rowsWithText: [Int] = []
        for y in 0..<image.height {
            var white = 0
            for x in 0..<image.width / 2 {
                let p = image[x, y]
                if p.r > 200, p.g > 200, p.b > 200 { white += 1 }
            }
            if white >= 3 { rowsWithText.append(y) }
        }
        var strips = 0, previous = -10
        for y in rowsWithText {
            if y > previous + 4 { strips += 1 }
            previous = y
        }
        // Pages shows at least four titles at 1440×900, tasks two (its third card's top is below
        // the window's edge). Each title ("1.png") is one strip of rows.
        #expect(strips >= (layout == "pages" ? 4 : 2), "\(layout): \(strips) titles readable")
    }

    @Test("pages at 1440×900: the number badge ends inside the screen")
    func pagesBadgeOnScreen() throws {
        let directory = try TemporaryFolder("cardviewer-e2e")
        defer { directory.remove() }
        // White pictures filling the 16:10 cards: the badge is the dark pill at each top right.
        let white = RGBAImage(width: 1440, height: 900, fill: (255, 255, 255, 255))
        let pictures = try Self.folder(Array(repeating: white, count: 4), in: directory.url)
        let image = try Self.render(["--layout", "pages", "--size", "1440x900", "--images", pictures.path,
                                     "--thumbnail-cache", "off"], in: directory.url)
        // The pill is white darkened by card.frag's pillOpacity (0.72): a neutral grey of about
        // 71; the screen's background is bluish (26, 28, 36), the title band lighter (128).
        func isPill(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool {
            (50...100).contains(Int(p.r)) && abs(Int(p.g) - Int(p.r)) <= 3 && abs(Int(p.b) - Int(p.r)) <= 3
        }
        let window = (image.width - 160)..<image.width
        var pillRows = 0
        for y in 0..<image.height {
            let pill = window.filter { isPill(image[$0, y]) }
            guard pill.count >= 15, let last = pill.last else { continue }
            pillRows += 1
            #expect(last <= image.width - 6, "row \(y): the badge reaches the screen's edge (\(last))")
        }
        #expect(pillRows >= 20, "\(pillRows) rows of badges found")
    }
}
