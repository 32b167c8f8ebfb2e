import CardFiles
import CardInteraction
import CardPictureFolders
import CardViewerCore

extension ViewerDriver {
    /// Shows the pictures a second `cardviewer FILE` handed over (`SingleInstanceListener`), in
    /// order, the last one staying current: a picture of the deck becomes current (in the photo
    /// view when it is open: `ViewerSession.showOpened`); a picture not in it (made after the
    /// listing) is appended as a dropped one is. The window is raised. While the deck is still
    /// listed, a picture not found yet waits for the listing.
    func showOpenedPictures() {
        guard let inbox = openRequests, !inbox.isEmpty else { return }
        var waiting: [String] = []
        for path in inbox.take() {
            switch showOpened(path) {
            case .shown: raiseWindow?()
            case .notYet: waiting.append(path)
            case .refused(let reason):
                warn("cannot show '\(PathBytes.displayed(path))' opened from another cardviewer: \(reason)")
                session.showMessage("cannot show \(PathBytes.displayed(Self.lastComponent(path))) (see the terminal)")
            }
        }
        inbox.putBack(waiting)
    }

    /// What became of one opened path.
    enum OpenedOutcome: Equatable {
        case shown
        /// Not in the deck while its listing goes on: tried again later.
        case notYet
        case refused(String)
    }

    /// Shows the picture at `path` (absolute), as `showOpenedPictures`.
    func showOpened(_ path: String) -> OpenedOutcome {
        let catalog = viewer.pictures.catalog
        guard catalog.isPhotoDeck else { return .refused("this window shows generated cards") }
        let checked: PicturePath
        do {
            checked = try PicturePath.checked(path)
        } catch {
            return .refused(error.description)
        }
        guard !checked.isFolder else { return .refused("it is a folder") }
        // Either half of a RAW+JPEG pair shows the pair's card (the JPEG's), as at start.
        let name = PicturePairs.card(for: checked.path)?.name ?? Self.lastComponent(checked.path)
        let source = CardSource.file(name: catalog.key(forCanonical: Self.joined(checked.folder.canonical, name)))
        if let card = session.deck.cards.first(where: { $0.source == source }) {
            return session.showOpened(card.id) ? .shown : .refused("it cannot be shown now")
        }
        if listing != nil { return .notYet }
        let found = DeckPaths.dropped([path], recursive: false, into: catalog)
        if let skipped = found.skipped.first { return .refused(skipped) }
        let added = session.appendDropped(viewer.pictures.addPictures(found.files))
        guard let id = added.first else { return .refused("it is not in the deck") }
        session.showOpened(id)
        return .shown
    }

    /// `folder` + "/" + `name`.
    static func joined(_ folder: String, _ name: String) -> String { folder.hasSuffix("/") ? folder + name : folder + "/" + name }

    /// The last component of `path`.
    static func lastComponent(_ path: String) -> String {
        String(path.split(separator: "/").last ?? Substring(path))
    }
}
