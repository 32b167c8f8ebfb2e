import CardLayout
import CardMath
import CardPictures
import CardPixels
import CardViewerCore

/// The photo view's pictures (SPEC §10): the size the view fits and zooms with, and the
/// neighbours kept ready at full resolution so that next and previous are instant.
extension ViewerPictures {
    /// Gives the session the pictures' sizes (`ViewerSession.pictureSize`).
    func connectPhotoView() {
        session.pictureSize = { [weak self] id in self?.photoPictureSize(of: id) }
        session.pictureDetails = { [weak self] id in self?.photoDetails(of: id) }
        session.pictureHistogram = { [weak self] id in self?.photoHistogram(of: id) }
    }

    /// Card `id`'s picture's histogram for the histogram panel (`G`), once counted; `nil` while
    /// counting, for a picture that cannot be decoded, and for a card without a picture file.
    /// Asked only while the histogram shows (`HistogramView`): the first ask queues the count
    /// (`HistogramReads`, off the frame thread).
    ///
    /// - Complexity: O(1) (a lookup under a lock); no file is read.
    func photoHistogram(of id: CardID) -> PictureHistogram? {
        let picture = Int(picture(ofID: id.rawValue))
        guard picture >= 0, picture < catalog.pictures.count else { return nil }
        let path = catalog.pictures[picture].path
        let histogram = histogramReads.histogram(of: picture, path: path)
        if histogram == nil, !histogramReads.isCounted(picture, path: path) { histogramReadsOwed = true }
        return histogram
    }

    /// Card `id`'s file and picture for the info panel: the catalog's name and size, the pixel
    /// size once a decode has told it, the EXIF camera settings once read; `nil` for a card
    /// without a picture file. Asked only while the panel shows (`InfoView`): the first ask for a
    /// picture queues the read of its settings (`CameraSettingsReads`, off the frame thread),
    /// and the details come without them until it is done.
    ///
    /// - Complexity: O(1) (a lookup under a lock); no file is read.
    func photoDetails(of id: CardID) -> PictureDetails? {
        let picture = Int(picture(ofID: id.rawValue))
        guard picture >= 0, picture < catalog.pictures.count else { return nil }
        let file = catalog.pictures[picture]
        let pixels = picture < fullSizes.count ? fullSizes[picture] : PixelSize(width: 0, height: 0)
        let camera = cameraReads.settings(of: picture, path: file.path, name: file.name)
        // Not read yet: the next update looks at the reads (`cameraReadsOwed`). A file read and
        // found without settings owes nothing (else the window would wake while the panel shows it).
        if camera == nil, !cameraReads.isRead(picture, path: file.path) { cameraReadsOwed = true }
        return PictureDetails(fileName: file.name, byteCount: file.byteCount,
                              pixelSize: pixels.width > 0 && pixels.height > 0 ? pixels : nil, camera: camera)
    }

    /// Card `id`'s picture in picture points (its pixels over the framebuffer's pixels per
    /// viewport point), once a decode has told its size; `nil` before, or for no picture.
    ///
    /// - Complexity: O(1).
    func photoPictureSize(of id: CardID) -> Size? {
        let picture = Int(picture(ofID: id.rawValue))
        guard picture >= 0, picture < fullSizes.count else { return nil }
        let pixels = fullSizes[picture]
        guard pixels.width > 0, pixels.height > 0 else { return nil }
        let viewport = session.viewport
        let perPoint = viewport.width > 0 && framebuffer.width > 0 ? Double(framebuffer.width) / viewport.width : 1
        return Size(width: Double(pixels.width) / perPoint, height: Double(pixels.height) / perPoint)
    }

    /// While the photo view shows, asks for the next and the previous picture at the full tier
    /// (after the cards in view): they decode while the user looks, so stepping to them shows
    /// them sharp at once. With two full-tier layers only the next fits beside the one shown.
    /// - Complexity: O(1).
    func demandPhotoNeighbors() {
        // The full tier's most layers (it grows to the demand, up to its plan).
        let capacity = pictureTier.growth(of: .full).maximum
        guard session.photoCard != nil, capacity >= 2 else { return }
        let neighbors = session.photoNeighbors
        let previous = capacity >= 3 ? neighbors.previous : nil
        // One by one: an array literal would allocate every frame (a warm frame allocates nothing).
        demandFullTier(of: neighbors.next)
        demandFullTier(of: previous)
    }

    private func demandFullTier(of id: CardID?) {
        guard let id else { return }
        let picture = picture(ofID: id.rawValue)
        guard picture >= 0 else { return }
        pictureTier.demand.append(PictureKey(Int(picture), .full), .ahead)
        // The next picture opens as large as the window.
        let box = Size(width: Double(framebuffer.width), height: Double(framebuffer.height))
        pictureTier.residency.setWantedFullDetail(Int(picture), neededFullDetail(of: Int(picture), box: box))
    }
}
