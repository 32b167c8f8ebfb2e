import ArgumentParser
import CardFiles
import CardImaging
import CardPixels

/// Where `record` writes its frames, by `--out`'s name: an animated WebP, an animated GIF (both
/// encoded as the frames come, written atomically at the end: a temporary file beside it,
/// renamed), a folder of `frame-0001.png`, `frame-0002.png`, …, or for `NAME.png` the numbered
/// sequence `NAME-0001.png`, `NAME-0002.png`, … beside it (each PNG written atomically).
final class RecordOutput {
    enum Kind: Equatable {
        case webp, gif, folder, sequence

        /// The kind `path` names: `…/` or an existing folder is a folder; `.webp`, `.gif`, `.png`
        /// (a numbered sequence) in any case; anything else is refused (one line, exit status 2).
        init(_ path: String) throws {
            if path.hasSuffix("/") || FileInfo.isFolder(path) {
                self = .folder
                return
            }
            switch FileOptions.extensionOf(path) {
            case "webp": self = .webp
            case "gif": self = .gif
            case "png": self = .sequence
            default:
                throw ValidationError("--out '\(path)': record writes NAME.webp, NAME.gif, NAME.png (NAME-0001.png, …) or DIR/ (a folder of PNG frames)")
            }
        }

        var what: String {
            switch self {
            case .webp: "WebP"
            case .gif: "GIF"
            case .folder, .sequence: "PNG"
            }
        }
    }

    let kind: Kind
    let path: String
    let fps: Int
    private let writer: AnimationWriter?
    private(set) var count = 0

    init(kind: Kind, path: String, width: Int, height: Int, fps: Int, lossless: Bool) throws {
        self.kind = kind
        self.path = path
        self.fps = fps
        do {
            switch kind {
            case .webp: writer = try AnimatedWebPWriter(width: width, height: height, lossless: lossless, quality: Self.quality)
            case .gif: writer = try GIFAnimationWriter(width: width, height: height)
            case .sequence:
                writer = nil
            case .folder:
                writer = nil
                if let failure = Folder.make(path, mode: 0o755) { throw RuntimeFailure("cannot make the folder '\(path)': \(failure)") }
            }
        } catch let error as AnimationError {
            throw ValidationError("--out '\(path)': \(error.description)")
        }
    }

    /// WebP's lossy quality (libwebp's 0 … 100).
    static let quality: Float = 90

    /// The name of frame `index` (0-based) in a folder: `frame-0001.png` for the first.
    static func frameName(_ index: Int) -> String { "frame-" + number(index) + ".png" }

    /// Frame `index`'s (0-based) file of the sequence `path` (`NAME.png`): `NAME-0001.png` first.
    static func sequenceName(_ path: String, _ index: Int) -> String {
        String(path.dropLast(4)) + "-" + number(index) + ".png"
    }

    /// `index + 1` with at least four digits.
    private static func number(_ index: Int) -> String {
        let number = String(index + 1)
        return String(repeating: "0", count: max(0, 4 - number.count)) + number
    }

    /// Adds frame `index` (0, 1, …), shown from index / fps s.
    func add(_ image: RGBAImage, index: Int) throws {
        if let writer {
            try writer.add(image, startMilliseconds: AnimationTiming.milliseconds(frame: index, fps: fps))
        } else if kind == .sequence {
            try PNGCodec.write(image, to: Self.sequenceName(path, index))
        } else {
            try PNGCodec.write(image, to: (path.hasSuffix("/") ? path : path + "/") + Self.frameName(index))
        }
        count = index + 1
    }

    /// Ends the animation and writes it; returns the number of frames.
    func finish() throws -> Int {
        guard count > 0 else { throw RuntimeFailure("no frame to record: the replay drew none between --from and --to") }
        if let writer {
            let bytes = try writer.finish(endMilliseconds: AnimationTiming.milliseconds(frame: count, fps: fps))
            try AtomicFile.replace(path, with: bytes)
        }
        return count
    }
}
