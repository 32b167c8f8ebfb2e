import CardMath

/// What the info panel (`I`, SPEC §13) shows of a picture besides what the session knows: its
/// file and its size, given by the picture pipeline (`ViewerSession.pictureDetails`). (SPEC
/// §13's camera settings from the EXIF — camera, lens, exposure, aperture, ISO, focal length,
/// capture time — are not read yet.)
public struct PictureDetails: Hashable, Sendable {
    /// The file's name, with its extension.
    public var fileName: String
    /// The file's size, bytes.
    public var byteCount: Int
    /// The picture's size, pixels, once a decode has told it.
    public var pixelSize: PixelSize?
    public init(fileName: String, byteCount: Int, pixelSize: PixelSize? = nil) {
        self.fileName = fileName
        self.byteCount = byteCount
        self.pixelSize = pixelSize
    }
}
