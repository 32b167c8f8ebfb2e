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
/// Colour labels: `darktable:colorlabels` every one by number (an `rdf:Seq` of 0 red … 4
/// purple) and, where there is exactly one, `xmp:Label` its name (`Red`, `Yellow`, `Green`,
/// `Blue`, `Purple`: Lightroom's, Bridge's, Photo Mechanic's single label); both absent when there
/// are none. darktable 4.2 reads `xmp:Label` over `colorlabels` (measured: `Blue` with `[0]`
/// imports as blue alone), so a second label is written to `colorlabels` alone, where darktable
/// sees them all. The labels a pick added go in `cardviewer:LabelsAddedByPick` (names,
/// comma-separated). Label properties are rewritten only when the labels change, so a label
/// word we do not know (`Select`) stays.
///
/// Read back (SPEC §10's reading rule): rejected iff `xmp:Rating` is −1; `digiKam:PickLabel` 1
/// counts as a reject only where `xmp:Rating` is absent (a rating written later by a tool that
/// knows no pick labels — darktable, geeqie, Lightroom — wins); `PickLabel` 3 is a pick (2,
/// digiKam's "pending", and 0 are neither); stars are the rating rounded and clamped to 0…5, or,
/// while rejected by rating −1, `StarsBeforeReject`. Labels as darktable 4.2 imports them:
/// `xmp:Label` where it names a colour, else `darktable:colorlabels`.
enum XMPCullMark {
    /// `digiKam:PickLabel` values (digiKam: 0 none, 1 rejected, 2 pending, 3 accepted).
    static let pickLabelNone: Int32 = 0
    static let pickLabelRejected: Int32 = 1
    static let pickLabelPicked: Int32 = 3
    /// `xmp:Rating` of a rejected picture (darktable, Lightroom, digiKam).
    static let ratingRejected: Int32 = -1

    /// The mark `document` states; `.unmarked` when it states nothing.
    static func mark(in document: XMPDocument) -> CullMark {
        let rating = document.number(XMPDocument.xmpNamespace, "Rating").map(small)
        let pickLabel = document.number(XMPDocument.digiKamNamespace, "PickLabel").map { Int32(small($0)) }
        let rejectedByRating = rating == Int(ratingRejected)
        let rejected = rating.map { _ in rejectedByRating } ?? (pickLabel == pickLabelRejected)
        var stars = rejectedByRating ? 0 : max(rating ?? 0, 0)
        if rejectedByRating, let kept = document.number(XMPDocument.cardViewerNamespace, "StarsBeforeReject") {
            stars = small(kept)
        }
        let flag: CullMark.Flag = rejected ? .rejected : pickLabel == pickLabelPicked ? .picked : .none
        let labels = self.labels(in: document)
        let added = flag == .picked ? names(document.string(XMPDocument.cardViewerNamespace, "LabelsAddedByPick") ?? "") : []
        return CullMark(stars: stars, flag: flag, labels: labels, labelsAddedByPick: added)
    }

    /// The colour labels `document` states: `xmp:Label` where it names a colour, else
    /// `darktable:colorlabels` (darktable 4.2's reading).
    static func labels(in document: XMPDocument) -> ColorLabels {
        if let word = document.string(XMPDocument.xmpNamespace, "Label"), let label = ColorLabels(name: word), !label.isEmpty {
            return label
        }
        if let numbers = document.arrayItems(XMPDocument.darktableNamespace, "colorlabels") {
            var labels: ColorLabels = []
            for item in numbers {
                guard let n = Int(item.trimmingCharacters(in: .whitespaces)), ColorLabels.named.indices.contains(n) else { continue }
                labels.insert(ColorLabels.named[n].label)
            }
            return labels
        }
        return []
    }

    /// The labels named in `text` (`Red,Green`); unknown words left out.
    private static func names(_ text: String) -> ColorLabels {
        var labels: ColorLabels = []
        for word in text.split(separator: ",") {
            if let label = ColorLabels(name: word.trimmingCharacters(in: .whitespaces)) { labels.formUnion(label) }
        }
        return labels
    }

    /// `value` rounded to a whole number within ±100 (a hostile "1e300" cannot trap the
    /// conversion; `CullMark` clamps stars to 0…5 anyway).
    private static func small(_ value: Double) -> Int {
        Int(min(max(value, -100), 100).rounded())
    }

    /// Writes `mark` into `document`, changing only the properties above (the labels' only
    /// when they differ from what `document` states).
    static func write(_ mark: CullMark, into document: XMPDocument) {
        if labels(in: document) != mark.labels {
            if !mark.labels.isEmpty {
                let names = mark.labels.names
                if names.count == 1 {
                    document.set(XMPDocument.xmpNamespace, "Label", to: names[0])
                } else {
                    document.remove(XMPDocument.xmpNamespace, "Label")
                }
                document.setSequence(XMPDocument.darktableNamespace, "colorlabels", to: mark.labels.darktableNumbers.map(String.init))
            } else {
                document.remove(XMPDocument.xmpNamespace, "Label")
                document.remove(XMPDocument.darktableNamespace, "colorlabels")
            }
        }
        if mark.flag == .picked, !mark.labelsAddedByPick.isEmpty {
            document.set(XMPDocument.cardViewerNamespace, "LabelsAddedByPick", to: mark.labelsAddedByPick.names.joined(separator: ","))
        } else {
            document.remove(XMPDocument.cardViewerNamespace, "LabelsAddedByPick")
        }
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
