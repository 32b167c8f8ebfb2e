import CardLayout
import CardMath
import CardRendering

/// The comparison's named scenes (`cardviewer compare --scene NAME`).
///
/// Every scene is laid out in a viewport 800 points tall with the image's aspect ratio
/// (`viewport(for:)`): the layouts' constants are points (the pages' 160-point pitch, the
/// wheel's 133 × 173 cards), so a small image is a scaled-down picture of the same scene, not
/// a different scene.
public enum SceneKind: String, CaseIterable, Sendable {
    case pagesRest = "pages-rest"
    case pagesAppend = "pages-append"
    case pagesHighlight = "pages-highlight"
    case pagesSteep = "pages-steep"
    case pagesCrossing = "pages-crossing"
    case intersect
    case translucent
    case translucentMany = "translucent-10k"
    case wheelRest = "wheel-rest"
    case tasksRest = "tasks-rest"
    case slideboxFade = "slidebox-fade"
    case coplanarFan = "coplanar-fan"
    case coplanarRow = "coplanar-row"
    case coplanarStack = "coplanar-stack"
    case coplanarTranslucent = "coplanar-translucent"

    /// The height of every scene's viewport, points.
    public static let viewportHeight = 800.0

    /// The viewport, points, a `pixels`-sized image shows: 800 points tall, the image's aspect.
    public static func viewport(for pixels: PixelSize) -> Size {
        guard !pixels.isEmpty else { return Size(width: 0, height: 0) }
        return Size(width: viewportHeight * Double(pixels.width) / Double(pixels.height), height: viewportHeight)
    }

    /// What the scene shows, in one line.
    public var summary: String {
        switch self {
        case .pagesRest: "Safari's tab stack at rest: 3D order agrees with zIndex"
        case .pagesAppend: "an appended card halfway through its flip-in from -90 degrees"
        case .pagesHighlight: "a tapped card halfway to flat, full-screen; its neighbours moving away"
        case .pagesSteep: "pages at rest with a steeper tilt gradient (60 degrees per screen): neighbours cross"
        case .pagesCrossing: "pages with alternating steep tilts: neighbours cross in an X"
        case .intersect: "cards fanned about shared axes, cutting through each other"
        case .translucent: "alpha 0.5 cards cutting through each other and through opaque ones"
        case .translucentMany: "10,000 alpha 0.5 cards in a tilted grid, neighbours intersecting"
        case .wheelRest: "the wheel at rest: flat cards stacked on the rim"
        case .tasksRest: "the task switcher at rest: a flat deck"
        case .slideboxFade: "SlideBox's front card halfway through flying up and fading out"
        case .coplanarFan: "a carousel-wheel fan: coplanar cards 0.01 points apart, each on the one before it (depthBias)"
        case .coplanarRow: "linear with spacing 0.5: cards in one plane, the one nearer the centre in front (depthBias)"
        case .coplanarStack: "a tilted stack of parallel cards 0.004 points apart, below the depth buffer's resolution (depthBias)"
        case .coplanarTranslucent: "the coplanar row at alpha 0.6 over opaque coplanar cards and a backdrop"
        }
    }

    /// The scene laid out in `viewport` (points).
    public func scene(viewport: Size) -> CompareScene {
        let (cards, offset) = layout(viewport)
        return CompareScene(name: rawValue, summary: summary, viewport: viewport, offset: offset, cards: cards)
    }

    private func layout(_ viewport: Size) -> ([CardAttributes], Vec2) {
        switch self {
        case .pagesRest: LayoutScenes.pagesRest(viewport)
        case .pagesAppend: LayoutScenes.pagesAppend(viewport)
        case .pagesHighlight: LayoutScenes.pagesHighlight(viewport)
        case .pagesSteep: LayoutScenes.pagesSteep(viewport)
        case .wheelRest: LayoutScenes.wheelRest(viewport)
        case .tasksRest: LayoutScenes.tasksRest(viewport)
        case .slideboxFade: LayoutScenes.slideboxFade(viewport)
        case .pagesCrossing: (StressScenes.pagesCrossing(viewport), .zero)
        case .intersect: (StressScenes.intersect(viewport), .zero)
        case .translucent: (StressScenes.translucent(viewport), .zero)
        case .translucentMany: (StressScenes.translucentGrid(viewport), .zero)
        case .coplanarFan: (CoplanarScenes.fan(viewport), .zero)
        case .coplanarRow: (CoplanarScenes.row(viewport), .zero)
        case .coplanarStack: (CoplanarScenes.stack(viewport), .zero)
        case .coplanarTranslucent: (CoplanarScenes.translucent(viewport), .zero)
        }
    }
}
