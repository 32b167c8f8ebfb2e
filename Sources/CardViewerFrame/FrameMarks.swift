import CardLayout
import CardPacking

/// Marks on a frame's records that come from the session rather than the pictures: the current
/// card's focus ring (SPEC §10: `InstanceFlags.focused`, drawn by the card shader as a wider
/// accent rim) and the photo view's picture (`InstanceFlags.photo`: square corners, no rim, no
/// badge, no title — the picture alone, whole) — and each card's culling mark
/// (`InstanceFlags.cullBits`: stars, a pick flag, rejected cards dimmed) with its colour labels
/// (`InstanceRecord.colorLabelBits`, drawn as dots in the mark's pill, the photo view's picture
/// included).
enum FrameMarks {
    /// Sets the focus flag on the record of card `focused` and the photo flag on that of `photo`
    /// when it shows a picture (taking its title away, and its titles-at-top placement, so the
    /// mark sits top-left), clearing both on the others; sets each record's culling bits and
    /// colour labels (after the title's slot, which shares the labels' field: `TitleSlot+Labels`).
    ///
    /// - Complexity: O(k) for k records, no allocation.
    static func apply(_ records: UnsafeMutableBufferPointer<InstanceRecord>, focused: CardID?, photo: CardID?,
                      cullBits: (UInt32) -> UInt8 = { _ in 0 }, labelBits: (UInt32) -> UInt8 = { _ in 0 }) {
        let focusedID = focused?.rawValue, photoID = photo?.rawValue
        for index in records.indices {
            var flags = records[index].instanceFlags
            // The culling mark (SPEC §10): stars, pick or reject, drawn by the card shader.
            flags = InstanceFlags(rawValue: (flags.rawValue & ~InstanceFlags.cullMask.rawValue) | cullBits(records[index].id))
            let id = records[index].id
            if id == focusedID { flags.insert(.focused) } else { flags.remove(.focused) }
            // A card without a picture (a generated deck) keeps its own look, badge included: its
            // number is what it shows.
            if id == photoID, records[index].layer != PictureLayer.none {
                flags.insert(.photo)
                // The picture's mark in its top-left corner whichever layout it was opened from
                // (pages and tasks put their cards' marks bottom-left, under titles at the top).
                flags.remove(.titleAtTop)
                records[index].title = TitleSlot.none
            } else {
                flags.remove(.photo)
            }
            records[index].instanceFlags = flags
            records[index].colorLabelBits = labelBits(id)
        }
    }
}
