import CardInteraction
import CardPictureDecoding
import CardPictureFolders
import CardViewerCore
import Foundation

/// The session's `pictureRanks` for a viewer (sorting in the window, SPEC §13): each card's
/// place among the catalog's pictures under a sort, by `DeckSorting.order` — the order `--sort`
/// gives at start and `list` prints. Capture times are read once per picture path and kept, so
/// a second sort by time costs no file reads.
final class PictureRanks: @unchecked Sendable {
    // @unchecked: used from the frame thread only (the session's keys).

    /// Capture times read so far, by picture path.
    private var captureTimes: [String: CaptureTime] = [:]

    /// The rank of each card of `catalog`'s pictures under `sort` (not `rating`, which is the
    /// session's: its marks), nil for a card without a picture of the catalog.
    /// - Complexity: O(n log n), plus one header read per picture not read before for `time`.
    func ranks(in catalog: DeckCatalog, by sort: PictureSort) -> (DeckCard) -> Int? {
        let pictures = catalog.pictures
        var times: [CaptureTime]?
        if sort == .time {
            let missing = pictures.filter { captureTimes[$0.path] == nil }
            for (file, time) in zip(missing, CaptureTimes.of(missing)) { captureTimes[file.path] = time }
            times = pictures.map { captureTimes[$0.path]! }
        }
        let order = DeckSorting.order(pictures, by: sort, captureTimes: times) { _ in .unmarked }
        var rank = [Int](repeating: 0, count: pictures.count)
        for (position, picture) in order.enumerated() { rank[picture] = position }
        return { card in catalog.picture(of: card).map { rank[$0] } }
    }
}
