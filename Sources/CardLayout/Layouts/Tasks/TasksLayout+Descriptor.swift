import CardMath

extension LayoutKind {
    public static let tasks = LayoutKind("tasks")
}

extension LayoutDescriptor {
    /// The iOS 9 task switcher (seed 001, SPEC §2.2).
    public static let tasks = LayoutDescriptor(
        name: "tasks", summary: "the iOS 9 task switcher (seed 001)",
        options: [
            LayoutOption("slotsPerScreen", default: 5, range: 1...20, help: "card slots per screen height"),
            LayoutOption("scale", default: 0.85, range: 0.1...1, help: "a card's size as a fraction of the window's"),
        ],
        behavior: LayoutBehavior(resting: .snapsToCards, tap: .opensCard, interaction: .taskSwitcher, titlesAtTop: true),
        make: { TasksLayout(options: $0) })
}

extension TasksLayout {
    /// The layout with `options` (see `LayoutDescriptor.tasks`).
    public init(options: LayoutOptionValues) {
        self.init()
        slotsPerScreen = options["slotsPerScreen"]
        cardScale = Vec2(options["scale"], options["scale"])
    }
}
