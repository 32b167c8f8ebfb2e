import CardCulling
import CardInteraction
import CardLayout
import CardMath
import CardPacking
import CardRendering
import CardSidecars
import CardText
@testable import CardViewerCore
@testable import CardViewerFrame

/// What the soak (`TitleSoakTests`) checks of a `SoakViewer`'s frames, each returning what is
/// wrong (empty: nothing). The expected values come from the deck and the culling state, not from
/// the picture pass: a title's pixels are read back from the atlas and compared with the card's
/// title rasterized here.
final class SoakChecks {
    let soak: SoakViewer
    private let rasterizer: TitleRasterizer
    /// Rasterized titles, by text and slot size.
    private var expected: [String: [UInt8]] = [:]
    private var expectedSize = PixelSize(width: 0, height: 0)
    /// Titles compared with the atlas so far, and marks compared with records.
    private(set) var titlesChecked = 0, marksChecked = 0

    init(_ soak: SoakViewer) throws {
        self.soak = soak
        rasterizer = try TitleRasterizer()
    }

    /// Every frame: each record of a deck card carries that card's culling mark (stars, pick,
    /// reject) and colour labels, as the session's culling state says.
    func marks() -> [String] {
        let session = soak.session
        var wrong: [String] = []
        for record in soak.frame.packer.records {
            guard session.deck.card(CardID(record.id)) != nil else { continue }
            let mark = session.cullMark(of: CardID(record.id))
            marksChecked += 1
            let bits = InstanceFlags.cullBits(stars: mark.stars, picked: mark.flag == .picked, rejected: mark.flag == .rejected)
            let shownBits = UInt8(truncatingIfNeeded: (record.instanceFlags.rawValue & InstanceFlags.cullMask.rawValue))
            if shownBits != bits { wrong.append("card \(record.id): culling bits \(shownBits), its mark \(mark) wants \(bits)") }
            var labels = mark.labels.rawValue
            // The one field value that cannot say all five labels without a title (TitleSlot+Labels).
            if labels == TitleSlot.labelMask, record.titleSlot == TitleSlot.none { labels = 0x0F }
            if record.colorLabelBits != labels {
                wrong.append("card \(record.id): labels \(record.colorLabelBits), its mark wants \(labels)")
            }
        }
        // A card with a title is never "without one" for the title atlas: it would stay blank
        // (`applyTitle` asks no more for such a card). The filter's parked cards and deleted
        // ones (undo brings them back) included.
        let residency = soak.pictures.titleTier.residency
        let whole = session.savedDeck
        for card in whole.cards + whole.deleted where !card.title.isEmpty && residency.isUnreadable(Int(card.id.rawValue)) {
            wrong.append("card \(card.id.rawValue) '\(card.title)': the title atlas holds it as having no title")
        }
        return wrong
    }

    /// At rest, pictures settled: each record of a deck card whose title shows (not the photo
    /// view's picture, not a compare pane) names a title slot, and the slot holds the card's
    /// title as the title rasterizer draws it.
    func titles() throws -> [String] {
        let session = soak.session, renderer = soak.viewer.renderer
        guard !soak.pictures.titlesFailed else { return ["no titles at all: \(soak.pictures.titlesFailed)"] }
        let slotSize = renderer.titleAtlas.slotSize
        if slotSize != expectedSize {
            expected.removeAll()
            expectedSize = slotSize
        }
        let photo = session.photoCard?.rawValue
        let comparing = session.comparesPictures
        var wrong: [String] = []
        var read: [UInt16: [UInt8]] = [:]
        for record in soak.frame.packer.records where record.id != photo {
            guard let card = session.deck.card(CardID(record.id)), !card.title.isEmpty else { continue }
            if comparing, session.compareCrop(ofID: record.id) != nil { continue }
            let slot = record.titleSlot
            guard slot != TitleSlot.none else {
                wrong.append("card \(record.id) '\(card.title)': blank title (no slot)")
                continue
            }
            let pixels: [UInt8]
            if let known = read[slot] {
                pixels = known
            } else {
                pixels = try renderer.readTitleSlot(Int(slot))
                read[slot] = pixels
            }
            titlesChecked += 1
            if pixels != expectedSlot(card.title, size: slotSize) {
                let ink = pixels.reduce(0) { $0 + ($1 > 0 ? 1 : 0) }
                wrong.append("card \(record.id) '\(card.title)': slot \(slot) holds other pixels (\(ink) inked texels)")
            }
        }
        return wrong
    }

    /// After a wait for the culling's writes: each picture's sidecar says the mark its card has.
    func sidecars() -> [String] {
        let session = soak.session
        session.finishCulling()
        let store = XMPSidecarStore()
        var wrong: [String] = []
        for card in session.savedDeck.cards {
            guard case .file(let name) = card.source else { continue }
            let onDisk = store.mark(ofPicture: soak.folder.path(name))
            let shown = session.cullMark(of: card.id)
            if onDisk != shown { wrong.append("\(name): sidecar \(onDisk), the viewer \(shown)") }
        }
        return wrong
    }

    /// Whether the current card is on screen in the layout view (nil: no current card, or the
    /// photo view or compare covers the layout).
    func currentCardOnScreen() -> Bool? {
        let session = soak.session
        guard session.photoCard == nil, !session.comparesPictures, let index = session.layout.currentCardIndex else { return nil }
        let controller = session.layout.controller
        return session.scene.isOnScreen(index, with: controller)
    }

    /// The slot's coverage for `title`: rasterized as `ViewerPictures` asks the title worker
    /// (`TitleJob`), placed at the slot's top-left, the rest clear (`CardRenderer.uploadTitle`).
    private func expectedSlot(_ title: String, size: PixelSize) -> [UInt8] {
        if let known = expected[title] { return known }
        let bitmap = rasterizer.render(title, pixelHeight: size.height, maxWidth: size.width)
        var slot = [UInt8](repeating: 0, count: size.width * size.height)
        for y in 0..<min(bitmap.height, size.height) {
            for x in 0..<min(bitmap.width, size.width) { slot[y * size.width + x] = bitmap.pixels[y * bitmap.width + x] }
        }
        expected[title] = slot
        return slot
    }
}
