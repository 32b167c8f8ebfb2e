import CardLayout
import CardPacking
@testable import CardViewerFrame
import Testing

/// The colour labels `FrameMarks` puts on a frame's records (in the title field's high bits):
/// kept beside each card's title slot, and on the photo view's picture, whose title goes.
@Suite struct FrameMarksLabelTests {
    @Test("labels land beside the title's slot; the photo view's picture keeps its labels without a title")
    func labelsOnRecords() {
        var records = (0..<3).map {
            InstanceRecord(row0: .zero, row1: .zero, row2: .zero, alpha: 1, depth: 0, layer: PictureLayer.fullResolution(0), id: UInt32($0))
        }
        for index in records.indices { records[index].title = 3 }
        let labels: [UInt32: UInt8] = [0: 0b0001, 1: 0b1010]
        records.withUnsafeMutableBufferPointer { buffer in
            FrameMarks.apply(buffer, focused: nil, photo: CardID(0), labelBits: { labels[$0] ?? 0 })
        }
        #expect(records[0].titleSlot == TitleSlot.none && records[0].colorLabelBits == 0b0001)
        #expect(records[1].titleSlot == 3 && records[1].colorLabelBits == 0b1010)
        // A card without labels: its field as it was.
        #expect(records[2].title == 3)
        // The next frame's marks replace the last's.
        records.withUnsafeMutableBufferPointer { buffer in
            FrameMarks.apply(buffer, focused: nil, photo: nil)
        }
        #expect(records[1].title == 3 && records[1].colorLabelBits == 0)
    }
}
