import CardInteraction
import CardMath
import CardPictureFolders
import CardViewerCore

extension ViewerPictures {
    /// Adds picture files to the catalog (files dropped on the window, SPEC §10), each shown by
    /// the source `.file(name: key)`; the pools, the scheduler and the card → picture table grow
    /// to them. Returns the cards to append, in order. Frame thread.
    ///
    /// - Complexity: O(added), and the card → picture table rebuilt at the next `update()`.
    public func addPictures(_ files: [(file: PictureFile, key: String)]) -> [(source: CardSource, title: String)] {
        guard !files.isEmpty else { return [] }
        var cards: [(source: CardSource, title: String)] = []
        for (file, key) in files { cards.append(catalog.add(file, key: key)) }
        let count = catalog.pictures.count
        pictureTier.resizeKeys(to: count)
        aspects += Array(repeating: .nan, count: count - aspects.count)
        fullSizes += Array(repeating: PixelSize(width: 0, height: 0), count: count - fullSizes.count)
        longSides += Array(repeating: 0, count: count - longSides.count)
        if backfill.total > 0 { backfill.resize(to: count) }  // dropped pictures are thumbnailed too
        tableRevision = -1
        return cards
    }
}
