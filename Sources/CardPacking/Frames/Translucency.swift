/// How `depth` ordering draws translucent cards (alpha < 1). `zindex` ordering ignores it: it
/// paints every card back to front by zIndex.
///
/// Chosen by measurement (docs/COMPARE.md): depth peeling is exact and costs
/// one extra pass of the opaque cards plus two passes per layer of translucent cards actually
/// present; frames without translucent cards, or with one, take the single sorted pass, which
/// is then exact too.
public enum Translucency: String, CaseIterable, Sendable, Codable {
    /// Exact: depth peeling. The opaque cards first, in one pass; then layer after layer of
    /// translucent fragments, nearest first, each layer one instanced draw of the translucent
    /// cards that keeps only the fragments strictly behind the previous layer and in front of
    /// the opaque cards; each layer is composited under the ones before it, and the stack over
    /// the opaque image. An occlusion query stops at the first empty layer; past
    /// `CardRenderer.maximumPeelLayers` the rest is drawn sorted (exact up to that depth
    /// complexity).
    case peeled
    /// One pass, sorted back to front by each card's center distance from the eye, depth-tested
    /// without writing depth. Cheap, but wrong where translucent cards intersect, and where a
    /// card whose center is nearer still lies behind another at some pixel.
    case sorted
}
