/// The picture formats the viewer reads, listed once: every message that names them
/// (`PicturePathError`, an empty folder, a file that is not a picture) and every list of
/// extensions a folder shows (`PictureFolder.extensions`, CardPictureDecoding's
/// `PictureFormat.extensions`) come from `all`.
public enum PictureKinds {
    /// Each format's name as messages write it, and its file name extensions (lowercased).
    public static let all: [(name: String, extensions: [String])] = [
        ("PNG", ["png"]), ("JPEG", ["jpg", "jpeg"]), ("WebP", ["webp"]), ("TIFF", ["tif", "tiff"]), ("GIF", ["gif"]),
        ("HEIC", ["heic", "heif"]), ("AVIF", ["avif"]),
        // Canon CR2/CR3, Nikon NEF/NRW, Sony ARW, Adobe DNG, Olympus ORF, Panasonic RW2,
        // Fujifilm RAF, Pentax PEF, Samsung SRW.
        (rawName, ["cr2", "cr3", "nef", "nrw", "arw", "dng", "orf", "rw2", "raf", "pef", "srw"]),
    ]

    /// The name of the camera RAW entry of `all`.
    public static let rawName = "camera RAW"

    /// Every extension of `all` (lowercased).
    public static let extensions: Set<String> = Set(all.flatMap(\.extensions))

    /// The camera RAW extensions (lowercased).
    public static let rawExtensions: Set<String> = Set(all.first { $0.name == rawName }?.extensions ?? [])

    /// The names of `all` as one phrase: "PNG, JPEG, WebP, TIFF, GIF, HEIC, AVIF or camera RAW"
    /// (`conjunction` "or"; "and" for "shows its … files").
    public static func listed(_ conjunction: String = "or") -> String {
        let names = all.map(\.name)
        return names.dropLast().joined(separator: ", ") + " \(conjunction) " + names[names.count - 1]
    }
}
