import CardMath
import CardPictureDecoding

/// The check every picture-format fuzz target runs on one libFuzzer input (fuzz-webp, -tiff,
/// -gif, -heif, -raw): the bytes probed and decoded through `PictureDecoder` (the viewer's one
/// entry point) at a target chosen by the last byte — fit, cover or the full size of a small
/// box — so scaling, reduction and orientation all run. Only `PictureError` may come out; the
/// pixels must fill the image, never exceed the picture, and agree with the probe.
public enum PictureFuzzing {
    /// How an input is decoded.
    public enum Limits: Sendable {
        /// One input in 16 (by the last byte) under the standard limits (268 MP, 192 MB of working
        /// memory), through the workers' decode budget; the rest at most 4 MP, so that inputs
        /// declaring huge pictures over a few bytes (a huge output's allocation under
        /// AddressSanitizer) do not take the fuzzer's time from the decoders' code. The caps
        /// themselves are tested with bombs (`FormatBombTests`, the decoders' tests). The decoded
        /// size must be exactly the target's.
        case mostlySmall
        /// At most 64 MB of working memory, for decoders whose hostile inputs could otherwise take
        /// the fuzzer's 2 GB (libheif, LibRaw).
        case workingMemory64MB
    }

    /// Probes and decodes one input (`data`, `count` bytes) as a file named `name`; returns 0,
    /// libFuzzer's "keep going". Stops the process (`precondition`) on anything else than a
    /// consistent picture or a `PictureError`.
    public static func run(_ data: UnsafePointer<UInt8>?, _ count: Int, name: String, limits: Limits) -> Int32 {
        let bytes = Array(UnsafeBufferPointer(start: data, count: data == nil ? 0 : count))
        let selector = Int(bytes.last ?? 0)
        let box = PixelSize(width: 1 + selector % 48, height: 1 + (selector / 3) % 40)
        let target: PictureTarget = switch selector % 3 {
        case 0: .fit(box)
        case 1: .cover(box)
        default: .fullSize
        }
        let caps: PictureLimits, admission: (any DecodeAdmission)?
        switch limits {
        case .mostlySmall:
            caps = selector % 16 == 0 ? .standard : PictureLimits(maximumPixels: 1 << 22)
            admission = Budget()
        case .workingMemory64MB:
            caps = PictureLimits(maximumWorkingMemory: 64_000_000)
            admission = nil
        }
        let probed = try? PictureDecoder.probe(bytes, name: name, limits: caps)
        // The EXIF readers of `--sort time` and the info panel, on the same bytes: any answer,
        // never a trap.
        _ = ExifCaptureTime.seconds(source: bytes, name: name)
        _ = ExifCameraSettings.read(source: bytes, name: name)
        do {
            let picture = try PictureDecoder.decode(bytes, name: name, target: target, limits: caps, admission: admission)
            precondition(picture.image.pixels.count == picture.image.width * picture.image.height * 4)
            precondition(picture.image.width <= picture.fullSize.width && picture.image.height <= picture.fullSize.height)
            if case .mostlySmall = limits {
                let wanted = target.size(for: picture.fullSize)
                precondition(picture.image.width == wanted.width && picture.image.height == wanted.height)
            }
            if let probed { precondition(probed.size == picture.fullSize && probed.format == picture.format) }
        } catch is PictureError {
        } catch {
            preconditionFailure("unexpected error type: \(error)")
        }
        return 0
    }

    /// The workers' decode budget as the viewer has it (`DecodeBudget`, one decode at a time
    /// here): a decode costing more than all of it is refused before it starts.
    struct Budget: DecodeAdmission {
        func admit<Result>(_ bytes: Int, name: String, _ body: () throws -> Result) throws -> Result {
            let budget = PictureLimits.standard.decodeBudget
            guard bytes <= budget else { throw PictureError.tooMuchMemory(path: name, bytes: bytes, limit: budget) }
            return try body()
        }
    }
}
