import CardCulling
import CardFiles
import CardInteraction
import CardTestSupport
@testable import CardViewerCore
import Foundation
import Testing

/// SPEC §13's `E` in the window: the filter's cards copied, moved or hard-linked into a folder
/// named after the filter with their sidecars and RAW partners, or moved to the trash after a
/// confirmation that names the count; the cards a move or the trash took leave the deck; the
/// user's files are never overwritten.
@Suite struct ExportPromptTests {
    /// Six pictures `p0.jpg` … `p5.jpg` in a folder of their own (each file's bytes its name),
    /// `p1.jpg` with a sidecar and a RAW partner `p1.cr2`; cards 1 and 4 picked, 2 rejected.
    final class Shoot {
        let folder: TemporaryFolder
        let store: RecordingCullStore
        let session: ViewerSession
        let trashHome: String

        init() throws {
            folder = try TemporaryFolder("export-prompt")
            _ = try folder.folder("shoot")
            for index in 0..<6 { _ = try folder.write("shoot/p\(index).jpg", "p\(index).jpg") }
            _ = try folder.write("shoot/p1.jpg.xmp", "sidecar")
            _ = try folder.write("shoot/p1.cr2", "raw")
            let marks: [String: CullMark] = [
                folder.path("shoot/p1.jpg"): CullMark(flag: .picked),
                folder.path("shoot/p2.jpg"): CullMark(flag: .rejected),
                folder.path("shoot/p4.jpg"): CullMark(flag: .picked),
            ]
            store = RecordingCullStore(marks)
            session = cullingSession(store: store, folder: folder.path("shoot"), companions: [1: [folder.path("shoot/p1.cr2")]])
            trashHome = folder.path("home/Trash")
            let home = trashHome
            session.exportPrompt.trashProvider = { FreedesktopTrash(homeTrash: home) }
        }

        /// Plays `keys` (replay key names, each with its modifiers), waits for the export, and
        /// lets the clock move so that its end is taken.
        func press(_ keys: [(String, [String])]) throws {
            let events = keys.enumerated().map { cullKey($1.0, at: 0.1 + 0.1 * Double($0), mods: $1.1) }
            try play(script(events, end: 1.0), into: session)
            session.exportPrompt.waitForJob()
            try play(script([], end: 0.5), into: session)
        }

        func promptLines() -> [String] {
            session.overlayPanels.filter { $0.placement == .center }.flatMap(\.lines)
        }
    }

    @Test("E under 'picks only' copies the picks with their sidecars and RAW partners into shoot/picks")
    func copyPicks() throws {
        let shoot = try Shoot()
        try shoot.press([("v", [])])  // picks only
        #expect(shownIDs(shoot.session) == [1, 4])
        try play(script([cullKey("e", at: 0.1)], end: 0.5), into: shoot.session)
        let lines = shoot.promptLines()
        #expect(lines.first == "Export the 2 pictures (4 files) shown (picks only)")
        #expect(lines.contains { $0.hasPrefix("C    copy to ") && $0.hasSuffix("shoot/picks") })
        try shoot.press([("c", [])])
        #expect(shoot.folder.names().contains("shoot"))
        let copied = try FileManager.default.contentsOfDirectory(atPath: shoot.folder.path("shoot/picks")).sorted()
        #expect(copied == ["p1.cr2", "p1.jpg", "p1.jpg.xmp", "p4.jpg"])
        #expect(shoot.folder.text("shoot/picks/p1.cr2") == "raw")
        #expect(messageLines(shoot.session).contains { $0.hasPrefix("exported 2 pictures (4 files) to ") })
        #expect(shownIDs(shoot.session) == [1, 4])  // a copy leaves the deck as it is
        #expect(FileInfo.exists(shoot.folder.path("shoot/p1.jpg")))
        // Again: nothing overwritten, every file already there.
        try shoot.press([("e", []), ("c", [])])
        #expect(messageLines(shoot.session).contains { $0.hasSuffix("; 4 already there") })
    }

    @Test("a name taken by other bytes gets -2 for the whole card: the user's file is never overwritten")
    func neverOverwrites() throws {
        let shoot = try Shoot()
        _ = try shoot.folder.folder("shoot/picks")
        _ = try shoot.folder.write("shoot/picks/p4.jpg", "someone else's")
        try shoot.press([("v", []), ("e", []), ("c", [])])
        #expect(shoot.folder.text("shoot/picks/p4.jpg") == "someone else's")
        #expect(shoot.folder.text("shoot/picks/p4-2.jpg") == "p4.jpg")
    }

    @Test("M moves the picks: their files leave the shoot, their cards the deck")
    func movePicks() throws {
        let shoot = try Shoot()
        try shoot.press([("v", []), ("e", []), ("m", [])])
        let moved = try FileManager.default.contentsOfDirectory(atPath: shoot.folder.path("shoot/picks")).sorted()
        #expect(moved == ["p1.cr2", "p1.jpg", "p1.jpg.xmp", "p4.jpg"])
        #expect(!FileInfo.exists(shoot.folder.path("shoot/p1.jpg")))
        #expect(!FileInfo.exists(shoot.folder.path("shoot/p1.cr2")))
        #expect(shownIDs(shoot.session).isEmpty)
        try shoot.press([("v", []), ("v", [])])  // picks only -> rejects hidden -> all
        #expect(shoot.session.cullFilter == .all)
        #expect(shownIDs(shoot.session) == [0, 2, 3, 5])
        #expect(shoot.session.savedDeck.cards.map(\.id.rawValue) == [0, 2, 3, 5])
    }

    @Test("T asks first, naming the count; N keeps everything; Y moves the rejects to the trash with .trashinfo")
    func trashRejects() throws {
        let shoot = try Shoot()
        try shoot.press([("v", ["shift"]), ("r", [])])  // rejects only
        #expect(shownIDs(shoot.session) == [2])
        try shoot.press([("e", []), ("t", [])])
        #expect(shoot.promptLines().first == "Move 1 picture (1 file) to the trash?")
        try shoot.press([("n", [])])
        #expect(shoot.promptLines().isEmpty)
        #expect(FileInfo.exists(shoot.folder.path("shoot/p2.jpg")))
        try shoot.press([("e", []), ("t", []), ("y", [])])
        #expect(!FileInfo.exists(shoot.folder.path("shoot/p2.jpg")))
        #expect(shoot.folder.text("home/Trash/files/p2.jpg") == "p2.jpg")
        let info = shoot.folder.text("home/Trash/info/p2.jpg.trashinfo")
        #expect(info.hasPrefix("[Trash Info]\nPath="))
        #expect(info.contains("shoot/p2.jpg"))
        #expect(shownIDs(shoot.session).isEmpty)
        #expect(messageLines(shoot.session).contains("moved 1 picture (1 file) to the trash"))
    }

    @Test("E in the photo view opens the prompt for the filter's cards; Esc closes it and the photo view stays")
    func fromThePhotoView() throws {
        let shoot = try Shoot()
        try shoot.press([("v", []), ("enter", [])])
        #expect(shoot.session.photoCard != nil)
        try shoot.press([("e", [])])
        #expect(shoot.promptLines().first == "Export the 2 pictures (4 files) shown (picks only)")
        try shoot.press([("escape", [])])
        #expect(shoot.promptLines().isEmpty)
        #expect(shoot.session.photoCard != nil)
    }

    @Test("Esc cancels; the culling keys do nothing under the prompt; a generated deck says E is for pictures")
    func cancelAndKeys() throws {
        let shoot = try Shoot()
        try shoot.press([("e", []), ("3", []), ("p", [])])
        #expect(shoot.store.writes.isEmpty)
        #expect(!shoot.promptLines().isEmpty)
        try shoot.press([("escape", [])])
        #expect(shoot.promptLines().isEmpty)
        #expect(!FileInfo.exists(shoot.folder.path("shoot/all")))
        let generated = ViewerSession(deck: Deck(syntheticCount: 4), configuration: .init(layout: .grid, viewport: testViewport))
        try play(script([cullKey("e", at: 0.1)], end: 0.5), into: generated)
        #expect(messageLines(generated).contains("export is for decks of pictures"))
    }
}
