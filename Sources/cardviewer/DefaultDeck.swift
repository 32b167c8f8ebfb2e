import CardImaging

/// The deck shown when no images are given: its card count and images.
///
/// Until the bundled deck (`CardAssets`) lands, it is 30 cards without images; the renderer then
/// gives every card a colour made from its id.
struct DefaultDeck {
    var cardCount: Int
    var images: [RGBAImage]

    static func load() -> DefaultDeck {
        DefaultDeck(cardCount: 30, images: [])
    }
}
