import CardImaging
import CardPictureFolders

/// Reads a picture's camera settings from its EXIF for the info panel (SPEC §13, `I`): IFD0's
/// `Make` (0x010F) and `Model` (0x0110), the EXIF IFD's `ExposureTime` (0x829A), `FNumber`
/// (0x829D), `ISOSpeedRatings` (0x8827), `DateTimeOriginal` (0x9003), `FocalLength` (0x920A) and
/// `LensModel` (0xA434), found in bounded reads as the capture time is (`ExifReading`), each
/// shown as `CameraSettings` says.
///
/// Hostile bytes cost a field, never a trap: every read is checked against the structure
/// (`TIFFStructure`); a field truncated, pointing outside, of an unexpected type or with a zero
/// denominator is nil, and the others are still read. Texts are read at most
/// `CameraSettings.textLimit` bytes each.
public enum ExifCameraSettings {
    static let makeTag = 0x010F, modelTag = 0x0110
    static let exposureTag = 0x829A, fNumberTag = 0x829D, isoTag = 0x8827, dateTimeOriginalTag = 0x9003
    static let focalLengthTag = 0x920A, lensModelTag = 0xA434

    /// The camera settings of the picture in `source` (named `name`, for telling RAW from TIFF);
    /// nil when its format keeps no EXIF, it has none, none of the fields is there, or reading
    /// fails. Never throws. For a worker thread: a few small reads (`ExifReading`).
    public static func read(source: some ByteSource, name: String) -> CameraSettings? {
        ExifReading.read(source: source, name: name) { settings($0) }
    }

    /// The camera settings of the picture file at `path` (named `name`), opened through the file
    /// layer (regular files only, capped); nil when it cannot be opened or says none.
    public static func read(path: String, name: String) -> CameraSettings? {
        guard let source = try? FileSource(opening: path) else { return nil }
        return read(source: source, name: name)
    }

    /// The camera settings in an EXIF TIFF structure; nil when it says none of them.
    /// - Complexity: O(entries of IFD0 and the EXIF IFD), each at most 65,535.
    static func settings(_ tiff: some TIFFStructure) -> CameraSettings? {
        guard let directories = ExifReading.directories(tiff) else { return nil }
        let ifd0 = directories.ifd0, exif = directories.exif
        func text(_ tag: Int, in entries: [TIFFEntry]) -> String? {
            entries.first { $0.tag == tag }.flatMap { ExifReading.ascii($0, in: tiff, atMost: CameraSettings.textLimit) }
                .flatMap { CameraSettings.text($0) }
        }
        func rational(_ tag: Int) -> (numerator: UInt32, denominator: UInt32)? {
            exif.first { $0.tag == tag }.flatMap { ExifReading.rational($0, in: tiff) }
        }
        var settings = CameraSettings()
        settings.camera = CameraSettings.camera(make: text(makeTag, in: ifd0), model: text(modelTag, in: ifd0))
        settings.lens = text(lensModelTag, in: exif)
        settings.exposure = rational(exposureTag).flatMap { CameraSettings.exposure($0.numerator, $0.denominator) }
        settings.aperture = rational(fNumberTag).flatMap { CameraSettings.aperture($0.numerator, $0.denominator) }
        settings.focalLength = rational(focalLengthTag).flatMap { CameraSettings.focalLength($0.numerator, $0.denominator) }
        settings.iso = exif.first { $0.tag == isoTag }.flatMap { tiff.integer($0) }.flatMap { CameraSettings.iso($0) }
        settings.captureTime = exif.first { $0.tag == dateTimeOriginalTag }
            .flatMap { ExifReading.ascii($0, in: tiff, atMost: 20) }.flatMap { CameraSettings.captureTime($0) }
        return settings.isEmpty ? nil : settings
    }

    /// The camera settings in EXIF bytes that hold the TIFF structure itself (a WebP `EXIF`
    /// chunk, a PNG `eXIf`), past an "Exif\0\0" some writers put first.
    static func settings(exif bytes: [UInt8]) -> CameraSettings? {
        ExifReading.read(exif: bytes) { settings($0) }
    }
}
