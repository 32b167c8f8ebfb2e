import CardFiles
import CardInteraction
import CardPictureFolders

extension DeckCatalog {
    /// The saved name (`CardSource.file(name:)`) of the file at the canonical path `canonical`:
    /// relative to `keyBase` when inside it, else the path itself (`DeckPaths`).
    public func key(forCanonical canonical: String) -> String {
        guard let base = keyBase else { return canonical }
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return canonical.hasPrefix(prefix) ? String(canonical.dropFirst(prefix.count)) : canonical
    }

    /// The file a saved name means: an absolute name as it is, a relative one inside `keyBase`.
    public func path(forKey key: String) -> String? {
        if key.hasPrefix("/") { return key }
        return keyBase.map { DeckPaths.join($0, key) }
    }

    /// Whether a picture with the saved name `key` is in the catalog.
    public func has(key: String) -> Bool {
        pictureOfSource[.file(name: key)] != nil
    }

    /// Adds `file` as the next picture, shown by the source `.file(name: key)`; its source and title.
    @discardableResult
    public mutating func add(_ file: PictureFile, key: String) -> (source: CardSource, title: String) {
        let source = CardSource.file(name: key)
        pictureOfSource[source] = Int32(pictures.count)
        pictures.append(file)
        available.append((source, file.title))
        return (source, file.title)
    }

    /// Adds the pictures of `sources` (a restored deck's) that the listing did not give but
    /// still exist as pictures: files dropped on the window earlier. Not added to `available`
    /// (a fresh deck of these PATHs does not have them); missing ones are left out, and the
    /// reconciling drops their cards.
    mutating func addSavedPictures(_ sources: [CardSource]) {
        guard case .folder = origin else { return }
        var partners = PicturePairs.Partners()
        for source in sources {
            guard case .file(let key) = source, pictureOfSource[source] == nil, key.hasPrefix("/"),
                  PictureFolder.isPictureName(String(key.split(separator: "/").last ?? "")),
                  let file = DeckPaths.pictureFile(key, partners: &partners) else { continue }
            pictureOfSource[source] = Int32(pictures.count)
            pictures.append(file)
            available.append((source, file.title))
        }
    }
}

extension DeckCatalog {
    /// The files whose culling marks card `card` carries (SPEC §10): its picture's path, then its
    /// companions' (the RAW of a RAW+JPEG pair); empty for a card without a picture file of the
    /// user's (generated and bundled decks, a card added to a folder deck).
    public func cullingPaths(of card: DeckCard) -> [String] {
        guard case .folder = origin, case .file = card.source, let index = picture(of: card), index < pictures.count else { return [] }
        let file = pictures[index]
        return [file.path] + file.companionPaths
    }
}
