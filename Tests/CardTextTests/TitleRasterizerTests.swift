@testable import CardText
import Foundation
import Testing

/// Titles through FreeType and fontconfig: real glyphs in every script the tests install fonts
/// for (never the .notdef box), NFC normalisation, the ellipsis, widths and heights.
@Suite(.serialized) struct TitleRasterizerTests {
    static let rasterizer: TitleRasterizer? = try? TitleRasterizer()

    func rasterizer() throws -> TitleRasterizer {
        try #require(Self.rasterizer, "no sans-serif font through fontconfig (scripts/install-deps.sh installs them)")
    }

    static let scripts: [(name: String, text: String)] = [
        ("Latin with accents", "Crème brûlée à Noël, Ångström, Łódź, Ærøskøbing"),
        ("Cyrillic", "Фотографии с отпуска"),
        ("Greek", "Καλοκαίρι στην Ελλάδα"),
        ("Chinese", "夏天的照片"),
        ("Japanese", "東京の写真とひらがなカタカナ"),
        ("Korean", "여름 사진"),
    ]

    @Test("every character of each script has a real glyph in some font, not the .notdef box",
          arguments: scripts.map(\.name))
    func realGlyphs(script: String) throws {
        let text = try #require(Self.scripts.first { $0.name == script }).text
        let r = try rasterizer()
        let notdef = r.renderNotdef(pixelHeight: 32)
        #expect(notdef.totalCoverage > 0, "the .notdef box itself draws something to compare with")
        for scalar in text.unicodeScalars where !scalar.properties.isWhitespace && scalar != "," {
            let font = try #require(r.font(for: scalar), "no font has \(scalar) (U+\(String(scalar.value, radix: 16)))")
            #expect(font.glyph != 0, "\(scalar) maps to .notdef in \(font.family)")
            let glyph = r.renderCharacter(scalar, pixelHeight: 32)
            #expect(glyph.totalCoverage > 0, "\(scalar) draws nothing")
            #expect(glyph.pixels != notdef.pixels, "\(scalar) draws the .notdef box")
        }
        let title = r.render(text, pixelHeight: 32, maxWidth: 4000)
        #expect(!title.isTruncated)
        // Ink in every quarter of the line: no character was dropped or blank.
        let quarters = (0..<4).map { q in
            (0..<title.height).reduce(0) { sum, y in
                sum + (q * title.width / 4..<(q + 1) * title.width / 4).reduce(0) { $0 + Int(title[$1, y]) }
            }
        }
        #expect(quarters.allSatisfy { $0 > 0 }, "\(quarters)")
    }

    @Test("a character no installed font has is reported, and draws exactly the .notdef box")
    func missingCharacter() throws {
        let r = try rasterizer()
        // The last code point of supplementary private use area B: no font in the test set has it.
        let scalar = Unicode.Scalar(0x10FFFD as UInt32)!
        #expect(r.font(for: scalar) == nil)
        // The negative control of `realGlyphs`: this comparison does see a box.
        #expect(r.renderCharacter(scalar, pixelHeight: 32) == r.renderNotdef(pixelHeight: 32))
    }

    @Test("decomposed names (as macOS writes them) render as their composed form")
    func normalization() throws {
        let r = try rasterizer()
        let composed = r.render("Crème brûlée", pixelHeight: 24, maxWidth: 1000)
        let decomposed = r.render("Cre\u{300}me bru\u{302}le\u{301}e", pixelHeight: 24, maxWidth: 1000)
        #expect(composed == decomposed)
        #expect(r.render("a\u{7}b\u{200B}", pixelHeight: 24, maxWidth: 100) == r.render("ab", pixelHeight: 24, maxWidth: 100))
    }

    @Test("a title too wide is cut and ends with the ellipsis glyph")
    func ellipsis() throws {
        let r = try rasterizer()
        let text = "A very long file name from a holiday in Крым and 東京 2024-07-15.jpg"
        let full = r.render(text, pixelHeight: 20, maxWidth: 10_000)
        let cut = r.render(text, pixelHeight: 20, maxWidth: 150)
        #expect(!full.isTruncated && full.width > 150)
        #expect(cut.isTruncated && cut.width <= 150 && cut.width > 100)
        // The ellipsis alone, found at the end of the cut title, pixel for pixel.
        let dots = r.render("\u{2026}", pixelHeight: 20, maxWidth: 100)
        let ink = try #require(dots.inkBounds)
        let inkWidth = ink.columns.count
        let cutInk = try #require(cut.inkBounds)
        let end = cutInk.columns.upperBound
        var matches = true
        for y in ink.rows {
            for x in 0..<inkWidth where cut[end - inkWidth + 1 + x, y] != dots[ink.columns.lowerBound + x, y] {
                matches = false
            }
        }
        #expect(matches, "the cut title does not end with '…'")
        // What fits is the start of the text: the first 100 columns agree with the uncut title.
        #expect((0..<cut.height).allSatisfy { y in (0..<80).allSatisfy { cut[$0, y] == full[$0, y] } })
        // A title that fits exactly is not cut.
        #expect(!r.render(text, pixelHeight: 20, maxWidth: full.width).isTruncated)
        // Nothing but the ellipsis fits: still within the width.
        let tiny = r.render(text, pixelHeight: 20, maxWidth: 12)
        #expect(tiny.isTruncated && tiny.width <= 12)
    }

    @Test("the width grows with the text's length")
    func widthGrows() throws {
        let r = try rasterizer()
        for text in ["Holiday", "Отпуск", "假期照片"] {
            var previous = 0
            var prefix = ""
            for character in text {
                prefix.append(character)
                let width = r.render(prefix, pixelHeight: 24, maxWidth: 10_000).width
                #expect(width > previous, "\(prefix)")
                previous = width
            }
        }
        #expect(r.render("", pixelHeight: 24, maxWidth: 100).width == 0)
    }

    @Test("bitmaps are as tall as asked; the ink scales with the height", arguments: [12, 16, 24, 32, 48, 64])
    func heights(height: Int) throws {
        let r = try rasterizer()
        let title = r.render("Hxg Ж 照", pixelHeight: height, maxWidth: 10_000)
        #expect(title.height == height)
        #expect(title.baseline > height / 2 && title.baseline < height)
        let capital = r.render("H", pixelHeight: height, maxWidth: 1000)
        let rows = try #require(capital.inkBounds).rows
        // A sans-serif cap height is about half to three quarters of the ascender-to-descender
        // line (Noto Sans 0.52, DejaVu Sans 0.63), less a pixel of rounding at small sizes.
        let ratio = Double(rows.count) / Double(height)
        #expect(ratio > 0.42 && ratio < 0.8, "cap height \(rows.count) of \(height)")
        #expect(rows.upperBound < capital.baseline + 1)
    }

    @Test("rendering from several threads at once gives the same bitmaps")
    func threads() async throws {
        let r = try rasterizer()
        let expected = r.render("Ελληνικά и кириллица 中文", pixelHeight: 28, maxWidth: 1000)
        let results = await withTaskGroup(of: TitleBitmap.self) { group in
            for _ in 0..<8 { group.addTask { r.render("Ελληνικά и кириллица 中文", pixelHeight: 28, maxWidth: 1000) } }
            var all: [TitleBitmap] = []
            for await bitmap in group { all.append(bitmap) }
            return all
        }
        #expect(results.allSatisfy { $0 == expected })
    }

    @Test("a family fontconfig does not know falls back to a font it does")
    func unknownFamily() throws {
        let r = try TitleRasterizer(family: "No Such Family 12345")
        #expect(r.render("Photo", pixelHeight: 20, maxWidth: 200).totalCoverage > 0)
    }
}
