import Foundation
import CardPictureDecoding

/// The few words an unreadable picture's card shows where its title goes (SPEC §10 "Loading is
/// visible"): "not a picture", "truncated", "too large: 30000 × 30000", …; the warning on the
/// terminal keeps the whole line.
enum CardReason {
    /// The reason for `error`: a `PictureError`'s `cardReason` (any other error: "unreadable").
    static func of(_ error: any Error) -> String {
        (error as? PictureError)?.cardReason ?? "unreadable"
    }

    /// The title an unreadable picture's card shows: its reason, then its own title.
    static func title(_ title: String, reason: String) -> String {
        title.isEmpty ? reason : "\(reason): \(title)"
    }
}
