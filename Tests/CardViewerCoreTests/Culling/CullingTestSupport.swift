import CardCulling
import CardInteraction
import CardLayout
@testable import CardViewerCore
import Foundation

/// A store that records every call and refuses to write in the folders `readOnly` names (as a
/// sidecar store does in a read-only folder): the session's side of SPEC §10's culling.
final class RecordingCullStore: CullMarkStore, @unchecked Sendable {
    private let lock = NSLock()
    private var marks: [String: CullMark]
    private var stores: [(path: String, mark: CullMark)] = []
    private var readPaths: [String] = []
    let readOnly: Set<String>
    /// Seconds each read takes (a slow disk).
    let readDelay: Double

    init(_ marks: [String: CullMark] = [:], readOnly: Set<String> = [], readDelay: Double = 0) {
        self.marks = marks
        self.readOnly = readOnly
        self.readDelay = readDelay
    }

    func mark(ofPicture picturePath: String) -> CullMark {
        if readDelay > 0 { Thread.sleep(forTimeInterval: readDelay) }
        return lock.withLock {
            readPaths.append(picturePath)
            return marks[picturePath] ?? .unmarked
        }
    }

    func store(_ mark: CullMark, forPicture picturePath: String) throws {
        let folder = String(picturePath[..<(picturePath.lastIndex(of: "/") ?? picturePath.startIndex)])
        if readOnly.contains(folder) {
            throw CullMarkStoreError.unwritable(path: picturePath + ".xmp", reason: "Permission denied")
        }
        lock.withLock {
            marks[picturePath] = mark
            stores.append((picturePath, mark))
        }
    }

    /// The mark stored for `path` now.
    func stored(_ path: String) -> CullMark? { lock.withLock { marks[path] } }
    /// Every write, in order.
    var writes: [(path: String, mark: CullMark)] { lock.withLock { stores } }
    /// Every read, in order.
    var reads: [String] { lock.withLock { readPaths } }
}

/// A deck of `count` picture files `p0.jpg`, `p1.jpg`, … in `/photos` (card i shows `pi.jpg`);
/// `companions` maps a card index to its companions' paths (a RAW beside a JPEG).
func cullingSession(_ layout: LayoutKind = .grid, cards count: Int = 6, store: RecordingCullStore,
                    saved: SavedCulling? = nil, folder: String = "/photos",
                    companions: [Int: [String]] = [:], options: LayoutOptionValues? = nil) -> ViewerSession {
    let deck = Deck((0..<count).map { (CardSource.file(name: "p\($0).jpg"), "p\($0)") })
    let session = ViewerSession(deck: deck, configuration: .init(layout: layout, layoutOptions: options, viewport: testViewport))
    session.attachCulling(store: store, saved: saved) { card in
        guard case .file(let name) = card.source else { return [] }
        let index = Int(card.id.rawValue)
        return ["\(folder)/\(name)"] + (companions[index] ?? [])
    }
    session.finishCulling()
    return session
}

/// A replay key event (`mods` as replays take them).
func cullKey(_ name: String, at time: Double, mods: [String] = []) -> String {
    let modifiers = mods.isEmpty ? "" : #", "mods": [\#(mods.map { "\"\($0)\"" }.joined(separator: ", "))]"#
    return #"{"time": \#(time), "type": "key", "key": "\#(name)"\#(modifiers)}"#
}

/// The ids of the deck as shown, in order.
func shownIDs(_ session: ViewerSession) -> [UInt32] { session.deck.cards.map(\.id.rawValue) }

/// The lines of the messages on screen now.
func messageLines(_ session: ViewerSession) -> [String] {
    session.overlayPanels.filter { $0.placement == .bottomCenter }.flatMap(\.lines)
}
