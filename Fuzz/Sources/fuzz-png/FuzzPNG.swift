import CardImaging
import FuzzMain

/// One libFuzzer input: PNG bytes decoded as the viewer decodes them. Any outcome but a
/// `PNGError` or a picture of consistent size is a finding (a trap or a sanitizer report).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: data == nil ? 0 : count))
    do {
        let image = try PNGCodec.decode(bytes, name: "fuzz.png")
        precondition(image.pixels.count == image.width * image.height * 4)
    } catch is PNGError {
    } catch {
        preconditionFailure("unexpected error type: \(error)")
    }
    if let chunks = try? PNGStructure.chunks(of: bytes) {
        _ = PNGStructure.textEntries(of: bytes, chunks: chunks)
    }
    return 0
}

/// The program's entry point (SwiftPM aliases `main` to `fuzz_png_main`): libFuzzer's driver.
@_cdecl("fuzz_png_main")
public func fuzzerEntryPoint(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    cardviewer_fuzz_main(argc, argv) { fuzzPNG($0, $1) }
}
