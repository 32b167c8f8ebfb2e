import CardLayout
import CardMath
import CardPacking
import CardPictureDecoding
import CardPictures
import CardPixels
import CardRendering
import CardViewerCore

/// The photo view's tiles (SPEC §10, "Pictures of any size, whole"). The full tier holds the
/// photo view's picture at the screen's size; once the picture on screen covers more pixels than
/// that layer holds (by 5 %), it is drawn from a pyramid of tiles (`TilePyramid`: levels by
/// halves, 512-pixel tiles) at the level the zoom needs: only the tiles in view are decoded
/// (`PictureRegions`: JPEG and PNG decode just their rows and columns, other formats are held
/// decoded whole at the finest level within a hold limit), kept in a pool of layers sized from
/// the framebuffer (`TileResidency`), and the full tier's layer shows wherever a tile is still
/// missing. Memory follows the screen, not the picture: a 16384² JPEG or a 200 MP PNG zooms to
/// 100 % anywhere.
struct PhotoTiles {
    /// The picture whose tiles these are, −1 for none.
    var picture: Int32 = -1
    /// The picture opened for regions (by the first batch), while it is shown.
    var regions: PictureRegions?
    /// Which tiles are in which pool layer.
    var residency = TileResidency()
    /// The batch the workers are making.
    var inFlight: (picture: Int32, keys: [TileKey])?
    /// A picture whose regions could not be had (too large for the caps, unreadable): it shows
    /// at the full tier's resolution.
    var failed: Int32 = -1
    /// What the next frame's photo record shows (`applyTiles`); nil: the full tier alone.
    var view: TileView?
    /// The tiles in view at the last update (pinned in the pool).
    var inView: Set<TileKey> = []
    /// Tiles in view not in the pool at the last update (0 when the view needs none).
    var missing = 0
    /// The picture shown is to be opened for regions once it shows sharp (`openRegionsAhead`).
    var opensAhead = false
    /// The next picture's tiles for the same view, made while this one shows zoomed in
    /// (`makeTilesAhead`): stepping to it under the burst lock shows it sharp at once.
    var ahead: TilesAhead?

    /// A tile's side and the border copied from its neighbours, pixels.
    static let tileSize = TilePyramid.defaultTileSize
    static let border = 1
}

/// Tiles of the picture next in the step's direction, made ahead for the view the picture shown
/// has (SPEC §13: stepping through a burst at 100 % shows the next picture sharp at once), held
/// on the CPU until it shows (about 1.4 MB a tile: 12–20 tiles at 1280×800).
struct TilesAhead {
    /// The picture whose tiles these are.
    var picture: Int32
    /// The tiles asked for.
    var keys: Set<TileKey>
    /// The batch once made (nil while in flight).
    var tiles: [(key: TileKey, levels: [RGBAImage], opaque: Bool)]?
    /// The picture opened for regions, kept when it holds little (`keptRegionsBytes`): an
    /// index or the file's bytes, not a whole decode.
    var regions: PictureRegions?

    /// The most a neighbour's regions may hold to be kept with its tiles (a format decoded whole
    /// holds its pixels: opened again if the user pans past the tiles made ahead).
    static let keptRegionsBytes = 64_000_000
}

extension ViewerPictures {
    /// One layer of the tile pool with its mip chain, bytes (the HUD's pool figure).
    static let tileLayerBytes = (PhotoTiles.tileSize + 2 * PhotoTiles.border) * (PhotoTiles.tileSize + 2 * PhotoTiles.border) * 4 * 4 / 3

    /// Layers of the tile pool for a framebuffer of `size`: the tiles of a level shown at up to
    /// 1.68 of its pixels per screen pixel (`TilePyramid.level(forScale:)`), whole tiles on
    /// every side, and a ring more; at most 96 (135 MB).
    static func tilePoolLayers(for size: PixelSize) -> Int {
        let reach = 1.7 / Double(PhotoTiles.tileSize)
        let columns = Int((Double(size.width) * reach).rounded(.up)) + 1
        let rows = Int((Double(size.height) * reach).rounded(.up)) + 1
        return min(columns * rows + columns + rows, 96)
    }

    /// Brings the tiles up to date with what the photo view shows: which level and tiles it
    /// needs, the batch to ask for, the table the next frame draws with. Called by `update()`.
    /// - Complexity: O(tiles in view + pool layers).
    func updateTiles() {
        if framebuffer.width > 0, session.viewport.width > 0 {
            session.pixelsPerPoint = Double(framebuffer.width) / session.viewport.width
        }
        tiles.missing = 0
        tiles.opensAhead = false
        guard let id = session.photoCard, let geometry = session.photoGeometry, let full = plan?.fullSize else {
            closeTiles()
            return
        }
        let picture = picture(ofID: id.rawValue)
        guard picture >= 0, Int(picture) < fullSizes.count, fullSizes[Int(picture)].width > 0 else {
            closeTiles()
            return
        }
        if tiles.picture != picture { switchTiles(to: picture) }
        let pixels = fullSizes[Int(picture)]
        let ppp = session.pixelsPerPoint > 0 ? session.pixelsPerPoint : 1
        // A size learnt in this update (the picture opened before its first decode landed)
        // reaches the geometry at the next frame's decorate: until then its scale is the card's,
        // under which the picture would look zoomed far past the window — a batch of level 0's
        // tiles, for a format held whole a second whole decode (7 s for a 48 MP HEIC grid under load)
        // that the frame then waited for (docs/BENCHMARKS.md, issue 32). The next update decides.
        guard geometry.isFor(pixels: pixels, pixelsPerPoint: ppp) else {
            tiles.view = nil
            return
        }
        session.photoDetailLimit = tiles.regions.flatMap { $0.finestLevel > 0 ? 1 / Double(1 << $0.finestLevel) : nil }
        // Pixels the picture covers on screen (`scale` screen pixels per picture pixel).
        let onScreen = (Double(pixels.width) * geometry.scale, Double(pixels.height) * geometry.scale)
        let layer = PictureSizing.decodeSize(picture: pixels, box: full)
        guard onScreen.0 > Double(layer.width) * 1.05 || onScreen.1 > Double(layer.height) * 1.05, tiles.failed != picture else {
            tiles.view = nil
            if tiles.ahead != nil { takeTilesAhead(for: -1) }  // fitted: steps need no tiles
            openRegionsAhead(of: picture, pixels: pixels, layer: layer)
            return
        }
        if renderer.tilePool.layers == 0 {
            let layers = Self.tilePoolLayers(for: framebuffer)
            do {
                try renderer.makeTilePool(layers: layers, side: PhotoTiles.tileSize + 2 * PhotoTiles.border)
                tiles.residency.removeAll(capacity: layers)
            } catch {
                warn("cannot hold the photo view's tiles (\(error)); the picture shows at the screen's resolution")
                tiles.failed = picture
                return
            }
        }
        let pyramid = TilePyramid(pictureSize: pixels, tileSize: PhotoTiles.tileSize, finestLevel: tiles.regions?.finestLevel ?? 0)
        let level = pyramid.level(forScale: geometry.scale)
        // The view in picture pixels (picture points × pixels per point).
        let topLeft = geometry.picturePoint(at: Vec2(0, 0)), bottomRight = geometry.picturePoint(at: Vec2(geometry.viewport.width, geometry.viewport.height))
        let visible = Rect(x: topLeft.x * ppp, y: topLeft.y * ppp, width: (bottomRight.x - topLeft.x) * ppp,
                           height: (bottomRight.y - topLeft.y) * ppp)
        let keys = Array(pyramid.tiles(covering: visible, level: level, nearest: Vec2(geometry.center.x * ppp, geometry.center.y * ppp))
            .prefix(tiles.residency.capacity))
        tiles.inView = Set(keys)
        var missing: [TileKey] = []
        for key in keys where tiles.residency.use(key) == nil { missing.append(key) }
        tiles.missing = missing.count
        // An open ahead still queued (no keys) becomes this batch, at the front of the queue; one
        // already running delivers the regions, and the tiles are asked for after it.
        let openingAhead = tiles.inFlight.map { $0.picture == picture && $0.keys.isEmpty } ?? false
        if !missing.isEmpty, tiles.inFlight == nil || openingAhead {
            let path = catalog.pictures[Int(picture)].path
            tiles.inFlight = (picture, missing)
            pool.submit(.zoom(picture),
                        request: .tiles(TileRequest(path: path, regions: tiles.regions, keys: missing, tileSize: PhotoTiles.tileSize,
                                                    border: PhotoTiles.border)),
                        priority: 0)
        }
        tiles.view = tileView(keys: keys, pyramid: pyramid, level: level)
        if missing.isEmpty, tiles.inFlight == nil { makeTilesAhead(keys: keys, pixels: pixels) }
    }

    /// Once every tile in view is there, asks for the same tiles of the picture the next step
    /// shows (`ViewerSession.photoTilesAheadCard`) when it has this one's size, behind the
    /// frame's pictures (`regionsAheadPriority`); again when the view has moved past them
    /// (through the regions kept from the first time). Only where the picture shown reads its
    /// regions from the file (JPEG, PNG, TIFF: `keptRegionsBytes`): a format decoded whole
    /// (HEIC, WebP) would hold a second whole decode beside the one in view.
    private func makeTilesAhead(keys: [TileKey], pixels: PixelSize) {
        guard let id = session.photoTilesAheadCard, let shown = tiles.regions, shown.heldBytes <= TilesAhead.keptRegionsBytes else {
            return
        }
        let next = picture(ofID: id.rawValue)
        guard next >= 0, Int(next) < fullSizes.count, fullSizes[Int(next)] == pixels else { return }
        if let ahead = tiles.ahead, ahead.picture == next, ahead.tiles == nil || keys.allSatisfy(ahead.keys.contains) { return }
        if let ahead = tiles.ahead, ahead.tiles == nil { pool.cancel(.zoom(ahead.picture)) }
        let regions = tiles.ahead.flatMap { $0.picture == next ? $0.regions : nil }
        tiles.ahead = TilesAhead(picture: next, keys: Set(keys))
        pool.submit(.zoom(next),
                    request: .tiles(TileRequest(path: catalog.pictures[Int(next)].path, regions: regions, keys: keys,
                                                tileSize: PhotoTiles.tileSize, border: PhotoTiles.border)),
                    priority: Self.regionsAheadPriority)
    }

    /// Takes a batch made ahead: held until its picture shows. True when it was one.
    private func acceptTilesAhead(_ result: Result<PictureJobOutput, any Error>, picture: Int32) -> Bool {
        guard var ahead = tiles.ahead, ahead.picture == picture, ahead.tiles == nil, tiles.inFlight?.picture != picture else {
            return false
        }
        guard case .success(.tiles(let batch)) = result else {
            tiles.ahead = nil  // it is tried again when it shows
            return true
        }
        ahead.tiles = batch.tiles
        ahead.regions = batch.regions.heldBytes <= TilesAhead.keptRegionsBytes ? batch.regions : nil
        tiles.ahead = ahead
        return true
    }

    /// The picture made ahead now shows: its tiles go into the pool (its regions, when kept,
    /// serve the next batches); one still in flight becomes the picture's batch.
    private func takeTilesAhead(for picture: Int32) {
        guard let ahead = tiles.ahead else { return }
        tiles.ahead = nil
        guard ahead.picture == picture else {
            if ahead.tiles == nil { pool.cancel(.zoom(ahead.picture)) }
            return
        }
        guard let made = ahead.tiles else {
            tiles.inFlight = (picture, Array(ahead.keys))
            return
        }
        tiles.regions = ahead.regions
        guard renderer.tilePool.layers > 0 else { return }
        for tile in made {
            guard let layer = tiles.residency.place(tile.key, pinned: []) else { continue }
            do {
                try renderer.uploadTile(tile.levels, toLayer: layer, opaque: tile.opaque)
            } catch {
                warn("cannot upload a tile of the photo view (\(error))")
            }
        }
    }

    /// While the picture is shown fitted and sharp (its full tier there, nothing else in view
    /// loading), opens it for regions in the background (after every other decode:
    /// `regionsAheadPriority`) when a zoom could need its tiles — larger than the
    /// full tier's layer — so that the first zoom finds it open: a format held whole (HEIC, WebP,
    /// TIFF…) is decoded then, not after the key.
    private func openRegionsAhead(of picture: Int32, pixels: PixelSize, layer: PixelSize) {
        tiles.opensAhead = false
        guard tiles.regions == nil, tiles.inFlight == nil, tiles.failed != picture,
              pixels.width > layer.width || pixels.height > layer.height, session.photoGeometry?.isZoomed == false else { return }
        // Only once the picture shows sharp and nothing moves: a decode of its own must not slow
        // the one in view. Until then the pipeline counts as working, so updates keep coming.
        let appearance = pictureTier.residency.appearance(of: Int(picture))
        // A picture that will never show sharp (unreadable, no full tier) is not waited for.
        if case .unreadable = appearance { return }
        guard pictureTier.growth(of: .full).maximum > 0 else { return }
        guard session.needsFrames == false, !frameStatus.isLoading, case .resident(.full, _, _) = appearance else {
            tiles.opensAhead = true
            return
        }
        tiles.inFlight = (picture, [])
        pool.submit(.zoom(picture),
                    request: .tiles(TileRequest(path: catalog.pictures[Int(picture)].path, regions: nil, keys: [],
                                                tileSize: PhotoTiles.tileSize, border: PhotoTiles.border)),
                    priority: Self.regionsAheadPriority)
    }

    /// Where opening a picture for regions ahead of a zoom queues: behind the frame's pictures
    /// (whose priorities are positions in its demand), ahead of background thumbnailing.
    static let regionsAheadPriority = 1 << 30

    /// The table of `keys` (one level's tiles in view) for the shader: the window of the grid
    /// they span, at most `TileView.windowCells` cells, each its tile's layer or −1.
    private func tileView(keys: [TileKey], pyramid: TilePyramid, level: Int) -> TileView? {
        guard !keys.isEmpty else { return nil }
        var first = (column: Int.max, row: Int.max), last = (column: Int.min, row: Int.min)
        for key in keys {
            first = (min(first.column, Int(key.column)), min(first.row, Int(key.row)))
            last = (max(last.column, Int(key.column)), max(last.row, Int(key.row)))
        }
        let columns = min(last.column - first.column + 1, 16), rows = min(last.row - first.row + 1, TileView.windowCells / 16)
        var layers = [Int32](repeating: -1, count: columns * rows)
        for key in keys {
            let c = Int(key.column) - first.column, r = Int(key.row) - first.row
            guard c < columns, r < rows, let layer = tiles.residency.layer(of: key) else { continue }
            layers[r * columns + c] = Int32(layer)
        }
        return TileView(levelSize: pyramid.size(ofLevel: level), tileSize: PhotoTiles.tileSize, border: PhotoTiles.border,
                        firstColumn: first.column, firstRow: first.row, columns: columns, rows: rows, layers: layers,
                        fallbackLayer: -1)
    }

    /// Another picture shows: its tiles start afresh (the batch in flight is dropped).
    private func switchTiles(to picture: Int32) {
        if let flying = tiles.inFlight {
            pool.cancel(.zoom(flying.picture))
            tiles.inFlight = nil
        }
        tiles.picture = picture
        tiles.regions = nil
        tiles.view = nil
        tiles.inView = []
        tiles.residency.removeAll()
        session.photoDetailLimit = nil
        takeTilesAhead(for: picture)
    }

    /// The photo view closed: its tiles, its pool and its picture's regions are let go.
    func closeTiles() {
        guard tiles.picture >= 0 || renderer.tilePool.layers > 0 else { return }
        switchTiles(to: -1)
        try? renderer.makeTilePool(layers: 0, side: 1)
        tiles.residency.removeAll(capacity: 0)
        renderer.setTileView(nil)
    }

    /// Takes a batch of tiles: uploads those still wanted into pool layers. Returns true when
    /// what the photo view shows changed.
    func acceptTiles(_ result: Result<PictureJobOutput, any Error>, picture: Int32) -> Bool {
        if acceptTilesAhead(result, picture: picture) { return false }
        guard let flying = tiles.inFlight, flying.picture == picture else { return false }
        tiles.inFlight = nil
        guard tiles.picture == picture else { return false }
        guard case .success(.tiles(let batch)) = result else {
            if case .failure(let error) = result {
                warn("\(error); the picture shows at the screen's resolution")
            }
            tiles.failed = picture
            return false
        }
        tiles.regions = batch.regions
        var changed = false
        for tile in batch.tiles {
            guard let layer = tiles.residency.place(tile.key, pinned: tiles.inView) else { continue }
            do {
                try renderer.uploadTile(tile.levels, toLayer: layer, opaque: tile.opaque)
                changed = true
            } catch {
                warn("cannot upload a tile of the photo view (\(error))")
            }
        }
        return changed
    }

    /// Points the photo view's record at the tiles, once its full-tier layer (drawn where a tile
    /// is missing) is there. - Complexity: O(k) for k records.
    func applyTiles(to records: UnsafeMutableBufferPointer<InstanceRecord>) {
        guard var view = tiles.view, let id = session.photoCard?.rawValue, picture(ofID: id) == tiles.picture else {
            renderer.setTileView(nil)
            return
        }
        for index in records.indices where records[index].id == id {
            let layer = records[index].layer
            guard layer >= PictureLayer.fullResolutionBase, layer != PictureLayer.none else { continue }
            view.fallbackLayer = Int(layer - PictureLayer.fullResolutionBase)
            records[index].setPicture(layer: PictureLayer.zoom, rect: .full, opacity: 1)
            renderer.setTileView(view)
            return
        }
        renderer.setTileView(nil)
    }
}
