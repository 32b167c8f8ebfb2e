import CardCulling
import CardInteraction
import CardPictureDecoding
import CardPictureFolders
import CardViewerCore

/// A deck's pictures in a `PictureSort`'s order (SPEC §13, `--sort`): the keys each sort needs
/// gathered at the edge — capture times read from the files (`CaptureTimes`), marks read as the
/// viewer reads them (the state's marks first, then the store's sidecars) — and handed to the
/// pure, stable `PictureSort.order`. Used by the viewer's start (`ViewerBuilder.loadDeck`) and by
/// `cardviewer list`, so both show one order.
public enum DeckSorting {
    /// The positions of `pictures` (their listing order) in `sort`'s order.
    ///
    /// - Parameters:
    ///   - captureTimes: the pictures' capture times when the caller has read them already
    ///     (`list` does, for its JSON); read here when `sort` needs them and they are not given.
    ///   - mark: picture position → its culling mark (asked only by the rating sort).
    /// - Complexity: `time` reads each file's header (`CaptureTimes.of`); `rating` one mark read
    ///   a picture; then O(n log n).
    public static func order(_ pictures: [PictureFile], by sort: PictureSort, captureTimes: [CaptureTime]? = nil,
                             mark: (Int) -> CullMark) -> [Int] {
        switch sort {
        case .name:
            return Array(pictures.indices)
        case .size:
            return sort.order(count: pictures.count, sizes: { pictures[$0].byteCount })
        case .time:
            let times = captureTimes ?? CaptureTimes.of(pictures)
            return sort.order(count: pictures.count, captureSeconds: { times[$0].seconds })
        case .rating:
            let ranks = pictures.indices.map { index in
                let found = mark(index)
                return PictureSort.ratingRank(stars: found.stars, rejected: found.flag == .rejected)
            }
            return sort.order(count: pictures.count, ratings: { ranks[$0] })
        }
    }

    /// Reorders `deck`'s cards by `sort` (`Deck.reorder`: stable; cards without a picture of
    /// `catalog`, such as a card added with `A`, after the others in their order). Marks come from
    /// `saved` (the state's, for read-only folders) before `store`.
    public static func sort(_ deck: inout Deck, catalog: DeckCatalog, by sort: PictureSort,
                            saved: SavedCulling?, store: any CullMarkStore) {
        let pictures = catalog.pictures
        let order = Self.order(pictures, by: sort) { index in
            if let source = catalog.source(ofPicture: index), let kept = saved?.mark(ofFile: source) { return kept }
            return store.mark(ofPicture: pictures[index].path)
        }
        var rank = [Int](repeating: 0, count: pictures.count)
        for (position, picture) in order.enumerated() { rank[picture] = position }
        deck.reorder { card in catalog.picture(of: card).map { rank[$0] } }
    }
}
