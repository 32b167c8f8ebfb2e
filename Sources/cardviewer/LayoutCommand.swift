import ArgumentParser
import CardLayout
import CardMath
import CardViewerCore

/// `cardviewer layout`: the attributes of every card a layout returns as possibly visible for
/// one frame, as JSON on standard output — for debugging layouts.
struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Print one frame's card attributes as JSON.",
        discussion: """
            Output: {"viewport":{"width":W,"height":H},"contentSize":{"width":…,"height":…},\
            "offset":{"x":…,"y":…},"cards":[{"id":…,"index":…,"size":[w,h],"matrix":[16 numbers],\
            "alpha":…,"zIndex":…,"hidden":…}]}. `matrix` is the card's local-to-world matrix, \
            column-major: it maps a card-local point (x in −w/2…w/2, y in −h/2…h/2, z = 0, y down, \
            relative to the card's center) to world points, before the camera. `cards` lists the \
            cards the layout returns as possibly visible, in index order. Horizontal layouts \
            (slidebox, wheel) scroll along x: give the offset as X,Y (e.g. 500,0).
            """
    )

    /// The card count when `--cards` is not given.
    static let defaultCardCount = 30

    @OptionGroup var scene: SceneOptions

    @OptionGroup var deck: DeckPathOptions

    func validate() throws {
        if scene.cards != nil, deck.deckPaths != nil {
            throw ValidationError("--cards and PATHs cannot be combined (a deck of pictures has one card per picture)")
        }
    }

    /// The cards: `--cards`, else the pictures of the PATHs (listed, not decoded), else 30.
    func cardCount() throws -> Int {
        if let count = scene.cards?.value { return count }
        guard let paths = deck.deckPaths else { return Self.defaultCardCount }
        do {
            return try DeckLoader.catalog(for: .paths(paths, recursive: deck.recursive)).catalog.pictures.count
        } catch let error as DeckLoadError {
            throw ValidationError(error.description)
        }
    }

    func run() throws {
        let layout = scene.layout.descriptor.makeLayout(scene.layoutOptions)
        let context = LayoutContext(viewport: scene.size.size, cardCount: try cardCount(),
                                    offset: scene.offset.offset, eyeDistance: scene.camera.eyeDistance(for: scene.layout.descriptor))
        let json = try LayoutJSON.frame(layout: layout, context: context)
        print(json)
    }
}

/// The `layout` command's JSON, written by hand so that the keys keep their documented order
/// and every number prints in Swift's shortest form that reads back to the same Double.
enum LayoutJSON {
    /// One frame: viewport, content size, offset and the possibly visible cards, one per line.
    ///
    /// - Throws: `RuntimeFailure` if the layout produced a number that is not finite (JSON has
    ///   no NaN or infinity; a layout never should).
    static func frame(layout: any CardLayout, context: LayoutContext) throws -> String {
        let content = layout.contentSize(viewport: context.viewport, cardCount: context.cardCount)
        let cards = layout.visibleAttributes(in: context)
        var out = "{\"viewport\":{\"width\":\(try number(context.viewport.width)),"
            + "\"height\":\(try number(context.viewport.height))},"
            + "\"contentSize\":{\"width\":\(try number(content.width)),\"height\":\(try number(content.height))},"
            + "\"offset\":{\"x\":\(try number(context.offset.x)),\"y\":\(try number(context.offset.y))},"
            + "\"cards\":["
        for (i, card) in cards.enumerated() {
            out += (i == 0 ? "\n" : ",\n") + (try self.card(card, offset: context.offset))
        }
        out += cards.isEmpty ? "]}" : "\n]}"
        return out
    }

    /// One card's object.
    static func card(_ card: CardAttributes, offset: Vec2) throws -> String {
        let matrix = try card.localToWorld(offset: offset).columnMajor.map(number).joined(separator: ",")
        return "{\"id\":\(card.id.rawValue),\"index\":\(card.index),"
            + "\"size\":[\(try number(card.size.width)),\(try number(card.size.height))],"
            + "\"matrix\":[\(matrix)],\"alpha\":\(try number(card.alpha)),"
            + "\"zIndex\":\(card.zIndex),\"hidden\":\(card.isHidden)}"
    }

    /// A finite Double in its shortest round-trip form (`1280.0`, `-0.5`, `1e-05`).
    static func number(_ value: Double) throws -> String {
        guard value.isFinite else {
            throw RuntimeFailure("the layout produced a non-finite number (\(value)); this is a bug")
        }
        return "\(value)"
    }
}
