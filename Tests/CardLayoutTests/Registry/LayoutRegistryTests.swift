import CardLayout
import CardMath
import Testing

/// The registry: one list, names unique, keys from the order, descriptors that make the
/// layouts the viewer always had at their defaults and honour their options.
@Suite struct LayoutRegistryTests {
    let viewport = Size(width: 1280, height: 800)

    /// The seeds in key order, then the carousels: the start of the list (a layout added with one
    /// registry line comes after them, and no test pins the rest).
    static let seedsAndCarousels = ["pages", "tasks", "slidebox", "grid", "wheel"] + CarouselType.allCases.map(\.name)

    @Test func theBuiltInListStartsWithTheFiveSeedsInKeyOrderThenTheCarousels() {
        #expect(Array(LayoutRegistry.builtIn.map(\.name).prefix(Self.seedsAndCarousels.count)) == Self.seedsAndCarousels)
        #expect(Array(LayoutKind.builtIn.prefix(5)) == [.pages, .tasks, .slidebox, .grid, .wheel])
        #expect(Array(LayoutRegistry.shared.names.prefix(LayoutRegistry.builtIn.count)) == LayoutRegistry.builtIn.map(\.name))
        #expect(Set(LayoutRegistry.builtIn.map(\.name)).count == LayoutRegistry.builtIn.count, "a name listed twice")
    }

    @Test func namesAndKindsAgree() {
        for descriptor in LayoutRegistry.builtIn {
            #expect(descriptor.kind.name == descriptor.name)
            #expect(LayoutKind(rawValue: descriptor.name) == descriptor.kind)
            #expect(descriptor.makeLayout().name == descriptor.name)
            #expect(!descriptor.summary.isEmpty)
            #expect(Set(descriptor.options.map(\.name)).count == descriptor.options.count, "\(descriptor.name)")
            for option in descriptor.options {
                #expect(option.range.contains(option.defaultValue) && !option.help.isEmpty)
            }
        }
        #expect(LayoutKind(rawValue: "nope") == nil)
    }

    /// At their defaults the descriptors make exactly the layouts the viewer always had.
    @Test(arguments: LayoutRegistry.builtIn.prefix(5).map(\.name))
    func defaultsMakeTheSeedLayout(name: String) throws {
        let descriptor = try #require(LayoutRegistry.shared.descriptor(named: name))
        let plain: any CardLayout = switch name {
        case "pages": PagesLayout()
        case "tasks": TasksLayout()
        case "slidebox": SlideBoxLayout()
        case "grid": GridLayout()
        case "wheel": WheelLayout()
        default: throw CancellationError()  // only the five seeds are listed
        }
        let made = descriptor.makeLayout()
        for offset in [0.0, 333, 1500] {
            let axisOffset = made.scrollAxis == .vertical ? Vec2(0, offset) : Vec2(offset, 0)
            let context = LayoutContext(viewport: viewport, cardCount: 40, offset: axisOffset)
            #expect(made.visibleAttributes(in: context) == plain.visibleAttributes(in: context))
        }
    }

    @Test func optionsReachTheLayouts() throws {
        let wheel = try #require(LayoutDescriptor.wheel.makeLayout(LayoutDescriptor.wheel.values(setting: ["radius=700"])) as? WheelLayout)
        #expect(wheel.radius == 700)
        let pages = try #require(LayoutDescriptor.pages.makeLayout(LayoutDescriptor.pages.values(setting: ["pitch=300"])) as? PagesLayout)
        #expect(pages.pitch == 300)
        let tasks = try #require(LayoutDescriptor.tasks.makeLayout(LayoutDescriptor.tasks.values(setting: ["scale=0.5"])) as? TasksLayout)
        #expect(tasks.cardScale == Vec2(0.5, 0.5))
        let grid = try #require(LayoutDescriptor.grid.makeLayout(LayoutDescriptor.grid.values(setting: ["spacing=0"])) as? GridLayout)
        #expect(grid.spacing == 0)
        let deck = try #require(LayoutDescriptor.slidebox.makeLayout(LayoutDescriptor.slidebox.values(setting: ["pagingThreshold=80"])) as? SlideBoxLayout)
        #expect(deck.pagingThreshold == 80)
    }

    @Test func keysFollowTheOrder() {
        #expect(LayoutRegistry.key(forPosition: 0) == "1" && LayoutRegistry.key(forPosition: 8) == "9")
        #expect(LayoutRegistry.key(forPosition: 9) == "0" && LayoutRegistry.key(forPosition: 10) == nil)
        let seeds = LayoutRegistry(Array(LayoutRegistry.builtIn.prefix(5)))
        #expect(seeds.kind(forKey: "1") == .pages && seeds.kind(forKey: "5") == .wheel)
        #expect(seeds.kind(forKey: "6") == nil && seeds.kind(forKey: "x") == nil)
        #expect(seeds.kind(after: .pages) == .tasks && seeds.kind(after: .wheel) == .pages)
        // The whole list: the carousels after the seeds, the tenth on 0, the rest reached with L.
        let registry = LayoutRegistry(LayoutRegistry.builtIn)
        #expect(registry.kind(forKey: "6") == .linear && registry.kind(forKey: "0") == .cylinderInverted)
        #expect(registry.kind(after: .wheel) == .linear)
        // L walks the registry's own order and wraps from its last layout to its first; Shift+L back.
        let kinds = LayoutKind.builtIn
        for (kind, next) in zip(kinds, kinds.dropFirst() + kinds.prefix(1)) {
            #expect(registry.kind(after: kind) == next && registry.kind(before: next) == kind, "\(kind) → \(next)")
        }
        #expect(registry.kind(after: kinds[kinds.count - 1]) == .pages && registry.kind(before: .pages) == kinds[kinds.count - 1])
    }

    @Test func registeringChecksNames() throws {
        let registry = LayoutRegistry(Array(LayoutRegistry.builtIn.prefix(5)))
        #expect(throws: LayoutRegistrationError.taken("grid")) { try registry.register(.grid) }
        var bad = LayoutDescriptor.grid
        bad.kind = LayoutKind("no spaces")
        #expect(throws: LayoutRegistrationError.badName("no spaces")) { try registry.register(bad) }
        var copy = LayoutDescriptor.grid
        copy.kind = LayoutKind("grid-2")
        try registry.register(copy)
        #expect(registry.names.last == "grid-2" && registry.kind(forKey: "6") == LayoutKind("grid-2"))
        #expect(registry.kind(after: .wheel) == LayoutKind("grid-2"))
        // A registry of its own: the shared one is untouched.
        #expect(!LayoutRegistry.shared.names.contains("grid-2"))
    }
}
