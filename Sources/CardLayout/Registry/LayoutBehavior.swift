/// How a layout behaves in the viewer, as data: where a released scroll
/// rests, whether it wraps, what a tap does and which of the viewer's interactions it uses.
///
/// The viewer builds a layout's controller from `interaction`: the seeds' own gestures
/// (swiping a page away, lifting a grid card, …) are interactions of their own; every other
/// layout gets the standard one (drag, fling, rubber band, the layout's resting places).
public struct LayoutBehavior: Sendable, Hashable {
    /// Where a released scroll comes to rest.
    public enum Resting: String, Sendable, Hashable {
        /// Wherever inertia leaves it (clamped to the content).
        case free
        /// On a whole page, one page per swipe.
        case paging
        /// On the nearest card.
        case snapsToCards = "snaps to cards"
    }

    /// What a click on a card does (a click during a scroll only stops it, always).
    public enum Tap: String, Sendable, Hashable {
        case nothing
        /// Opens the page flat over the window; a second click closes it.
        case opensPage = "opens the page"
        /// Opens the card that is visibly under the pointer.
        case opensCard = "opens the card"
    }

    /// The viewer's controller for the layout.
    public enum Interaction: String, Sendable, Hashable {
        /// Drag, fling, rubber band and the layout's resting places; nothing else.
        case standard
        /// Safari's tab overview: tap opens a page, drag a page left deletes it; needs `PagesLayout`.
        case tabOverview = "tab overview"
        /// The task switcher: tap opens the card under the pointer; needs `TasksLayout`.
        case taskSwitcher = "task switcher"
        /// SlideBox: drag the front photo up to delete it; needs `SlideBoxLayout`.
        case photoDeck = "photo deck"
        /// Long-press lifts a card to reorder; needs `GridLayout`.
        case reorderableGrid = "reorderable grid"
        /// `[` and `]` change the radius; needs `WheelLayout`.
        case spinningWheel = "spinning wheel"
        /// iCarousel's drag with the type's multiplier, snapping, wrapping, cover flow 2's flip, a
        /// tap that centres a side card or opens the centre one; needs `CarouselLayout`.
        case carousel
    }

    public var resting: Resting
    /// True when the content has no ends (no rubber band; the offset is kept modulo the deck).
    public var wraps: Bool
    public var tap: Tap
    public var interaction: Interaction
    /// True when pictures fill their cards edge to edge (cropped), false when they are fitted
    /// whole (letterboxed): browser pages fill, photos fit.
    public var picturesFillCards: Bool
    /// True when the cards overlap so that only their tops show (the tab overview's pages, the
    /// task switcher's deck): titles sit in a band across the top of the card, where they can be
    /// read, instead of across the bottom of the picture.
    public var titlesAtTop: Bool
    /// True when a card the user appends (A) opens once it has arrived (the tab overview).
    public var opensAppendedCard: Bool
    /// Lines for the help overlay (`?`) about the layout's own keys and gestures, each
    /// "  KEYS         what they do (layout)", in the help's columns.
    public var helpLines: [String]

    public init(resting: Resting = .free, wraps: Bool = false, tap: Tap = .nothing,
                interaction: Interaction = .standard, picturesFillCards: Bool = false, titlesAtTop: Bool = false,
                opensAppendedCard: Bool = false, helpLines: [String] = []) {
        self.resting = resting
        self.wraps = wraps
        self.tap = tap
        self.interaction = interaction
        self.picturesFillCards = picturesFillCards
        self.titlesAtTop = titlesAtTop
        self.opensAppendedCard = opensAppendedCard
        self.helpLines = helpLines
    }
}
