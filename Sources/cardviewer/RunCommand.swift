import ArgumentParser
import CardLayout
import CardMath
import CardRendering
import CardWindow

/// `cardviewer run` (the default): a window with the deck; scroll with the wheel or by dragging,
/// arrows/Page Up/Page Down/Home/End; Esc or Q quits.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Open a window with a deck of cards (needs a display; see `render` otherwise)."
    )

    @OptionGroup var scene: SceneOptions
    @OptionGroup var rendering: RenderOptions

    func run() throws {
        let deck = DefaultDeck.load()
        deck.reportWarnings()
        let cardCount = scene.cards?.value ?? deck.cardCount
        let layout = scene.layout.makeLayout()
        let window: GLFWWindowContext
        do {
            window = try GLFWWindowContext(title: "CardViewer — \(layout.name)", size: scene.size.size)
        } catch let error as WindowError {
            throw RuntimeFailure("\(error); to draw without a display, use `cardviewer render --out FILE.png`")
        }
        do {
            let renderer = try CardRenderer(context: window)
            try renderer.setImages(deck.images)
            var viewer = Viewer(layout: layout, cardCount: cardCount, ordering: rendering.order,
                                window: window, renderer: renderer, offset: scene.offset.offset)
            try viewer.loop()
        } catch let error as RenderError {
            throw RuntimeFailure(error.description)
        }
    }
}

/// The minimal event loop: wait for input, apply it, draw when something changed.
private struct Viewer {
    let layout: any CardLayout
    let cardCount: Int
    let ordering: RenderOrdering
    let window: GLFWWindowContext
    let renderer: CardRenderer
    var scroll: ScrollPosition
    var cards: [CardAttributes] = []

    init(layout: any CardLayout, cardCount: Int, ordering: RenderOrdering, window: GLFWWindowContext,
         renderer: CardRenderer, offset: Vec2) {
        self.layout = layout
        self.cardCount = cardCount
        self.ordering = ordering
        self.window = window
        self.renderer = renderer
        scroll = ScrollPosition(offset: offset,
                                maximum: layout.maximumOffset(viewport: window.viewportSize, cardCount: cardCount))
    }

    mutating func loop() throws {
        try draw()
        while !window.shouldClose {
            let before = scroll.offset
            var resized = false
            for event in window.nextEvents() {
                resized = apply(event) || resized
            }
            if (resized || scroll.offset != before) && !window.shouldClose { try draw() }
        }
    }

    /// Applies one event; true when the window changed size (scrolling shows in the offset).
    private mutating func apply(_ event: WindowEvent) -> Bool {
        let page = max(1, window.viewportSize.height - 80)
        switch event {
        case let .scroll(steps): scroll.wheel(steps)
        case let .pointerDown(point): scroll.beginDrag(at: point)
        case let .pointerMoved(point): scroll.drag(to: point)
        case .pointerUp: scroll.endDrag()
        case .key(.escape), .key(.q), .closeRequested: window.close()
        case .key(.up): scroll.move(by: Vec2(0, -60))
        case .key(.down): scroll.move(by: Vec2(0, 60))
        case .key(.left): scroll.move(by: Vec2(-60, 0))
        case .key(.right): scroll.move(by: Vec2(60, 0))
        case .key(.pageUp): scroll.move(by: Vec2(0, -page))
        case .key(.pageDown): scroll.move(by: Vec2(0, page))
        case .key(.home): scroll.move(by: Vec2(-.infinity, -.infinity))
        case .key(.end): scroll.move(by: Vec2(.infinity, .infinity))
        case .key(.other): break
        case .resized:
            scroll.setMaximum(layout.maximumOffset(viewport: window.viewportSize, cardCount: cardCount))
            return true
        }
        return false
    }

    private mutating func draw() throws {
        let viewport = window.viewportSize
        guard !viewport.isEmpty, !window.drawableSize.isEmpty else { return }  // minimised
        let context = LayoutContext(viewport: viewport, cardCount: cardCount, offset: scroll.offset)
        cards.removeAll(keepingCapacity: true)
        layout.layoutVisible(in: context, into: &cards)
        try renderer.render(RenderFrame(cards: cards, camera: context.camera, offset: scroll.offset, ordering: ordering))
        window.present()
    }
}
