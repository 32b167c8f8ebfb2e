import CPNG
import Foundation

/// Why a PNG could not be read or written. The description is one line naming the file.
public enum PNGError: Error, CustomStringConvertible, Equatable {
    case unreadable(path: String, reason: String)
    case tooLarge(path: String, width: Int, height: Int)
    case unwritable(path: String, reason: String)

    public var description: String {
        switch self {
        case let .unreadable(path, reason): "cannot read PNG '\(path)': \(reason)"
        case let .tooLarge(path, w, h): "PNG '\(path)' is too large (\(w)x\(h); at most \(PNGCodec.maximumDimension) pixels a side)"
        case let .unwritable(path, reason): "cannot write PNG '\(path)': \(reason)"
        }
    }
}

/// PNG reading and writing through libpng's simplified API (`png_image_*`), which reports errors
/// through return values instead of `setjmp`, which Swift cannot use.
///
/// Reading accepts every colour type, bit depth and interlacing libpng reads and converts to
/// 8-bit RGBA (16-bit channels are reduced, palettes expanded, gray replicated, tRNS applied).
public enum PNGCodec {
    /// Images wider or taller than this are refused as absurd (a 16k texture side is GL's usual limit).
    public static let maximumDimension = 16_384

    /// libpng's `PNG_FORMAT_RGBA`, a compound macro Swift does not import.
    private static let rgbaFormat = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)

    /// Decodes the PNG file at `path`.
    public static func read(contentsOf path: String) throws -> RGBAImage {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw PNGError.unreadable(path: path, reason: "no such file or not readable")
        }
        return try decode([UInt8](data), name: path)
    }

    /// Decodes PNG bytes; `name` labels errors.
    public static func decode(_ bytes: [UInt8], name: String = "<memory>") throws -> RGBAImage {
        // libpng reads from the buffer until finish_read returns: keep it pinned throughout.
        try bytes.withUnsafeBytes { raw in
            var image = png_image()
            image.version = UInt32(PNG_IMAGE_VERSION)
            defer { png_image_free(&image) }
            guard png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count) != 0 else {
                throw PNGError.unreadable(path: name, reason: message(of: image))
            }
            let width = Int(image.width), height = Int(image.height)
            guard width <= maximumDimension, height <= maximumDimension else {
                throw PNGError.tooLarge(path: name, width: width, height: height)
            }
            image.format = rgbaFormat
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            let finished = pixels.withUnsafeMutableBytes { out in
                png_image_finish_read(&image, nil, out.baseAddress, Int32(width * 4), nil)
            }
            guard finished != 0 else { throw PNGError.unreadable(path: name, reason: message(of: image)) }
            return RGBAImage(width: width, height: height, pixels: pixels)
        }
    }

    /// Encodes an 8-bit RGBA PNG.
    public static func encode(_ rgba: RGBAImage, name: String = "<memory>") throws -> [UInt8] {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(rgba.width)
        image.height = UInt32(rgba.height)
        image.format = rgbaFormat
        defer { png_image_free(&image) }
        var size: Int = 0
        let sized = rgba.pixels.withUnsafeBytes { raw in
            png_image_write_to_memory(&image, nil, &size, 0, raw.baseAddress, Int32(rgba.width * 4), nil)
        }
        guard sized != 0, size > 0 else { throw PNGError.unwritable(path: name, reason: message(of: image)) }
        var out = [UInt8](repeating: 0, count: size)
        let written = rgba.pixels.withUnsafeBytes { raw in
            out.withUnsafeMutableBytes { dst in
                png_image_write_to_memory(&image, dst.baseAddress, &size, 0, raw.baseAddress, Int32(rgba.width * 4), nil)
            }
        }
        guard written != 0 else { throw PNGError.unwritable(path: name, reason: message(of: image)) }
        return Array(out.prefix(size))
    }

    /// Writes `rgba` as a PNG at `path`, atomically: a temporary file beside it, flushed, then renamed.
    public static func write(_ rgba: RGBAImage, to path: String) throws {
        let bytes = try encode(rgba, name: path)
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw PNGError.unwritable(path: path, reason: reasonText(error))
        }
    }

    private static func message(of image: png_image) -> String {
        var copy = image.message
        let text = withUnsafeBytes(of: &copy) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return text.isEmpty ? "not a PNG libpng can read" : text
    }

    private static func reasonText(_ error: Error) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError,
           let posix = POSIXErrorCode(rawValue: Int32(underlying.code)) {
            return String(cString: strerror(posix.rawValue))
        }
        return ns.localizedDescription
    }
}
