import CardMath
import CardPictureDecoding
import FuzzMain

/// One libFuzzer input: picture bytes (JPEG with EXIF, or PNG) probed and decoded through
/// `PictureDecoder`, at a target chosen by the last byte so DCT scaling, downscaling and the
/// orientation code all run; ICC profiles (JPEG APP2, PNG iCCP) go through lcms2, and JPEG
/// embedded previews (EXIF IFD1, MPF) are found and decoded when the last byte's bit 3 is set. Only `PictureError` may come out; sizes must be consistent.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPicture(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: data == nil ? 0 : count))
    let selector = Int(bytes.last ?? 0)
    let box = PixelSize(width: 1 + selector % 48, height: 1 + (selector / 3) % 40)
    let target: PictureTarget = switch selector % 3 {
    case 0: .fit(box)
    case 1: .cover(box)
    default: .fullSize
    }
    if case let .header(header) = JPEGHeader.scan(bytes) {
        precondition((1...8).contains(header.orientation.rawValue))
    }
    let probed = try? PictureDecoder.probe(bytes, name: "fuzz.jpg")
    // The EXIF readers of `--sort time` and the info panel: any answer, never a trap.
    _ = ExifCaptureTime.seconds(source: bytes, name: "fuzz.jpg")
    _ = ExifCameraSettings.read(source: bytes, name: "fuzz.jpg")
    do {
        // Every other input lets an embedded JPEG preview (EXIF thumbnail, MPF) stand in.
        let picture = try PictureDecoder.decode(bytes, name: "fuzz.jpg", target: target, embeddedPreviews: selector & 8 != 0)
        precondition(picture.image.pixels.count == picture.image.width * picture.image.height * 4)
        precondition(picture.image.width <= picture.fullSize.width && picture.image.height <= picture.fullSize.height)
        if let probed { precondition(probed.size == picture.fullSize && probed.format == picture.format) }
    } catch is PictureError {
    } catch {
        preconditionFailure("unexpected error type: \(error)")
    }
    return 0
}

/// The program's entry point (SwiftPM aliases `main` to `fuzz_picture_main`): libFuzzer's driver.
@_cdecl("fuzz_picture_main")
public func fuzzerEntryPoint(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    cardviewer_fuzz_main(argc, argv) { fuzzPicture($0, $1) }
}
