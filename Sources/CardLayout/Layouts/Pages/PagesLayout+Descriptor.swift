extension LayoutKind {
    public static let pages = LayoutKind("pages")
}

extension LayoutDescriptor {
    /// Safari's tab overview (seed 000, SPEC §2.1).
    public static let pages = LayoutDescriptor(
        name: "pages", summary: "Safari's tab overview (seed 000)",
        options: [
            LayoutOption("pitch", default: 160, range: 40...2000, help: "distance between the tops of neighbouring pages, points"),
            LayoutOption("restingAngle", default: -60, range: -90...0, help: "tilt of a page at the top of the screen, degrees"),
            LayoutOption("anglePerViewport", default: 20, range: 0...90, help: "extra tilt per screen height below the top, degrees"),
        ],
        behavior: LayoutBehavior(
            tap: .opensPage, interaction: .tabOverview, picturesFillCards: true, titlesAtTop: true, opensAppendedCard: true,
            helpLines: ["  drag left        delete a page (pages)"]),
        make: { PagesLayout(options: $0) })
}

extension PagesLayout {
    /// The layout with `options` (see `LayoutDescriptor.pages`).
    public init(options: LayoutOptionValues) {
        self.init()
        pitch = options["pitch"]
        restingAngle = options["restingAngle"]
        anglePerViewport = options["anglePerViewport"]
    }
}

extension LayoutDescriptor {
    /// The pages layout with `options` (the defaults when `nil`) and page `index` highlighted:
    /// open flat over the viewport, the state a tap puts it in (the tab overview's controller
    /// sets `PagesLayout.highlightedIndex`). The state is not an option, so code outside this
    /// folder that needs it (compare's `pages-highlight` scene) asks for it here, by the
    /// descriptor's name, without naming the layout's type.
    public static func makePagesLayout(highlighting index: Int, options: LayoutOptionValues? = nil) -> any CardLayout {
        var layout = PagesLayout(options: options ?? pages.defaultValues)
        layout.highlightedIndex = index
        return layout
    }
}
