import CardLayout
import CardMath

/// A comparison scene made of a registered layout at rest (`CompareScene.resting`: 30 cards,
/// card 5 centred) with some options set — one line of `RestingLayoutScene.catalogue` each.
public struct RestingLayoutScene: Sendable, Hashable {
    /// The scene's name (`compare --scene NAME`, reports, `compare-NAME.png`).
    public var name: String
    /// The registered layout's name (`cardviewer layouts`).
    public var layout: String
    /// Option assignments, as `--set` takes them (`"spacing=0.5"`).
    public var settings: [String]
    /// One line saying what the scene shows.
    public var summary: String

    public init(_ name: String, layout: String, set settings: [String] = [], summary: String) {
        self.name = name
        self.layout = layout
        self.settings = settings
        self.summary = summary
    }

    /// The scenes of layouts with coplanar cards (SPEC §8: each such case gets a scene, 0.00 %
    /// wrong). A scene whose layout is not registered (yet) is left out of `available`.
    public static let catalog: [RestingLayoutScene] = [
        RestingLayoutScene("carousel-wheel-rest", layout: "carousel-wheel",
                           summary: "iCarousel's carousel-wheel at rest: a fan of coplanar cards ordered by depthBias"),
        RestingLayoutScene("linear-overlap", layout: "linear", set: ["spacing=0.5"],
                           summary: "iCarousel's linear with spacing 0.5: coplanar cards, the one nearer the current card in front"),
        RestingLayoutScene("time-machine-rest", layout: "time-machine",
                           summary: "iCarousel's time-machine at rest: a receding stack of cards"),
    ]

    /// The catalogue's scenes whose layout `registry` knows, in catalogue order.
    public static func available(in registry: LayoutRegistry = .shared) -> [RestingLayoutScene] {
        catalog.filter { registry.descriptor(named: $0.layout) != nil }
    }

    /// The scene laid out in `viewport` (points) and seen from `eyeDistance` (points; `nil`: the
    /// layout's own), or `nil` when the layout is not registered.
    ///
    /// - Throws: `LayoutOptionError` when a setting names no option of the layout or a value
    ///   out of its range.
    public func scene(viewport: Size, eyeDistance: Double? = nil, registry: LayoutRegistry = .shared) throws -> CompareScene? {
        guard let descriptor = registry.descriptor(named: layout) else { return nil }
        var scene = CompareScene.resting(descriptor, options: try descriptor.values(setting: settings), viewport: viewport,
                                         eyeDistance: eyeDistance)
        scene.name = name
        scene.summary = summary
        return scene
    }
}
