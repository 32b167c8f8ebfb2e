import CardAssets
import CardImaging
import CardPixels

/// The deck shown when no images are given: the bundled pictures (`Assets/Deck`), one card each.
///
/// A bundled file that cannot be read is skipped with a warning; should none be readable, the
/// deck is `fallbackCardCount` cards without images, which the renderer colours by id.
struct DefaultDeck {
    var images: [RGBAImage]
    /// One line per skipped file.
    var warnings: [String]

    static let fallbackCardCount = 30

    /// How many cards the deck has when `--cards` does not say.
    var cardCount: Int { images.isEmpty ? Self.fallbackCardCount : images.count }

    static func load() -> DefaultDeck {
        var deck = DefaultDeck(images: [], warnings: [])
        for path in BundledDeck.imagePaths {
            do {
                deck.images.append(try PNGCodec.read(contentsOf: path))
            } catch {
                deck.warnings.append("\(error) (skipped)")
            }
        }
        return deck
    }

    /// Writes the warnings to standard error, one line each.
    func reportWarnings() {
        for warning in warnings { printError("warning: \(warning)") }
    }
}
