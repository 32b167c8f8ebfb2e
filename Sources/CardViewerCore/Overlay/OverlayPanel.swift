/// A block of text drawn over the cards (the HUD, the key help), in the project's pixel font.
public struct OverlayPanel: Hashable, Sendable {
    /// Where the panel sits in the viewport.
    public enum Placement: Hashable, Sendable {
        /// At the top-left corner, a small margin in.
        case topLeft
        /// Centered.
        case center
    }

    /// The lines of text, top to bottom (printable ASCII; other characters show as a box).
    public var lines: [String]
    public var placement: Placement

    public init(lines: [String], placement: Placement) {
        self.lines = lines
        self.placement = placement
    }
}
