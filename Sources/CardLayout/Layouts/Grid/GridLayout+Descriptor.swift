extension LayoutKind {
    public static let grid = LayoutKind("grid")
}

extension LayoutDescriptor {
    /// The long-press reorderable grid (seed 003, SPEC §2.4).
    public static let grid = LayoutDescriptor(
        name: "grid", summary: "the long-press reorderable grid (seed 003)",
        options: [
            LayoutOption("minimumCardWidth", default: 240, range: 40...4000, help: "narrowest card; sets the number of columns, points"),
            LayoutOption("spacing", default: 20, range: 0...400, help: "gap between cards, points"),
            LayoutOption("margin", default: 40, range: 0...400, help: "space around the grid, points"),
        ],
        behavior: LayoutBehavior(
            interaction: .reorderableGrid,
            helpLines: ["  press and hold   lift a card, drag to reorder (grid)"]),
        make: { GridLayout(options: $0) })
}

extension GridLayout {
    /// The layout with `options` (see `LayoutDescriptor.grid`).
    public init(options: LayoutOptionValues) {
        self.init()
        minimumCardWidth = options["minimumCardWidth"]
        spacing = options["spacing"]
        margin = options["margin"]
    }
}
