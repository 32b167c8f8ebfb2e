/// The picture file formats the viewer reads, recognised by their first bytes (not their name).
public enum PictureFormat: String, Hashable, Sendable {
    case png
    case jpeg

    /// The format whose signature `prefix` starts with: PNG's eight-byte signature, or JPEG's
    /// start-of-image marker followed by another marker (FF D8 FF). Nil for anything else.
    public init?(signature prefix: some Collection<UInt8>) {
        if prefix.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if prefix.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else {
            return nil
        }
    }

    /// Whether a file name has one of the extensions a picture folder lists: `.png`, `.jpg`,
    /// `.jpeg`, in any case. (The file's bytes still decide how it is decoded.)
    public static func isPictureName(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return ["png", "jpg", "jpeg"].contains(name[name.index(after: dot)...].lowercased())
    }
}
