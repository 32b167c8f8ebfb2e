import Foundation
import CardPictureDecoding

/// The few words an unreadable picture's card shows where its title goes (SPEC §10 "Loading is
/// visible"): "not a picture", "truncated", "too large: 30000 × 30000", …; the warning on the
/// terminal keeps the whole line.
enum CardReason {
    /// The reason for `error`, a `PictureError` (any other error: "unreadable").
    static func of(_ error: any Error) -> String {
        guard let error = error as? PictureError else { return "unreadable" }
        switch error {
        case let .unsupported(_, reason): return reason.contains("not a PNG, JPEG") ? "not a picture" : "not supported"
        case .truncated: return "truncated"
        case let .corrupt(_, reason):
            // A failure remembered in the thumbnail cache carries the first one's line.
            return reason.hasSuffix(rememberedSuffix) ? of(line: reason) : "corrupt"
        case let .tooLarge(_, width, height, _): return "too large: \(width) × \(height)"
        case .tooMuchMemory, .tooMuchWork, .fileTooLarge, .headerTooLarge: return "too large"
        case .unreadable: return "unreadable"
        }
    }

    /// The reason in a `PictureError.description` line (`picture 'NAME' is truncated: …`), read
    /// after the name's closing quote so that no file name can change it.
    static func of(line: String) -> String {
        guard let quote = line.range(of: "' is ", options: .backwards) else { return "corrupt" }
        let rest = line[quote.upperBound...]
        if rest.hasPrefix("not supported") { return rest.contains("not a PNG, JPEG") ? "not a picture" : "not supported" }
        if rest.hasPrefix("truncated") { return "truncated" }
        if rest.hasPrefix("too large") { return "too large" }
        return "corrupt"
    }

    /// How `ThumbnailCache` marks a failure read back from its record.
    static let rememberedSuffix = "(remembered from an earlier attempt)"

    /// The title an unreadable picture's card shows: its reason, then its own title.
    static func title(_ title: String, reason: String) -> String {
        title.isEmpty ? reason : "\(reason): \(title)"
    }
}
