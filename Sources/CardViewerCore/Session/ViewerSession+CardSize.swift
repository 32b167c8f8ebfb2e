import CardLayout

extension ViewerSession {
    /// The options `+` and `-` change in the layout view (SPEC §10's table), in order of
    /// preference: the carousels' and layout files' slot length, the grid's narrowest card.
    static let cardSizeOptions = ["itemWidth", "minimumCardWidth"]
    /// How much one press of `+` enlarges the cards (`-` divides by it).
    static let cardSizeStep = 1.1

    /// `+` (`=`) or `-` in the layout view: larger or smaller cards, by `cardSizeStep` a press,
    /// through the layout's size option (`cardSizeOptions`), animated like any option change and
    /// saved with the state; a message says the new value, points. A layout without such an
    /// option says so instead. An `auto` value starts from the size the layout gives the card at
    /// the centre (its length along the scroll axis).
    func resizeCards(larger: Bool) {
        let options = controller.kind.descriptor.options
        guard let option = Self.cardSizeOptions.lazy.compactMap({ name in options.first { $0.name == name } }).first else {
            showMessage("\(controller.kind.name): no card size to change (+ and - work in the grid and the carousels)")
            return
        }
        var current = layoutOptionValues[option.name]
        if let automatic = option.automaticValue, current == automatic, !scene.deck.isEmpty {
            let card = controller.attributes(at: anchorIndex(), in: scene.context, deck: scene.deck)
            current = controller.scrollAxis == .vertical ? card.size.height : card.size.width
        }
        let next = min(max((larger ? current * Self.cardSizeStep : current / Self.cardSizeStep).rounded(), option.range.lowerBound),
                       option.range.upperBound)
        guard next != layoutOptionValues[option.name], !(option.automaticValue == next) else {
            showMessage("\(option.name): \(Int(current)) points (the \(larger ? "largest" : "smallest"))")
            return
        }
        setOption(option, to: next)
        showMessage("\(option.name): \(Int(next)) points")
    }
}
