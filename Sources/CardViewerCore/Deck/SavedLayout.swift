import CardCulling
import CardLayout
import CardMath
import CardPictureFolders

/// The layout a state file remembers (SPEC §12): its name in the registry and the options the
/// user set (`--set`, the options panel, or the wheel's radius keys), by option name. Written as
/// `"layout": {"cameraDistance": 1500, "name": "wheel", "options": {"radius": 700}}`; ±∞ as the
/// strings `"inf"`/`"-inf"`. The camera's distance travels with the layout: it is how the layout
/// is looked at (`--camera-distance`). A layout file's layout also has `"layoutFile"` (the file's
/// absolute path) and `"builtIn"` (the built-in layout to fall back on when the file is gone or
/// broken at the next start).
public struct SavedLayout: Hashable, Sendable {
    public var name: String
    /// The options set by the user, option name → value.
    public var options: [String: Double]
    /// The shared camera's eye distance, points (`--camera-distance`); `nil`: the default, 1500
    /// (the session leaves the default out, so older state files and newer ones read alike).
    public var cameraDistance: Double?
    /// The layout file the layout came from (absolute, any bytes); `nil` for a built-in layout.
    public var file: String?
    /// The last built-in layout shown before the file's: where the next start goes when the file
    /// is gone or broken. `nil` when unknown (then `pages`).
    public var builtIn: String?
    /// Where the deck was scrolled to, content points of this layout (`"offset": {"x", "y"}`);
    /// `nil`: the start (an older state). Saved at rest and on quit, not every frame.
    public var offset: Vec2?
    /// The current card's id (SPEC §10, `"currentCard"`); `nil`: the first card.
    public var currentCard: UInt32?
    /// The culling filter (`"filter"`: `"all"`, `"picksOnly"`, `"rejectsHidden"`) and the marks
    /// kept in the state rather than in sidecars (`"marks"`: `{"KEY": {"flag": "rejected",
    /// "stars": 3}}`, keys as `SessionCulling.stateKey`); `nil`: none (an older state).
    public var culling: SavedCulling?
    /// The deck's sort (`--sort`, `"sort"`: `"time"`, `"rating"`, `"size"`); `nil`: by name (the
    /// default, not written). How it meets a saved order: [formats/state.md](../../../docs/formats/state.md).
    public var sort: PictureSort?

    public init(name: String, options: [String: Double] = [:], file: String? = nil, builtIn: String? = nil) {
        self.name = name
        self.options = options
        self.file = file
        self.builtIn = builtIn
    }

    /// The layout `kind` with the user's `values`.
    public init(_ kind: LayoutKind, values: LayoutOptionValues?) {
        self.init(name: kind.name, options: values?.overrides ?? [:])
    }

    /// This state in the built-in layout shown before its layout file's (`builtIn`, or
    /// `otherwise` when that is unknown or not registered), for a start whose remembered file is
    /// gone or broken: the file's options and offset go (they are the file layout's), the camera,
    /// the current card, the filter and the marks stay.
    public func fallingBack(to otherwise: LayoutKind, in registry: LayoutRegistry = .shared) -> SavedLayout {
        var fallback = self
        fallback.name = builtIn.flatMap { registry.descriptor(named: $0)?.kind.name } ?? otherwise.name
        fallback.options = [:]
        fallback.file = nil
        fallback.builtIn = nil
        fallback.offset = nil
        return fallback
    }

    /// The registered layout this names, with the saved options that are still options of it
    /// and in range; `nil` when no layout of that name is registered. `dropped` names the
    /// options left out (the layout changed since the file was saved).
    public func resolved(in registry: LayoutRegistry = .shared) -> (kind: LayoutKind, values: LayoutOptionValues, dropped: [String])? {
        guard let descriptor = registry.descriptor(named: name) else { return nil }
        var values = descriptor.defaultValues
        var dropped: [String] = []
        for (option, value) in options.sorted(by: { $0.key < $1.key }) {
            do { try values.set(option, to: value) } catch { dropped.append(option) }
        }
        return (descriptor.kind, values, dropped)
    }
}
