import CardLayout
import CardPacking
@testable import CardViewerFrame
import Testing

/// The session's marks on a frame's records (`FrameMarks`): focus, the photo view's picture, and
/// the culling bits.
@Suite struct FrameMarksTests {
    @Test("the photo view's picture drops its title and its titles-at-top placement: the mark sits top-left in every layout")
    func photoRecordFromPagesPutsItsMarkTopLeft() {
        var records = (0..<2).map {
            InstanceRecord(row0: .zero, row1: .zero, row2: .zero, alpha: 1, depth: 0, layer: PictureLayer.fullResolution(0), id: UInt32($0))
        }
        for index in records.indices {
            records[index].title = 3
            records[index].instanceFlags.insert(.titleAtTop)
        }
        records.withUnsafeMutableBufferPointer { buffer in
            FrameMarks.apply(buffer, focused: CardID(1), photo: CardID(0), cullBits: { _ in InstanceFlags.cullBits(stars: 2, picked: true, rejected: false) })
        }
        #expect(records[0].instanceFlags.contains(.photo) && !records[0].instanceFlags.contains(.titleAtTop))
        #expect(records[0].title == TitleSlot.none)
        // The other card keeps its layout's look.
        #expect(records[1].instanceFlags.contains(.titleAtTop) && records[1].instanceFlags.contains(.focused))
        #expect(records[1].title == 3)
        #expect(records.allSatisfy { $0.instanceFlags.rawValue & InstanceFlags.cullMask.rawValue == InstanceFlags.cullBits(stars: 2, picked: true, rejected: false) })
    }
}
