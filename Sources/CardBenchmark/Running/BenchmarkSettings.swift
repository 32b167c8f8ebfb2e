import CardLayout
import CardMath
import CardPacking
import CardRendering

/// What a benchmark run measures. Every combination of layout × card count × scope × path is
/// one scenario, measured in the same run (so ratios between them share the machine's state).
public struct BenchmarkSettings: Hashable, Sendable {
    /// The layouts to scroll.
    public var layouts: [LayoutKind]
    /// Deck sizes: one, or several for a sweep.
    public var cardCounts: [Int]
    /// The viewport in points; frames are drawn at one pixel per point.
    public var viewport: Size
    /// Frames drawn before measuring (the same script, faster), so buffers have grown and the
    /// caches and the driver are warm.
    public var warmupFrames: Int
    /// Frames measured.
    public var measuredFrames: Int
    /// The visibility ordering frames are packed and drawn with.
    public var ordering: RenderOrdering
    /// Which cards each frame lays out: the visible range, and/or every card.
    public var scopes: [BulkInstancePacker.Scope]
    /// How cards are laid out and packed: the fast path, and baselines.
    public var paths: [PipelinePath]
    /// How cards are coloured (textured: the real viewer's shader work).
    public var shading: CardShading
    /// Each layout's option values (`--set`); a layout not here runs with its defaults.
    public var layoutOptions: [LayoutKind: LayoutOptionValues] = [:]
    /// The shared camera's eye distance, points (`--camera-distance`).
    public var eyeDistance = Camera.defaultEyeDistance

    public init(layouts: [LayoutKind] = [.pages], cardCounts: [Int] = [10_000], viewport: Size = Size(width: 1280, height: 800),
                warmupFrames: Int = 60, measuredFrames: Int = 600, ordering: RenderOrdering = .depth,
                scopes: [BulkInstancePacker.Scope] = [.visible], paths: [PipelinePath] = [.fast],
                shading: CardShading = .textured) {
        self.layouts = layouts
        self.cardCounts = cardCounts
        self.viewport = viewport
        self.warmupFrames = max(0, warmupFrames)
        self.measuredFrames = max(1, measuredFrames)
        self.ordering = ordering
        self.scopes = scopes
        self.paths = paths
        self.shading = shading
    }

    /// The scenarios in the order they run: by layout, card count, scope, then path.
    public var scenarios: [Scenario] {
        layouts.flatMap { layout in
            cardCounts.flatMap { cards in
                scopes.flatMap { scope in
                    paths.map { Scenario(layout: layout, cards: cards, scope: scope, path: $0) }
                }
            }
        }
    }

    /// `layout` with its options (`layoutOptions`, else its defaults).
    public func makeLayout(_ layout: LayoutKind) -> any CardLayout {
        layout.descriptor.makeLayout(layoutOptions[layout])
    }

    /// The built-in layout a layout file measured in this run is compared with: the only
    /// built-in layout measured, or else the measured built-in whose name begins the file's
    /// (`rotary-inverted-file` → `rotary-inverted`; the longest); `nil` for a built-in layout
    /// or when none matches.
    public func reference(for layout: LayoutKind) -> LayoutKind? {
        let builtIn = Set(LayoutKind.builtIn)
        guard !builtIn.contains(layout) else { return nil }
        let measured = layouts.filter { builtIn.contains($0) }
        if measured.count == 1 { return measured[0] }
        return measured.filter { layout.name.hasPrefix($0.name + "-") }.max { $0.name.count < $1.name.count }
    }

    /// The drawable in pixels: one pixel per point, at least 1 × 1.
    public var pixelSize: PixelSize {
        PixelSize(width: max(1, Int(clamp(viewport.width, 1, 16_384))), height: max(1, Int(clamp(viewport.height, 1, 16_384))))
    }
}

/// One measured configuration.
public struct Scenario: Hashable, Sendable, Codable, CustomStringConvertible {
    public var layout: LayoutKind
    public var cards: Int
    public var scope: BulkInstancePacker.Scope
    public var path: PipelinePath

    public init(layout: LayoutKind, cards: Int, scope: BulkInstancePacker.Scope, path: PipelinePath) {
        self.layout = layout
        self.cards = cards
        self.scope = scope
        self.path = path
    }

    public var description: String { "\(layout.rawValue) · \(cards) cards · \(scope.rawValue) · \(path.rawValue)" }
}

extension BulkInstancePacker.Scope: Codable {}
