import CardTestSupport
@testable import CardViewerApp
import CMallocCounter
import CardInteraction
import CardLayout
import CardLayoutFileLoading
import CardMath
import CardViewerCore
import Foundation
import Testing

/// `LayoutFileReload`, the window loop's side of the live reload, on a real file and a real
/// session: a poll with nothing pending allocates nothing; a rename-over save reaches the
/// session as an animated switch, a broken one as the error with the layout kept; the state's
/// layout names the file.
@Suite(.serialized) struct LayoutFileReloadTests {
    static func layout(_ name: String, lift: Double) -> String {
        #"{"name": "\#(name)", "options": {"lift": {"default": \#(lift)}}, "transform": [{"translate": ["o * w", "lift", 0]}]}"#
    }

    /// Polls until `done` or a second passes (the watcher sees a save at the next poll).
    func poll(_ reload: LayoutFileReload, _ session: ViewerSession, until done: () -> Bool) -> Bool {
        for _ in 0..<100 {
            reload.poll(session)
            if done() { return true }
            usleep(10_000)
        }
        return false
    }

    @Test("saves reach the session; idle polls allocate nothing; the saved layout names the file")
    func reloads() throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let file = folder.url("reload-unit.json")
        try Data(Self.layout("reload-unit", lift: 0).utf8).write(to: file)
        let kind = try LayoutFileLoader.register(file.path, warn: { _ in })
        let session = ViewerSession(deck: Deck(syntheticCount: 5), configuration: .init(layout: kind))
        let reload = LayoutFileReload(path: file.path, kind: kind, builtIn: "wheel", warn: { _ in })

        reload.poll(session)
        if cv_malloc_counting() == 1 {
            let before = cv_malloc_thread_count()
            for _ in 0..<200 { reload.poll(session) }
            #expect(cv_malloc_thread_count() - before == 0)
        }
        #expect(reload.saved(session.savedLayout) == SavedLayout(name: "reload-unit", file: file.path, builtIn: "wheel"))

        // A good save, renamed over the file: the new version, animated from the old.
        let revision = session.layoutRevision
        let next = folder.url("next.json")
        try Data(Self.layout("reload-unit", lift: 80).utf8).write(to: next)
        _ = rename(next.path, file.path)
        #expect(poll(reload, session) { session.layoutRevision != revision })
        #expect(kind.descriptor.defaultValues["lift"] == 80 && session.layoutReloadError == nil)

        // A broken save: the error, the layout kept.
        let kept = session.layoutRevision
        try Data(#"{"name": "reload-unit", "transform": [{"rotateZ": "nope"}]}"#.utf8).write(to: next)
        _ = rename(next.path, file.path)
        #expect(poll(reload, session) { session.layoutReloadError != nil })
        #expect(session.layoutReloadError?.hasPrefix(file.path + ":1:") == true, "\(session.layoutReloadError ?? "")")
        #expect(session.layoutRevision == kept && kind.descriptor.defaultValues["lift"] == 80)

        // Switched to a built-in layout: that one is saved as it is, and becomes the fallback.
        #expect(reload.saved(SavedLayout(name: "grid")) == SavedLayout(name: "grid"))
        #expect(reload.saved(SavedLayout(name: "reload-unit")).builtIn == "grid")
        // An idle window never waits longer than 0.25 s while a file is watched.
        #expect(LayoutFileReload.wait(nil) == 0.25 && LayoutFileReload.wait(3) == 0.25 && LayoutFileReload.wait(0) == 0)
    }

    @Test("a removed file is said once, true: on standard error and on screen, no line twice (issue 34)")
    func removedFileSaidOnce() throws {
        let folder = try TemporaryFolder("cardviewer-e2e")
        defer { folder.remove() }
        let file = folder.url("reload-gone.json")
        try Data(Self.layout("reload-gone", lift: 0).utf8).write(to: file)
        let kind = try LayoutFileLoader.register(file.path, warn: { _ in })
        let session = ViewerSession(deck: Deck(syntheticCount: 5), configuration: .init(layout: kind, viewport: Size(width: 800, height: 600)))
        var time = 0.0
        func frames(_ count: Int) { for _ in 0..<count { time += 1.0 / 60; session.advance(to: time) } }
        frames(5)
        let warned = WarnedLines()
        let reload = LayoutFileReload(path: file.path, kind: kind, builtIn: "wheel", warn: { warned.add($0) })

        _ = unlink(file.path)
        #expect(poll(reload, session) { session.layoutReloadError != nil })
        #expect(session.layoutReloadError == file.path + ": the file is gone")
        // Touched again while gone (a second removal of a new copy's temporary, a folder event):
        // nothing new is said.
        let other = folder.url("reload-gone.json.tmp")
        try Data("x".utf8).write(to: other)
        _ = unlink(other.path)
        for _ in 0..<20 { reload.poll(session); usleep(5_000) }
        #expect(warned.lines == [file.path + ": the file is gone"])
        frames(5)
        let panel = try #require(session.overlayPanels.first { $0.lines.first?.hasPrefix("layout file:") == true }, "\(session.overlayPanels.map(\.lines))")
        #expect(panel.lines.filter { $0 == "the last good layout stays" }.count == 1, "\(panel.lines)")
        #expect(panel.lines.last == "the last good layout stays")
        #expect(session.layoutKind == kind)

        // Back with a good file: the error goes.
        try Data(Self.layout("reload-gone", lift: 10).utf8).write(to: file)
        #expect(poll(reload, session) { session.layoutReloadError == nil })
        // Gone again: said again (it is news).
        _ = unlink(file.path)
        #expect(poll(reload, session) { session.layoutReloadError != nil })
        #expect(warned.lines == [file.path + ": the file is gone", file.path + ": the file is gone"])
    }
}

/// Lines a warning sink was given, in order.
final class WarnedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    func add(_ line: String) { lock.withLock { stored.append(line) } }
    var lines: [String] { lock.withLock { stored } }
}
