import CardLayout
import CardMath
import CardPacking

/// The tests' bulk writers that differ only in their cards: every card a candidate, written in
/// bulk one by one (`writeInstancesOneByOne`), resting in ascending zIndex order. A conforming
/// test layout gives its name, axis, content size and `attributes(at:in:)`.
protocol WholeDeckTestWriter: InstanceWriting {}

extension WholeDeckTestWriter {
    func candidateRange(in context: LayoutContext) -> Range<Int> { 0..<context.cardCount }
    func canWriteInBulk(in context: LayoutContext) -> Bool { true }
    var restingZIndexOrder: IndexOrder { .ascending }
    func writeInstances(_ range: Range<Int>, in context: LayoutContext, layerCount: Int, reversed: Bool,
                        into out: UnsafeMutablePointer<InstanceRecord>) -> Int {
        writeInstancesOneByOne(range, in: context, layerCount: layerCount, reversed: reversed, into: out)
    }
}
