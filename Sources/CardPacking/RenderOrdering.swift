/// How overlapping cards decide which one is seen (SPEC §3).
public enum RenderOrdering: String, CaseIterable, Sendable, Codable {
    /// Core Animation's behaviour: cards sorted by zIndex (then index), drawn back to front with
    /// the depth test off. A card with a higher zIndex covers lower ones wherever they overlap,
    /// even where it lies behind them in 3D — the seeds' intersection artifact.
    case zindex
    /// The depth buffer decides per pixel: opaque cards in one pass with depth test and writes;
    /// translucent cards (alpha < 1) after them, exactly by depth peeling (or sorted back to
    /// front, see `Translucency`).
    case depth
}
