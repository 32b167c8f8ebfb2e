import CardMath
import CardPictureDecoding
import FuzzMain

/// Most inputs' limits: pictures of at most 4 MP.
let fuzzLimits = PictureLimits(maximumPixels: 1 << 22)

/// The workers' decode budget as the viewer has it (`DecodeBudget`, one decode at a time here):
/// a decode costing more than all of it is refused before it starts.
struct FuzzBudget: DecodeAdmission {
    func admit<Result>(_ bytes: Int, name: String, _ body: () throws -> Result) throws -> Result {
        let budget = PictureLimits.standard.decodeBudget
        guard bytes <= budget else { throw PictureError.tooMuchMemory(path: name, bytes: bytes, limit: budget) }
        return try body()
    }
}

/// One libFuzzer input: GIF bytes (giflib: the first frame, transparency, interlacing, canvas bounds).
/// Probed and decoded through `PictureDecoder` (the viewer's one entry point), at a target chosen
/// by the last byte so scaling, downscaling and orientation all run. Only `PictureError` may come
/// out; sizes must be consistent, and the probe must agree.
///
/// One input in 16 (by the last byte) runs under the standard limits (268 MP, 192 MB of working
/// memory); the rest under `fuzzLimits` (4 MP), so that inputs declaring huge pictures over a
/// few bytes, which cost a huge output's allocation under AddressSanitizer, do not take the
/// fuzzer's time from the decoders' code. The caps themselves are tested with bombs in
/// `FormatBombTests` and the decoders' tests.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGIF(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: data == nil ? 0 : count))
    let selector = Int(bytes.last ?? 0)
    let box = PixelSize(width: 1 + selector % 48, height: 1 + (selector / 3) % 40)
    let target: PictureTarget = switch selector % 3 {
    case 0: .fit(box)
    case 1: .cover(box)
    default: .fullSize
    }
    let limits = selector % 16 == 0 ? PictureLimits.standard : fuzzLimits
    let probed = try? PictureDecoder.probe(bytes, name: "fuzz.gif", limits: limits)
    do {
        let picture = try PictureDecoder.decode(bytes, name: "fuzz.gif", target: target, limits: limits,
                                                 admission: FuzzBudget())
        precondition(picture.image.pixels.count == picture.image.width * picture.image.height * 4)
        precondition(picture.image.width <= picture.fullSize.width && picture.image.height <= picture.fullSize.height)
        precondition(picture.image.width == target.size(for: picture.fullSize).width
                     && picture.image.height == target.size(for: picture.fullSize).height)
        if let probed { precondition(probed.size == picture.fullSize && probed.format == picture.format) }
    } catch is PictureError {
    } catch {
        preconditionFailure("unexpected error type: \(error)")
    }
    return 0
}

/// The program's entry point (SwiftPM aliases `main` to `fuzz_gif_main`): libFuzzer's driver.
@_cdecl("fuzz_gif_main")
public func fuzzerEntryPoint(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    cardviewer_fuzz_main(argc, argv) { fuzzGIF($0, $1) }
}
