import CardLayout
import CardMath
import CardPacking
import CardPictures
import CardPixels
import CardViewerCore

/// The photo view's picture decoded whole for a zoom past the screen's resolution (SPEC §10,
/// "Zoom of very large pictures"): once the picture on screen needs more pixels than the full
/// tier's layer (the framebuffer's size) holds, it is decoded whole, at its own size up to
/// `ViewerSession.photoPixelLimit` (64 MP; larger pictures are scaled down to it and the session
/// stops the zoom where that resolution ends), into a texture of its own (`PictureLayer.zoom`).
/// One at a time: freed when the view closes or shows another picture.
struct ZoomPicture {
    /// The picture uploaded, −1 for none, and its size there, pixels.
    var picture: Int32 = -1
    var size = PixelSize(width: 0, height: 0)
    /// The decode on its way: picture and size.
    var inFlight: (picture: Int32, size: PixelSize)?
    /// The last decode that failed (too large for the caps, unreadable, no texture for it): not
    /// asked for again, so a picture that cannot be held zoomed shows at the full tier's resolution.
    var failed: (picture: Int32, size: PixelSize)?
}

extension ViewerPictures {
    /// The size to decode `pixels` at for the zoom: whole, at most `ViewerSession.photoPixelLimit`
    /// pixels and `maxSide` on a side, the aspect kept.
    static func zoomDecodeSize(_ pixels: PixelSize, maxSide: Int) -> PixelSize {
        let count = Double(pixels.width) * Double(pixels.height)
        var f = min(1, (ViewerSession.photoPixelLimit / max(count, 1)).squareRoot())
        f = min(f, Double(maxSide) / Double(max(pixels.width, pixels.height, 1)))
        return PixelSize(width: max(1, Int((Double(pixels.width) * f).rounded(.down))),
                         height: max(1, Int((Double(pixels.height) * f).rounded(.down))))
    }

    /// Asks for, or frees, the zoomed picture for what the photo view shows now. Called by
    /// `update()`. - Complexity: O(1).
    func updateZoom() {
        if framebuffer.width > 0, session.viewport.width > 0 {
            session.pixelsPerPoint = Double(framebuffer.width) / session.viewport.width
        }
        var wanted: (picture: Int32, size: PixelSize)?
        if let id = session.photoCard, let geometry = session.photoGeometry, let full = plan?.fullSize {
            let picture = picture(ofID: id.rawValue)
            if picture >= 0, Int(picture) < fullSizes.count, fullSizes[Int(picture)].width > 0 {
                let pixels = fullSizes[Int(picture)]
                // Pixels the picture covers on screen (`scale` points per picture point, a
                // picture point being a pixel over the pixels per point).
                let onScreen = (Double(pixels.width) * geometry.scale, Double(pixels.height) * geometry.scale)
                let layer = PictureSizing.decodeSize(picture: pixels, box: full)
                if onScreen.0 > Double(layer.width) * 1.05 || onScreen.1 > Double(layer.height) * 1.05 {
                    wanted = (picture, Self.zoomDecodeSize(pixels, maxSide: 16_384))
                }
            }
        }
        guard let wanted else {
            if let flying = zoom.inFlight {
                pool.cancel(.zoom(flying.picture))
                zoom.inFlight = nil
            }
            // Kept while the same picture is shown (fit and zoom again reuse it); freed otherwise.
            if zoom.picture >= 0, session.photoCard.map({ picture(ofID: $0.rawValue) }) != zoom.picture {
                releaseZoom()
            }
            return
        }
        if zoom.picture == wanted.picture, zoom.size == wanted.size { return }
        if let failed = zoom.failed, failed.picture == wanted.picture, failed.size == wanted.size { return }
        if let flying = zoom.inFlight {
            if flying.picture == wanted.picture, flying.size == wanted.size { return }
            pool.cancel(.zoom(flying.picture))
        }
        let path = catalog.pictures[Int(wanted.picture)].path
        zoom.inFlight = wanted
        pool.submit(.zoom(wanted.picture),
                    request: .load(PictureLoad(path: path, layerSize: wanted.size, mipmapped: true, generation: generation, cache: nil)),
                    priority: 0)
    }

    /// Takes the zoom decode: uploads it, or drops it when the view moved on. Returns true when
    /// what the photo view shows changed.
    func acceptZoom(_ result: Result<PictureJobOutput, any Error>, picture: Int32) -> Bool {
        guard let flying = zoom.inFlight, flying.picture == picture else { return false }
        zoom.inFlight = nil
        guard case .success(.picture(let prepared)) = result else {
            zoom.failed = flying
            return false
        }
        guard prepared.generation == generation, let first = prepared.levels.first,
              first.width == flying.size.width, first.height == flying.size.height else { return false }
        do {
            try renderer.uploadZoomPicture(prepared.levels, opaque: prepared.opaque)
            zoom.picture = picture
            zoom.size = flying.size
            return true
        } catch {
            warn("cannot hold the zoomed picture (\(error)); it shows at the screen's resolution")
            releaseZoom()
            zoom.failed = flying
            return false
        }
    }

    func releaseZoom() {
        try? renderer.releaseZoomPicture()
        zoom.picture = -1
        zoom.size = PixelSize(width: 0, height: 0)
    }

    /// Points the photo view's record at the zoomed picture once it is there.
    /// - Complexity: O(k) for k records.
    func applyZoom(to records: UnsafeMutableBufferPointer<InstanceRecord>) {
        guard zoom.picture >= 0, let id = session.photoCard?.rawValue, picture(ofID: id) == zoom.picture else { return }
        for index in records.indices where records[index].id == id {
            records[index].setPicture(layer: PictureLayer.zoom, rect: .full, opacity: 1)
        }
    }
}
