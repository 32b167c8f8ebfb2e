import CardMath
import CardPictureDecoding
import FuzzMain

/// One libFuzzer input: camera RAW bytes (named .dng; LibRaw tells the maker by the content)
/// through `PictureDecoder`: LibRaw's parsers, the embedded preview (JPEG through TurboJPEG, or
/// a bitmap), the half-size raw decode within the caps, at a target chosen by the last byte.
/// Only `PictureError` may come out; sizes must be consistent; the probe must agree with the
/// decode.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRAW(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: data == nil ? 0 : count))
    let selector = Int(bytes.last ?? 0)
    let box = PixelSize(width: 1 + selector % 48, height: 1 + (selector / 3) % 40)
    let target: PictureTarget = switch selector % 3 {
    case 0: .fit(box)
    case 1: .cover(box)
    default: .fullSize
    }
    // Caps low enough that a hostile input cannot take the fuzzer's 2 GB: 64 MB of working memory.
    let limits = PictureLimits(maximumWorkingMemory: 64_000_000)
    let probed = try? PictureDecoder.probe(bytes, name: "fuzz.dng", limits: limits)
    do {
        let picture = try PictureDecoder.decode(bytes, name: "fuzz.dng", target: target, limits: limits)
        precondition(picture.image.pixels.count == picture.image.width * picture.image.height * 4)
        precondition(picture.image.width <= picture.fullSize.width && picture.image.height <= picture.fullSize.height)
        if let probed { precondition(probed.size == picture.fullSize && probed.format == picture.format) }
    } catch is PictureError {
    } catch {
        preconditionFailure("unexpected error type: \(error)")
    }
    return 0
}

/// The program's entry point (SwiftPM aliases `main` to `fuzz_raw_main`): libFuzzer's driver.
@_cdecl("fuzz_raw_main")
public func fuzzerEntryPoint(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    cardviewer_fuzz_main(argc, argv) { fuzzRAW($0, $1) }
}
