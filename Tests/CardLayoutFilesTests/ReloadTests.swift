import CardFiles
import CardLayout
import CardLayoutFileLoading
import CardLayoutFiles
import CardTestSupport
import Foundation
import Testing

/// The watcher sees a save within 0.5 s, whether the editor renames a new file over the old
/// one or writes in place, and reports a broken save as an error with its place.
@Suite struct ReloadTests {
    static func layout(_ name: String, spacing: Double) -> String {
        #"{ "name": "\#(name)", "options": { "spacing": \#(spacing) }, "transform": [ { "translate": ["o * w * spacing", 0, 0] } ] }"#
    }

    /// Polls (as the frame loop does, every 10 ms) until something changes or `limit` seconds pass.
    static func waitForChange(_ watcher: LayoutFileWatcher, limit: Double = 0.5) -> (LayoutFileWatcher.Change, Double)? {
        let start = Date()
        while Date().timeIntervalSince(start) < limit {
            if let change = watcher.poll() { return (change, Date().timeIntervalSince(start)) }
            usleep(10_000)
        }
        return nil
    }

    @Test func renameOverAndInPlaceWritesAreSeen() throws {
        let folder = try TemporaryFolder("layout-reload")
        defer { folder.remove() }
        let path = folder.path("flow.json")
        try Self.layout("reload-flow", spacing: 1).write(toFile: path, atomically: false, encoding: .utf8)
        let registry = LayoutRegistry(LayoutRegistry.builtIn)
        let watcher = try LayoutFileWatcher(path: path, registry: registry, warn: { _ in })
        #expect(watcher.poll() == nil)

        // An editor's save: a new file renamed over the old one.
        try AtomicFile.replace(path, with: Array(Self.layout("reload-flow", spacing: 0.5).utf8))
        guard let (first, seconds) = Self.waitForChange(watcher), case .changed(let file) = first else {
            Issue.record("no change reported within 0.5 s after a rename")
            return
        }
        #expect(seconds < 0.5)
        #expect(file.descriptor.defaultValues["spacing"] == 0.5)
        let kind = try watcher.register(file)
        #expect(registry.descriptor(named: kind.name)?.defaultValues["spacing"] == 0.5)

        // A write in place.
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(Self.layout("reload-flow", spacing: 2).utf8))
        try handle.close()
        guard let (second, _) = Self.waitForChange(watcher), case .changed(let again) = second else {
            Issue.record("no change reported within 0.5 s after an in-place write")
            return
        }
        #expect(again.descriptor.defaultValues["spacing"] == 2)
        _ = try watcher.register(again)
        #expect(registry.descriptor(named: "reload-flow")?.defaultValues["spacing"] == 2)
        #expect(registry.names.filter { $0 == "reload-flow" }.count == 1)

        // A broken save: an error with its place; the registry keeps the last good layout.
        try AtomicFile.replace(path, with: Array(#"{ "name": "reload-flow", "alpha": "o +" }"#.utf8))
        guard let (third, _) = Self.waitForChange(watcher), case .failed(let error) = third else {
            Issue.record("no error reported within 0.5 s after a broken save")
            return
        }
        #expect(error.description == "\(path):1:39: expected a number, a name or '(', found the end")
        #expect(registry.descriptor(named: "reload-flow")?.defaultValues["spacing"] == 2)

        // Other files in the folder do not count; the same bytes saved again report nothing.
        try "{}".write(toFile: folder.path("other.json"), atomically: true, encoding: .utf8)
        #expect(Self.waitForChange(watcher, limit: 0.1) == nil)
    }
}

extension LayoutFileWatcher.Change: Equatable {
    public static func == (a: Self, b: Self) -> Bool {
        switch (a, b) {
        case let (.changed(x), .changed(y)): x.definition == y.definition
        case let (.failed(x), .failed(y)): x == y
        default: false
        }
    }
}
