import CardLayout
import CardMath

/// The task switcher's bulk path: only the cards in `candidateRange` (at most 7, the slots that
/// meet the seed's visible rect) have alpha 1; every other card has alpha 0 and nothing to draw,
/// so the writer skips them without computing them and writes the few others one by one.
extension TasksLayout: InstanceWriting {
    /// The task switcher has no dynamic state; the context must be finite.
    public func canWriteInBulk(in context: LayoutContext) -> Bool {
        context.isBulkSafe
    }

    /// zIndex = index.
    public var restingZIndexOrder: IndexOrder { .ascending }

    /// Every card at rest has alpha 1.
    public var writesOnlyOpaqueRecords: Bool { true }

    public func writeInstances(_ range: Range<Int>, in context: LayoutContext, layerCount: Int, reversed: Bool,
                               into out: UnsafeMutablePointer<InstanceRecord>) -> Int {
        writeInstancesOneByOne(range.clamped(to: candidateRange(in: context)), in: context, layerCount: layerCount,
                               reversed: reversed, into: out)
    }
}
