import CardLayout
import CardMath

/// A layout described by a file (SPEC §9): slots along the scroll axis, each card at offset
/// `o = i − s` cards from the current position (wrapped where the file wraps), centred at
/// `(W/2, H/2, 0)` and moved by the file's transform steps in Core Animation's order — or, with
/// a `base`, the base's attributes moved by the steps.
///
/// Coordinates: points, +x right, +y down, +z toward the viewer (SPEC §1); `s` is the scroll
/// offset along the axis divided by the slot length `w`.
///
/// Evaluating a card runs its compiled program (`FileLayoutProgram`) over registers on the
/// stack: no allocation per card or per frame. A value that comes out NaN or ±∞ hides that card
/// for the frame and is reported once (`FileLayoutWarnings`); it never reaches a buffer.
public struct FileLayout: CardLayout {
    public let name: String
    /// Everything compiled, behind one reference: the layout is passed around as `any
    /// CardLayout`, and a value this small is copied and retained in a few words, not hundreds.
    let model: FileLayoutModel
    public init(definition: LayoutFileDefinition, program: FileLayoutProgram, base: (any CardLayout)?,
                warnings: FileLayoutWarnings) {
        name = definition.name
        model = FileLayoutModel(definition: definition, program: program, base: base, warnings: warnings)
    }

    /// The file as parsed.
    public var definition: LayoutFileDefinition { model.definition }
    /// The base layout, made with the file's values for its options.
    public var base: (any CardLayout)? { model.base }

    /// True: a file can place overlapping cards in one plane with one bias (any transform,
    /// `depthBias` expression or base), so its frames are searched for exact coplanar ties
    /// (`CardLayout.mayTieCoplanarCards`), among the cards on screen.
    public var mayTieCoplanarCards: Bool { true }

    public var scrollAxis: ScrollAxis {
        if let base = model.base { return base.scrollAxis }
        return model.definition.vertical ? .vertical : .horizontal
    }

    /// Drags move `s` by `Δ·offsetMultiplier/w` (iCarousel's `offsetMultiplier`): the file's,
    /// else its base's (`dragMultiplier`: cover flow's 2), else 1.
    public var offsetMultiplier: Double { model.definition.offsetMultiplier ?? model.base?.dragMultiplier ?? 1 }

    /// Content points per point dragged: the file's `offsetMultiplier` (SPEC §9; a drag of Δ
    /// points moves the offset by Δ·offsetMultiplier points, `s` by Δ·offsetMultiplier/w).
    public var dragMultiplier: Double { offsetMultiplier }

    /// The slot length `w` and width `h` for a viewport and count, points; `nil` when the file
    /// gives a slot that is not a positive finite size (reported once).
    public func slot(viewport: Size, cardCount: Int) -> (w: Double, h: Double)? {
        withFrame(LayoutContext(viewport: viewport, cardCount: cardCount), cards: false) { frame, _, _ in
            frame.map { ($0.w, $0.h) }
        }
    }

    /// Along the axis: the last card's offset `(n − 1)·w` plus the viewport (`n·w` plus the
    /// viewport when it wraps: every position of the circle is a place to scroll to).
    public func contentSize(viewport: Size, cardCount n: Int) -> Size {
        if let base = model.base { return base.contentSize(viewport: viewport, cardCount: n) }
        let w = slot(viewport: viewport, cardCount: n)?.w ?? 0
        let length = Double(max(model.wraps ? n : n - 1, 0)) * w
        return model.vertical ? Size(width: viewport.width, height: length + viewport.height)
            : Size(width: length + viewport.width, height: viewport.height)
    }
}

/// A compiled layout file, shared by the values made from it with one set of options.
final class FileLayoutModel: Sendable {
    let definition: LayoutFileDefinition
    let program: FileLayoutProgram
    let base: (any CardLayout)?
    let warnings: FileLayoutWarnings
    /// The flags the per-card code reads, stored plainly (`hasBase` spares copying the optional
    /// existential `base` for every card).
    let wraps: Bool, vertical: Bool, backfaces: Bool, hasBase: Bool
    let file: String

    init(definition: LayoutFileDefinition, program: FileLayoutProgram, base: (any CardLayout)?, warnings: FileLayoutWarnings) {
        self.definition = definition
        self.program = program
        self.base = base
        self.warnings = warnings
        wraps = definition.wraps
        vertical = definition.vertical
        backfaces = definition.backfaces
        hasBase = base != nil
        file = definition.file
    }
}
