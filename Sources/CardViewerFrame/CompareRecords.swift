import CardLayout
import CardPacking
import CardViewerCore

/// The compare view's marks on a frame's records (SPEC §13), after the picture pass and
/// `FrameMarks`: each pane's record takes its picture rectangle (the whole picture in the
/// record's units, beyond 0…1 where its pane crops a zoomed picture) and the photo view's look
/// (square corners, no rim, no title), but the active pane's, which carries the focus ring.
/// While compare is closed, the cards marked for it (Ctrl+click) carry the focus ring.
///
/// Precision: the record stores the picture rectangle as half floats (11 significant bits), so
/// a pane zoomed far in places its picture within about 1/2048 of the picture's width on screen
/// (3 points for a 6000-pixel picture at 100 %, about 23 at 8×); the pane's edges stay exact,
/// and panes of pictures of one size err alike.
enum CompareRecords {
    /// - Complexity: O(k) for k records while compare shows or cards are marked; O(1) otherwise.
    static func apply(_ records: UnsafeMutableBufferPointer<InstanceRecord>, session: ViewerSession) {
        if session.comparesPictures {
            let active = session.compareActiveCard?.rawValue
            for index in records.indices {
                let id = records[index].id
                guard let crop = session.compareCrop(ofID: id) else { continue }
                var flags = records[index].instanceFlags
                if records[index].layer != PictureLayer.none { records[index].pictureRectBits = crop.bits }
                if id == active {
                    flags.insert(.focused)
                    flags.remove(.photo)
                } else {
                    flags.insert(.photo)
                    flags.remove(.focused)
                }
                flags.remove(.titleAtTop)
                records[index].titleSlot = TitleSlot.none  // the colour labels stay
                records[index].instanceFlags = flags
            }
        } else if !session.compareMarkedCards.isEmpty {
            let marked = session.compareMarkedCards
            for index in records.indices where marked.contains(CardID(records[index].id)) {
                records[index].instanceFlags.insert(.focused)
            }
        }
    }
}
