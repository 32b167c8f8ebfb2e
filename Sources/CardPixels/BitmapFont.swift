/// A colour in 8-bit RGBA with straight (not premultiplied) alpha.
public struct RGBAColor: Equatable, Hashable, Sendable {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    public static let white = RGBAColor(r: 255, g: 255, b: 255)
    public static let black = RGBAColor(r: 0, g: 0, b: 0)
    public static let clear = RGBAColor(r: 0, g: 0, b: 0, a: 0)
}

/// The project's own fixed-cell bitmap font: printable ASCII (32…126) as 5×8-pixel glyphs in a
/// 6×9-pixel cell, drawn by hand in `BitmapFont+Glyphs.swift`.
///
/// All measures are in image pixels at scale 1; `scale` multiplies every glyph pixel into a
/// `scale × scale` block. A glyph's top-left pixel sits at the pen position; the cell leaves one
/// blank column to the right of each glyph and one blank row under each line.
/// Characters outside printable ASCII (and tabs) are drawn as a hollow box, `replacementIndex`;
/// East Asian wide characters take two cells (`cellColumns(of:)`), their box in the first.
public struct BitmapFont: Sendable {
    /// Glyph bitmap size in pixels: width 5, height 8 (cap height 7 plus one descender row).
    public let glyphSize: (width: Int, height: Int)
    /// Horizontal distance from one character's pen position to the next, in pixels (6).
    public let advance: Int
    /// Vertical distance from one line's top to the next line's top, in pixels (9).
    public let lineHeight: Int
    /// Ink bits: `rows[index * glyphSize.height + row]`, bit `glyphSize.width - 1 - column` set for ink.
    let rows: [UInt8]

    /// The first character code with a glyph (space).
    public static let firstCode: UInt32 = 32
    /// The last character code with a glyph (`~`).
    public static let lastCode: UInt32 = 126

    /// The font drawn in `BitmapFont+Glyphs.swift`.
    public static let standard = BitmapFont(bands: printableASCIIBands, replacement: replacementGlyph)

    /// Builds a font from bands of 5-column glyph rows (`#` ink, `.` paper), eight rows per band,
    /// glyphs separated by single spaces; the replacement glyph is appended last.
    init(bands: [String], replacement: [String]) {
        let width = 5, height = 8
        var glyphs = [[UInt8]]()
        for bandStart in stride(from: 0, to: bands.count, by: height) {
            let band = bands[bandStart..<min(bandStart + height, bands.count)]
                .map { $0.split(separator: " ").map(Self.bits(of:)) }
            for glyph in 0..<(band.first?.count ?? 0) {
                glyphs.append(band.map { $0[glyph] })
            }
        }
        glyphs.append(replacement.map { Self.bits(of: Substring($0)) })
        glyphSize = (width, height)
        advance = width + 1
        lineHeight = height + 1
        rows = Array(glyphs.joined())
    }

    private static func bits(of row: Substring) -> UInt8 {
        row.reduce(0) { ($0 << 1) | ($1 == "#" ? 1 : 0) }
    }

    /// Number of glyphs: the 95 printable ASCII characters and the replacement box.
    public var glyphCount: Int { rows.count / glyphSize.height }

    /// Index of the replacement box, the last glyph.
    public var replacementIndex: Int { glyphCount - 1 }

    /// The glyph index that draws `character`: its code minus 32 for printable ASCII, otherwise
    /// `replacementIndex`. Also the glyph's cell in `atlas()` (column `index % columns`).
    public func glyphIndex(for character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard scalars.count == 1, let scalar = scalars.first,
              (Self.firstCode...Self.lastCode).contains(scalar.value) else { return replacementIndex }
        return Int(scalar.value - Self.firstCode)
    }

    /// Whether glyph `index` has ink at column `x`, row `y` (both in glyph pixels from its top left).
    /// Out-of-range arguments have no ink.
    public func hasInk(glyph index: Int, x: Int, y: Int) -> Bool {
        guard (0..<glyphCount).contains(index), (0..<glyphSize.width).contains(x),
              (0..<glyphSize.height).contains(y) else { return false }
        return rows[index * glyphSize.height + y] >> UInt8(glyphSize.width - 1 - x) & 1 == 1
    }

    /// The size in pixels of `text` drawn at `scale`: the box from the first glyph's top-left pixel
    /// to the last ink column and row any glyph could use (no trailing spacing).
    ///
    /// Lines break at newlines; width is the longest line's, in cells (a wide character counts
    /// two, `cellColumns(of:)`). Empty text, or `scale < 1`, measures 0×0.
    /// - Complexity: O(n) in the number of characters.
    public func measure(_ text: String, scale: Int = 1) -> (width: Int, height: Int) {
        let lines = Self.lines(of: text)
        let longest = lines.map(Self.cellCount(of:)).max() ?? 0
        guard scale >= 1, !text.isEmpty else { return (0, 0) }
        let width = longest == 0 ? 0 : ((longest - 1) * advance + glyphSize.width) * scale
        let height = ((lines.count - 1) * lineHeight + glyphSize.height) * scale
        return (width, height)
    }

    /// `text` split into lines at every newline character (`\n`, `\r\n`, …), keeping empty lines.
    static func lines(of text: String) -> [[Character]] {
        var lines: [[Character]] = [[]]
        for character in text {
            if character.isNewline { lines.append([]) } else { lines[lines.count - 1].append(character) }
        }
        return lines
    }
}
