import CardCulling
import CardInteraction
import CardPacking
import CardTestSupport
@testable import CardViewerCore
import Testing

/// The colour labels the session hands the frame (`colorLabelBits(ofID:)`, drawn on each card):
/// `ColorLabels`' raw value, bit k darktable's label k, as `TitleSlot+Labels` stores it.
@Suite struct ColorLabelBitsTests {
    @Test("6 and 9 on a card: red and blue bits; a card without labels: none")
    func keysSetTheBits() throws {
        #expect(ColorLabels.named.enumerated().allSatisfy { $0.element.label.rawValue == 1 << $0.offset })
        #expect(ColorLabels([.red, .yellow, .green, .blue, .purple]).rawValue == TitleSlot.labelMask)
        let session = cullingSession(store: RecordingCullStore())
        try play(script([cullKey("6", at: 0.1), cullKey("9", at: 0.2), cullKey("3", at: 0.3)], end: 0.5), into: session)
        session.finishCulling()
        #expect(session.colorLabelBits(ofID: 0) == 0b1001)
        #expect(session.colorLabelBits(ofID: 1) == 0)
        // A pick adds the pick label (green by default): its bit too.
        try play(script([cullKey("right", at: 0.1), cullKey("p", at: 0.2)], end: 0.5), into: session)
        session.finishCulling()
        #expect(session.colorLabelBits(ofID: 1) == ColorLabels.green.rawValue)
    }
}
