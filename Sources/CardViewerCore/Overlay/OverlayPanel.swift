import CardMath

/// A block of text drawn over the cards (the HUD, the key help, the hint, a message), in the
/// project's pixel font.
public struct OverlayPanel: Hashable, Sendable {
    /// Where the panel sits in the viewport.
    public enum Placement: Hashable, Sendable {
        /// At the top-left corner, a small margin in.
        case topLeft
        /// At the top-right corner, a small margin in (the options panel).
        case topRight
        /// Centered.
        case center
        /// Centered horizontally near the bottom edge; several such panels stack upwards in
        /// order (the first lowest).
        case bottomCenter
        /// At the bottom-right corner, a small margin in (the histogram).
        case bottomRight
        /// At the bottom-left corner, a small margin in (the HUD, clear of the cards' culling
        /// marks at their top-left corners).
        case bottomLeft
    }

    /// The lines of text, top to bottom, any script: drawn in the titles' font where one is
    /// found (a box in the pixel font otherwise, for characters outside printable ASCII).
    public var lines: [String]
    public var placement: Placement
    /// 0…1: how opaque the text and its panel are (a hint or message fading out).
    public var opacity: Double
    /// Bars under the lines (the histogram); nil for text only.
    public var chart: OverlayChart?
    /// Rectangles of the viewport (points) the panel keeps clear of where there is room (the
    /// current card, under a layout file's error; the cards' number badges, under the options
    /// panel: `OverlayFrame.frames`); none by default.
    public var keepsClearOf: [Rect] = []

    public init(lines: [String], placement: Placement, opacity: Double = 1, chart: OverlayChart? = nil) {
        self.lines = lines
        self.placement = placement
        self.opacity = opacity
        self.chart = chart
    }
}
