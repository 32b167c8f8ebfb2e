/// What the picture pipeline tells the session: for the HUD, and for the redraw policy (a
/// picture that arrives must be drawn, a fade needs frames, decodes in flight need the window
/// to look for their results).
public struct PictureStatus: Equatable, Sendable {
    /// Cards in view that show a picture (not a card without one).
    public var inView = 0
    /// Of those, the ones showing their own picture at its final resolution (or marked
    /// unreadable: nothing more will come).
    public var readyInView = 0
    /// Pictures shown since the start (each upload of a picture that had none resident counts).
    public var loaded = 0
    /// Different pictures shown at least once since the start (each counted once, however often
    /// it was evicted and uploaded again): what the HUD's "L loaded of T" says, never over T.
    public var distinctLoaded = 0
    /// Pictures in the deck's catalog.
    public var total = 0
    /// Pictures that could not be read.
    public var unreadable = 0
    /// Texture bytes holding pictures now, and the pools' size.
    public var residentBytes = 0
    public var poolBytes = 0
    /// Background thumbnailing (SPEC §10): pictures whose thumbnails are done (made, found, or
    /// unreadable) of `thumbnailsTotal` (0: no background thumbnailing).
    public var thumbnailsDone = 0
    public var thumbnailsTotal = 0

    public init() {}

    /// True while cards in view wait for their pictures.
    public var isLoading: Bool { readyInView < inView }

    /// The progress line while thumbnails are being made ("thumbnails 120 / 500"); nil when
    /// there is none or all are done.
    public var progressLine: String? {
        thumbnailsTotal > 0 && thumbnailsDone < thumbnailsTotal ? "thumbnails \(thumbnailsDone) / \(thumbnailsTotal)" : nil
    }
}

extension ViewerSession {
    /// How often a window looks for finished decodes while some are in flight, seconds: about a
    /// frame, so a picture shows on the next frame after it is ready.
    public static let picturePollInterval = 1.0 / 60

    /// The pipeline's report after each of its updates: `changed` when what the cards show
    /// changed (a picture arrived or failed: draw a frame), `fading` while a picture in view
    /// fades in (frames until it is done), `working` while decodes are in flight (the window
    /// wakes every `picturePollInterval` to take their results). The HUD follows `status`.
    ///
    /// - Complexity: O(1); no allocation unless the HUD shows and its text changes.
    public func reportPictures(_ status: PictureStatus, changed: Bool, fading: Bool, working: Bool) {
        if changed { needsDisplay = true }
        if fading != picturesFading {
            picturesFading = fading
            if fading { needsDisplay = true }
        }
        picturesWorking = working
        if status != pictureStatus {
            let progressChanged = status.progressLine != pictureStatus.progressLine
            pictureStatus = status
            if showsHUD || progressChanged { refreshOverlay() }
        }
    }

    /// When the window should next look for finished decodes, on the session's clock.
    var pictureDeadline: Double? {
        picturesWorking ? scene.time + Self.picturePollInterval : pictureWakeTime.map { max($0, scene.time) }
    }
}
