import CardPixels
/// The bundled default deck's pictures, painted procedurally in Swift: deterministic (the same
/// pixels on every run), opaque, in any size (designed for 640×400, 16:10, so they look right on
/// viewport-sized cards).
///
/// `swift run make-deck --out DIR` writes them as `NN-name.png`; the committed copies live in
/// `Assets/Deck/` and are what the viewer loads.
public enum DeckArt: String, CaseIterable, Sendable {
    case sunset          // mountains and a lake at sunset
    case newsPage        // a mock browser showing a news site (Safari tabs are what "pages" shows)
    case bauhaus         // a Bauhaus tile pattern in primary colours
    case aurora          // northern lights over a pine forest
    case citySkyline     // a city at dusk with lit windows
    case softGradient    // a blurred mesh-gradient wallpaper
    case beach           // a photo-like beach: clouds, sea, surf, sand and a parasol
    case shopPage        // a mock browser showing a shop's product grid
    case dunes           // desert dunes under a high sun
    case isometricCubes  // an isometric cube tiling

    /// The size the bundled deck is painted at, in pixels.
    public static let standardSize = (width: 640, height: 400)

    /// The file name in the bundled deck: two-digit position (from 01), a dash, the kebab-case name.
    public var fileName: String {
        let position = (Self.allCases.firstIndex(of: self) ?? 0) + 1
        let kebab = rawValue.reduce(into: "") { name, character in
            if character.isUppercase { name += "-" + character.lowercased() } else { name.append(character) }
        }
        return (position < 10 ? "0" : "") + "\(position)-\(kebab).png"
    }

    /// Paints this picture at `width × height` pixels (each at least 1).
    /// - Complexity: O(width · height) with a constant of up to a few hundred operations a pixel.
    public func render(width: Int = DeckArt.standardSize.width, height: Int = DeckArt.standardSize.height) -> RGBAImage {
        let size = (max(1, width), max(1, height))
        switch self {
        case .sunset: return Self.paintSunset(size).image()
        case .newsPage: return Self.paintNewsPage(size)
        case .bauhaus: return Self.paintBauhaus(size).image()
        case .aurora: return Self.paintAurora(size).image()
        case .citySkyline: return Self.paintCitySkyline(size).image()
        case .softGradient: return Self.paintSoftGradient(size).image()
        case .beach: return Self.paintBeach(size).image()
        case .shopPage: return Self.paintShopPage(size)
        case .dunes: return Self.paintDunes(size).image()
        case .isometricCubes: return Self.paintIsometricCubes(size).image()
        }
    }
}
