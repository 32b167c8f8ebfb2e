import CardCulling

/// How a `CullMark` is written in XMP (SPEC §10), the meaning darktable, digiKam, Lightroom and
/// exiftool give these properties:
///
/// | mark | `xmp:Rating` | `digiKam:PickLabel` | `cardviewer:StarsBeforeReject` |
/// | --- | --- | --- | --- |
/// | none, `s` stars | `s` (0–5) | 0 | absent |
/// | picked, `s` stars | `s` | 3 | absent |
/// | rejected, `s` stars kept | −1 | 1 | `s` (absent when 0) |
///
/// Read back: `xmp:Rating` < 0 or `digiKam:PickLabel` 1 is a reject; `PickLabel` 3 a pick
/// (2, digiKam's "pending", and 0 are neither); stars are the rating rounded and clamped to
/// 0…5, or, while rejected by rating −1, `StarsBeforeReject`.
enum XMPCullMark {
    /// `digiKam:PickLabel` values (digiKam: 0 none, 1 rejected, 2 pending, 3 accepted).
    static let pickLabelNone: Int32 = 0
    static let pickLabelRejected: Int32 = 1
    static let pickLabelPicked: Int32 = 3
    /// `xmp:Rating` of a rejected picture (darktable, Lightroom, digiKam).
    static let ratingRejected: Int32 = -1

    /// The mark `document` states; `.unmarked` when it states nothing.
    static func mark(in document: XMPDocument) -> CullMark {
        let rating = document.number(XMPDocument.xmpNamespace, "Rating")
        let pickLabel = document.number(XMPDocument.digiKamNamespace, "PickLabel").map { Int32(small($0)) }
        let rejectedByRating = (rating ?? 0) < 0
        let rejected = rejectedByRating || pickLabel == pickLabelRejected
        var stars = rejectedByRating ? 0 : small(rating ?? 0)
        if rejectedByRating, let kept = document.number(XMPDocument.cardViewerNamespace, "StarsBeforeReject") {
            stars = small(kept)
        }
        let flag: CullMark.Flag = rejected ? .rejected : pickLabel == pickLabelPicked ? .picked : .none
        return CullMark(stars: stars, flag: flag)
    }

    /// `value` rounded to a whole number within ±100 (a hostile "1e300" cannot trap the
    /// conversion; `CullMark` clamps stars to 0…5 anyway).
    private static func small(_ value: Double) -> Int {
        Int(min(max(value, -100), 100).rounded())
    }

    /// Writes `mark` into `document`, changing only the three properties above.
    static func write(_ mark: CullMark, into document: XMPDocument) {
        let stars = Int32(mark.stars)
        switch mark.flag {
        case .none, .picked:
            document.set(XMPDocument.xmpNamespace, "Rating", to: stars)
            document.set(XMPDocument.digiKamNamespace, "PickLabel", to: mark.flag == .picked ? pickLabelPicked : pickLabelNone)
            document.remove(XMPDocument.cardViewerNamespace, "StarsBeforeReject")
        case .rejected:
            document.set(XMPDocument.xmpNamespace, "Rating", to: ratingRejected)
            document.set(XMPDocument.digiKamNamespace, "PickLabel", to: pickLabelRejected)
            if stars > 0 {
                document.set(XMPDocument.cardViewerNamespace, "StarsBeforeReject", to: stars)
            } else {
                document.remove(XMPDocument.cardViewerNamespace, "StarsBeforeReject")
            }
        }
    }
}
