import CardLayout
import CardMath
import CardPacking
import CardPictures
import CardText
import CardThumbnails
import CardViewerCore
import Foundation

/// The first screen's card pictures prepared while the window opens (SPEC §10: the first
/// screen of thumbnails warm within 0.3 s).
///
/// Opening a window and its GL context takes a good part of the first 0.3 s, and the picture
/// workers start only once the renderer exists. Before that, the cards the first frame will
/// show are known: the session is laid out at the window's size, its cards packed as a frame
/// would pack them (`predictedLoads`), and their card-tier loads — the same `PictureLoad`s the
/// first frame's demand asks for: layer side, thumbnail folder — are prepared by one thread,
/// the cards on screen first, in deck order, while the main thread opens the window. The
/// workers then take each prepared picture instead of preparing it again (`take`), or wait for
/// the one in progress. Cards large enough for the full tier (pages' cards) get their
/// full-tier pictures next, once their card-tier loads have told their sizes
/// (`FullTierPrediction`): the window's first frame learns those sizes (`knownSize`), asks for
/// the full tier and takes what is ready; the rest is taken when later frames ask.
///
/// The first frame's titles are rasterized the same way, on a second thread (finding and opening
/// the font is most of the first title's time), with the `TitleWorkshop` the title worker then
/// keeps using: the first frame can show its cards whole, pictures and titles.
///
/// A prediction that misses (another framebuffer size on a HiDPI screen, a window the window
/// manager resized) costs the thread's work and nothing else: no load matches it, and what was
/// prepared is let go with `discard()`. Decodes go through the pipeline's decode budget.
public final class FirstScreenPrefetch: @unchecked Sendable {
    /// What makes two loads the same work.
    private struct Key: Hashable {
        var path: String
        var layerSize: PixelSize
        var thumbnailSize: ThumbnailSize?
        var mipmapped: Bool

        init(_ load: PictureLoad) {
            path = load.path
            layerSize = load.layerSize
            thumbnailSize = load.thumbnailSize
            mipmapped = load.mipmapped
        }
    }

    /// How the pictures are decoded: the pipeline's own (its decode budget included).
    let decoding: PictureDecoding
    /// The thumbnail cache the loads read through: the pipeline's own.
    let cache: ThumbnailCache?
    /// The loads in the order the thread takes them: the card tier's, then (inserted once the
    /// on-screen cards' sizes are known) the full tier's.
    private var loads: [PictureLoad]
    /// What the full tier will ask for, and after how many loads its pictures' sizes are known.
    private let fullTier: FullTierPrediction?
    /// Pictures' upright sizes from the loads prepared so far, by path.
    private var sizes: [String: PixelSize] = [:]
    private var fullTierInserted = false
    private let condition = NSCondition()
    private var next = 0
    private var inProgress: Key?
    private var ready: [Key: Result<PreparedPicture, any Error>] = [:]
    /// Loads a worker took over before the thread reached them: skipped.
    private var claimed: Set<Key> = []
    private var stopped = false
    private var taken = 0
    /// The title rasterizer the first titles are made with, handed on to the title worker.
    let titleWorkshop: TitleWorkshop
    private let titles: [TitleJob]
    private var nextTitle = 0
    private var readyTitles: [TitleJob: TitleBitmap] = [:]

    /// Starts preparing `loads`, in order, on a thread of its own, and rasterizing `titles`
    /// with `titleWorkshop` on another.
    init(loads: [PictureLoad], fullTier: FullTierPrediction? = nil, titles: [TitleJob] = [],
         titleWorkshop: TitleWorkshop = TitleWorkshop(), decoding: PictureDecoding, cache: ThumbnailCache?) {
        self.loads = loads
        self.fullTier = fullTier
        self.titles = titles
        self.titleWorkshop = titleWorkshop
        self.decoding = decoding
        self.cache = cache
        // One thread: the window opening takes the other core (a second one gained little on
        // the first screen and delayed the first frame: docs/BENCHMARKS.md, "The picture
        // pipeline's constants").
        let thread = Thread { [self] in run() }
        thread.name = "first-screen"
        thread.start()
        if !titles.isEmpty {
            let titleThread = Thread { [self] in runTitles() }
            titleThread.name = "first-titles"
            titleThread.start()
        }
    }

    /// The prepared picture for `load`, waiting while the thread prepares exactly that one;
    /// `nil` when it was not prepared (the caller prepares it; the thread then skips it).
    /// Rethrows the decode's error when preparing it failed.
    func take(_ load: PictureLoad) throws -> PreparedPicture? {
        let key = Key(load)
        condition.lock()
        defer { condition.unlock() }
        while inProgress == key { condition.wait() }
        guard let result = ready.removeValue(forKey: key) else {
            claimed.insert(key)
            return nil
        }
        taken += 1
        var prepared = try result.get()
        prepared.generation = load.generation
        return prepared
    }

    /// The prepared picture for `load` if it is ready now (never waits; `nil` leaves the load
    /// to the thread or a worker): the frame loop takes a ready first screen at once, past the
    /// workers' queue.
    func takeIfReady(_ load: PictureLoad) -> PreparedPicture? {
        let key = Key(load)
        condition.lock()
        defer { condition.unlock() }
        guard case .success(var prepared)? = ready[key] else { return nil }
        ready[key] = nil
        taken += 1
        prepared.generation = load.generation
        return prepared
    }

    /// The upright size of the picture at `path` if a load the thread prepared has told it
    /// (never waits): the window's first frame knows which of its large cards want the full
    /// tier before it takes their card-tier pictures (`ViewerPictures.decorate`).
    func knownSize(ofPath path: String) -> PixelSize? {
        condition.lock()
        defer { condition.unlock() }
        return sizes[path]
    }

    /// The title bitmap of `job` if it is rasterized now (never waits; `nil` leaves it to the
    /// title worker, which also reports a missing font).
    func takeTitleIfReady(_ job: TitleJob) -> TitleBitmap? {
        condition.lock()
        defer { condition.unlock() }
        return readyTitles.removeValue(forKey: job)
    }

    /// Stops the threads after the load and title in progress and lets go of what was not taken.
    public func discard() {
        condition.lock()
        stopped = true
        ready.removeAll()
        readyTitles.removeAll()
        condition.unlock()
    }

    /// The titles predicted (the first frame's cards').
    var titleCount: Int { titles.count }

    /// Waits until the title thread has been through every title or `seconds` passed (tests).
    func waitUntilTitlesDone(seconds: Double) -> Bool {
        wait(seconds: seconds) { nextTitle >= titles.count }
    }

    /// The loads predicted: the first frame's card-tier pictures, and the full tier's once
    /// their sizes were known.
    var loadCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return loads.count
    }

    /// The number of loads a worker took prepared (or waited for) instead of preparing them.
    var takenCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return taken
    }

    /// Waits until the thread has been through every load (prepared or skipped) or `seconds`
    /// passed; true when it has (tests: a prediction checked without a race against the workers).
    func waitUntilDone(seconds: Double) -> Bool {
        wait(seconds: seconds) { next >= loads.count && inProgress == nil }
    }

    /// Waits until `done` (read with `condition` locked) or `seconds` passed; true when done.
    private func wait(seconds: Double, until done: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock()
        defer { condition.unlock() }
        while !done() {
            guard condition.wait(until: deadline) else { return false }
        }
        return true
    }

    /// The number of loads prepared and not taken yet.
    var readyCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return ready.count
    }

    private func runTitles() {
        while true {
            condition.lock()
            guard !stopped, nextTitle < titles.count else {
                nextTitle = titles.count
                condition.broadcast()
                condition.unlock()
                return
            }
            let job = titles[nextTitle]
            condition.unlock()
            let bitmap = try? titleWorkshop.render(job)
            condition.lock()
            if !stopped, let bitmap { readyTitles[job] = bitmap }
            nextTitle += 1
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Puts the full tier's loads next once the thread is past the on-screen cards' loads (the
    /// thread, between loads, with `condition` locked).
    private func insertFullTierIfDue() {
        guard let fullTier, !fullTierInserted, next >= fullTier.after else { return }
        fullTierInserted = true
        loads.insert(contentsOf: fullTier.loads(sizes: sizes, cache: cache), at: next)
    }

    private func run() {
        while true {
            condition.lock()
            insertFullTierIfDue()
            while next < loads.count, claimed.contains(Key(loads[next])) {
                next += 1
                insertFullTierIfDue()
            }
            guard !stopped, next < loads.count else {
                next = loads.count
                condition.broadcast()
                condition.unlock()
                return
            }
            let load = loads[next]
            let key = Key(load)
            inProgress = key
            next += 1
            condition.unlock()
            let result = Result { try PictureWork.prepare(load, decoding: decoding) }
            condition.lock()
            if !stopped { ready[key] = result }
            if case .success(let prepared) = result, !prepared.fullSize.isEmpty { sizes[load.path] = prepared.fullSize }
            inProgress = nil
            insertFullTierIfDue()  // in the same lock: a waiter never sees the loads without it
            condition.broadcast()
            condition.unlock()
        }
    }

    /// The card-tier loads the first frame of `session` will ask for on a framebuffer of
    /// `framebuffer` pixels: its cards packed as a frame packs them, each card's picture at the
    /// card tier's layer side (`PictureSizing.cardTierSide`) and the thumbnail folder of the
    /// largest card on screen (`ThumbnailSize.forCard`, as `decorate` chooses it before any
    /// picture's size is known), in deck order (the order the demand asks in).
    static func predictedLoads(session: ViewerSession, catalog: DeckCatalog, framebuffer: PixelSize,
                               cache: ThumbnailCache?) -> [PictureLoad] {
        predicted(session: session, catalog: catalog, framebuffer: framebuffer, cache: cache).loads
    }

    /// The first frame's card-tier loads (`predictedLoads`) and the titles of its cards, in
    /// deck order, as `updateTitles` asks for them (`ViewerPictures.titleSlotSize`).
    static func predicted(session: ViewerSession, catalog: DeckCatalog, framebuffer: PixelSize,
                          cache: ThumbnailCache?, fullLayers: Int = 0)
        -> (loads: [PictureLoad], titles: [TitleJob], fullTier: FullTierPrediction?) {
        guard !framebuffer.isEmpty, session.viewport.width > 0 else { return ([], [], nil) }
        let packer = BulkInstancePacker()
        if !session.writeBulkRecords(into: packer) {
            session.prepareFrame()
            packer.pack(cards: session.frameCards, offset: session.offset, camera: session.camera,
                        ordering: session.ordering, layers: LayerChoice(count: 0),
                        searchingTies: session.frameMayTieCoplanarCards)
        } else {
            packer.orderRecords()
            session.assignDeckIDs(to: packer)
        }
        let table = catalog.pictureTable(for: session.deck)
        let scale = Double(framebuffer.width) / session.viewport.width
        let side = PictureSizing.cardTierSide(framebuffer: framebuffer)
        var cards: [(position: Int, picture: Int, onScreen: Bool)] = []
        var large: [(picture: Int, area: Double, box: Size)] = []
        var titled: [(position: Int, id: UInt32)] = []
        var largest = 0.0
        for record in packer.records {
            let id = Int(record.id)
            guard let position = session.deck.index(of: CardID(record.id)) else { continue }
            if catalog.showsTitles { titled.append((position, record.id)) }
            let picture = id < table.count ? Int(table[id]) : (table.isEmpty ? Int(catalog.defaultPicture(forID: record.id)) : -1)
            guard picture >= 0, picture < catalog.pictures.count else { continue }
            let onScreen = RecordGeometry.isOnScreen(record, camera: session.camera)
            let size = RecordGeometry.sizeOnScreen(record, camera: session.camera)
            let pixels = Size(width: size.width * scale, height: size.height * scale)
            if onScreen, pixels.isFinite {
                largest = max(largest, pixels.width, pixels.height)
                if PictureSizing.tier(forCardOnScreen: pixels, cardTierSide: side) == .full {
                    large.append((picture, pixels.width * pixels.height, pixels))
                }
            }
            cards.append((position, picture, onScreen))
        }
        let slot = ViewerPictures.titleSlotSize(framebuffer: framebuffer, viewport: session.viewport)
        let titles = titled.sorted { $0.position < $1.position }.map { card in
            TitleJob(text: session.deck.card(CardID(card.id))?.title ?? "", width: slot.width, height: slot.height)
        }
        guard largest > 0 else { return ([], titles, nil) }
        let thumbnail = ThumbnailSize.forCard(longerSide: min(largest, Double(side)))
        var seen = Set<Int>()
        // The demand's order: the cards on screen first, each in deck order.
        let ordered = cards.sorted { ($0.onScreen ? 0 : 1, $0.position) < ($1.onScreen ? 0 : 1, $1.position) }
        let loads = ordered.compactMap { card -> PictureLoad? in
            guard seen.insert(card.picture).inserted else { return nil }
            return PictureLoad(path: catalog.pictures[card.picture].path, layerSize: PixelSize(width: side, height: side),
                               mipmapped: true, generation: 0, cache: cache, thumbnailSize: thumbnail)
        }
        // The full tier goes to the largest cards (`keepFullTierForTheLargest`), once their
        // sizes are known: after the on-screen cards' card-tier loads.
        var fullTier: FullTierPrediction?
        if fullLayers > 0, !large.isEmpty {
            var seenLarge = Set<Int>()
            let cards = large.sorted { $0.area > $1.area }.filter { seenLarge.insert($0.picture).inserted }
                .map { (path: catalog.pictures[$0.picture].path, box: $0.box) }
            let onScreenLoads = Set(ordered.filter(\.onScreen).map(\.picture)).count
            fullTier = FullTierPrediction(cards: cards, after: onScreenLoads, framebuffer: framebuffer, cardSide: side,
                                          maximum: fullLayers)
        }
        return (loads, titles, fullTier)
    }
}

/// The full tier the first frames will ask for, predicted with the card tier: the on-screen
/// cards large enough for it (`PictureSizing.tier(forCardOnScreen:)`), largest first; which of
/// them want it, and the layer size, follow from their pictures' sizes, known once the thread
/// has prepared their card-tier loads (the first `after`). As `decorate` and
/// `fullLayerSizeNeeded` choose: pictures whose longer side is over 1.25 × the card tier's side,
/// at most `maximum` of them, each read from its `x-large` thumbnail when its card shows no more
/// (`ViewerPictures.fullTierThumbnail`), in layers as large as the largest one's decode size on
/// each axis (for the thumbnail's box, or the framebuffer).
struct FullTierPrediction {
    /// The pictures of the cards large enough and the cards' projected boxes (framebuffer
    /// pixels), largest card first.
    var cards: [(path: String, box: Size)]
    /// The number of loads after which their sizes are known.
    var after: Int
    var framebuffer: PixelSize
    /// The card tier's layer side, pixels.
    var cardSide: Int
    /// The full tier's most layers (`PictureSizing.poolPlan`).
    var maximum: Int

    /// The full tier's loads for pictures of `sizes` (by path); none when a size is unknown
    /// (the layer size would be a guess).
    func loads(sizes: [String: PixelSize], cache: ThumbnailCache?) -> [PictureLoad] {
        var chosen: [(path: String, size: PixelSize, box: Size)] = []
        for card in cards where chosen.count < maximum {
            guard let size = sizes[card.path] else { return [] }
            guard Double(max(size.width, size.height)) > 1.25 * Double(cardSide) else { continue }
            chosen.append((card.path, size, card.box))
        }
        // Each card's source, as `decorate` and `ViewerPictures.fullTierThumbnail(for:)` choose it.
        let thumbnails = chosen.map { card -> ThumbnailSize? in
            let shows = ViewerPictures.neededDetail(picture: card.size, box: card.box, framebuffer: framebuffer)
            let longer = card.size.longerSide
            let detail = ViewerPictures.fullTierDetail(shows: shows, pictureLongerSide: longer, opened: false)
            return ViewerPictures.fullTierThumbnail(detail: detail, pictureLongerSide: longer)
        }
        var width = 0, height = 0
        for (picture, thumbnail) in zip(chosen, thumbnails) {
            let box = thumbnail.map { PixelSize(width: $0.pixels, height: $0.pixels) } ?? framebuffer
            let size = PictureSizing.decodeSize(picture: picture.size, box: box)
            width = max(width, size.width)
            height = max(height, size.height)
        }
        guard width > 0, height > 0 else { return [] }
        let layer = PixelSize(width: min(width, framebuffer.width), height: min(height, framebuffer.height))
        return zip(chosen, thumbnails).map { card, thumbnail in
            PictureLoad(path: card.path, layerSize: layer, mipmapped: true, generation: 0, cache: cache, thumbnailSize: thumbnail)
        }
    }
}
