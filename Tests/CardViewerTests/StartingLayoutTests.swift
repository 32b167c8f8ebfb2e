import CardLayout
import CardViewerCore
import CardViewerFrame
import Testing

/// SPEC §12: what the command line names wins over the state file; the rest is restored.
@Suite struct StartingLayoutTests {
    let saved = SavedLayout(name: "wheel", options: ["radius": 700])

    func builder(_ layout: LayoutKind, named: Bool, set assignments: [String] = []) throws -> ViewerBuilder {
        var builder = ViewerBuilder(deck: .synthetic(count: 3), layout: layout)
        builder.layoutNamedByUser = named
        builder.layoutOptions = assignments.isEmpty ? nil : try layout.descriptor.values(setting: assignments)
        return builder
    }

    @Test func withoutLayoutOnTheCommandLineTheSavedOneIsShown() throws {
        let start = try builder(.pages, named: false).startingLayout(restoring: saved)
        #expect(start.kind == .wheel && start.options?["radius"] == 700)
    }

    @Test func aNamedLayoutWinsAndKeepsItsSavedOptionsUnderSet() throws {
        let other = try builder(.grid, named: true).startingLayout(restoring: saved)
        #expect(other.kind == .grid && other.options == nil)
        let same = try builder(.wheel, named: true).startingLayout(restoring: saved)
        #expect(same.kind == .wheel && same.options?["radius"] == 700)
        let set = try builder(.wheel, named: true, set: ["radius=900"]).startingLayout(restoring: saved)
        #expect(set.options?["radius"] == 900)
    }

    @Test func anUnknownSavedLayoutIsIgnored() throws {
        let start = try builder(.tasks, named: false).startingLayout(restoring: SavedLayout(name: "gone"))
        #expect(start.kind == .tasks && start.options == nil)
        let none = try builder(.tasks, named: false).startingLayout(restoring: nil)
        #expect(none.kind == .tasks)
    }
}
