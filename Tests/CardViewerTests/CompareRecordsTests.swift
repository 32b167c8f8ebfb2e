import CardEvents
import CardInteraction
import CardLayout
import CardMath
import CardPacking
import CardViewerCore
@testable import CardViewerFrame
import Testing

/// The compare view's marks on a frame's records (`CompareRecords`): each pane's picture
/// rectangle, the photo view's look for the panes but the active one's focus ring, and the ring
/// on the cards marked for compare (Ctrl+click) while compare is closed.
@Suite struct CompareRecordsTests {
    func records(_ count: Int) -> [InstanceRecord] {
        (0..<count).map {
            var record = InstanceRecord(row0: .zero, row1: .zero, row2: .zero, alpha: 1, depth: 0,
                                        layer: PictureLayer.fullResolution(0), id: UInt32($0))
            record.title = 3
            return record
        }
    }

    func press(_ session: ViewerSession, _ c: Character) {
        session.handle(.key(KeyEvent(key: .character(c), isDown: true, time: session.time)))
        session.handle(.key(KeyEvent(key: .character(c), isDown: false, time: session.time)))
    }

    @Test("pane records take their crops; the active pane has the ring, the other the photo look; other cards are untouched")
    func paneRecords() throws {
        let session = ViewerSession(deck: Deck(syntheticCount: 4),
                                    configuration: .init(layout: .grid, viewport: Size(width: 1280, height: 800)))
        session.pictureSize = { _ in Size(width: 4000, height: 3000) }
        #expect(session.openCompare([CardID(0), CardID(1)]))
        session.advance(to: 0.5)
        for _ in 0..<4 { press(session, "+") }
        session.prepareFrame()
        var frame = records(3)
        frame.withUnsafeMutableBufferPointer { CompareRecords.apply($0, session: session) }
        let crop0 = try #require(session.compareCrop(ofID: 0)), crop1 = try #require(session.compareCrop(ofID: 1))
        #expect(crop0.minX < 0 && crop0.maxX > 1)  // zoomed in: the pane crops the picture
        #expect(frame[0].pictureRectBits == crop0.bits && frame[1].pictureRectBits == crop1.bits)
        #expect(frame[0].instanceFlags.contains(.focused) && !frame[0].instanceFlags.contains(.photo))
        #expect(frame[1].instanceFlags.contains(.photo) && !frame[1].instanceFlags.contains(.focused))
        #expect(frame[0].title == TitleSlot.none && frame[1].title == TitleSlot.none)
        #expect(frame[2].pictureRectBits == PictureRect.fullBits && frame[2].title == 3 && frame[2].instanceFlags.rawValue == 0)
    }

    @Test("a pane's colour labels stay on its record when compare takes its title away")
    func paneKeepsLabels() throws {
        let session = ViewerSession(deck: Deck(syntheticCount: 4),
                                    configuration: .init(layout: .grid, viewport: Size(width: 1280, height: 800)))
        session.pictureSize = { _ in Size(width: 4000, height: 3000) }
        #expect(session.openCompare([CardID(0), CardID(1)]))
        session.advance(to: 0.5)
        session.prepareFrame()
        var frame = records(2)
        frame[0].colorLabelBits = 0b1001  // red and blue
        frame.withUnsafeMutableBufferPointer { CompareRecords.apply($0, session: session) }
        #expect(frame[0].titleSlot == TitleSlot.none && frame[0].colorLabelBits == 0b1001)
        #expect(frame[1].title == TitleSlot.none)
    }

    @Test("while compare is closed, the cards marked for it carry the ring")
    func markedCards() {
        let session = ViewerSession(deck: Deck(syntheticCount: 4),
                                    configuration: .init(layout: .grid, viewport: Size(width: 1280, height: 800)))
        session.toggleCompareMark(CardID(2))
        var frame = records(4)
        frame.withUnsafeMutableBufferPointer { CompareRecords.apply($0, session: session) }
        #expect(frame.map { $0.instanceFlags.contains(.focused) } == [false, false, true, false])
        #expect(frame.allSatisfy { $0.pictureRectBits == PictureRect.fullBits && $0.title == 3 })
    }
}
