import CardMath

extension LayoutKind {
    public static let slidebox = LayoutKind("slidebox")
}

extension LayoutDescriptor {
    /// SlideBox's photo deck (seed 002, SPEC §2.3).
    public static let slidebox = LayoutDescriptor(
        name: "slidebox", summary: "SlideBox's photo deck (seed 002)",
        options: [
            LayoutOption("scale", default: 0.6, range: 0.1...1, help: "the front card's size as a fraction of the window's"),
            LayoutOption("pagingThreshold", default: 30, range: 1...1000, help: "drag that turns a page, points"),
            .choice("swipeUp", ["remove", "reject"], default: "remove",
                    help: "a swipe up removes the front photo from the deck, or rejects it (SPEC §10)"),
        ],
        behavior: LayoutBehavior(
            resting: .paging, interaction: .photoDeck,
            helpLines: ["  drag up          remove the front photo (swipeUp=reject: reject it)"]),
        make: { SlideBoxLayout(options: $0) })
}

extension SlideBoxLayout {
    /// The layout with `options` (see `LayoutDescriptor.slidebox`).
    public init(options: LayoutOptionValues) {
        self.init()
        cardScale = Vec2(options["scale"], options["scale"])
        pagingThreshold = options["pagingThreshold"]
        swipeUpRejects = options["swipeUp"] == 1
    }
}
