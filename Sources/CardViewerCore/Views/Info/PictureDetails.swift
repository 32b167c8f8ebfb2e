import CardMath
import CardPictureFolders

/// What the info panel (`I`, SPEC §13) shows of a picture besides what the session knows: its
/// file and its size, given by the picture pipeline (`ViewerSession.pictureDetails`), and its
/// EXIF camera settings once read off the frame thread.
public struct PictureDetails: Hashable, Sendable {
    /// The file's name, with its extension.
    public var fileName: String
    /// The file's size, bytes.
    public var byteCount: Int
    /// The picture's size, pixels, once a decode has told it.
    public var pixelSize: PixelSize?
    /// The EXIF's camera, lens, exposure, aperture, ISO, focal length and capture time, once
    /// read (a background read, asked for while the panel shows); nil before, or when the file
    /// says none.
    public var camera: CameraSettings?
    public init(fileName: String, byteCount: Int, pixelSize: PixelSize? = nil, camera: CameraSettings? = nil) {
        self.fileName = fileName
        self.byteCount = byteCount
        self.pixelSize = pixelSize
        self.camera = camera
    }
}
