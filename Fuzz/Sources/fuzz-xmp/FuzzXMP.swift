import CardCulling
import CardSidecars
import FuzzMain

/// One libFuzzer input, read as the culling store reads it: the bytes as a sidecar (Exempi's
/// parser behind the nesting check), as a picture whose embedded packet is found by walking
/// its JPEG, PNG, WebP or TIFF structure (or scanned for), and, when they parse, with a mark
/// written into them, serialized and read back: the mark must come back as written.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXMP(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: data == nil ? 0 : count))
    let asSidecar = XMPSidecarStore.mark(fromPacket: bytes)
    if let packet = EmbeddedXMP.packet(in: bytes) {
        precondition(packet.count <= EmbeddedXMP.maximumPacketSize)
        _ = XMPSidecarStore.mark(fromPacket: packet)
    }
    let mark = CullMark(stars: (asSidecar.stars + count) % 6, flag: CullMark.Flag.allCases[count % 3])
    if let written = XMPSidecarStore.updatedSidecar(bytes, with: mark) {
        let again = XMPSidecarStore.mark(fromPacket: written)
        precondition(again == mark, "wrote \(mark), read \(again)")
    }
    return 0
}

/// The program's entry point (SwiftPM aliases `main` to `fuzz_xmp_main`): libFuzzer's driver.
@_cdecl("fuzz_xmp_main")
public func fuzzerEntryPoint(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    cardviewer_fuzz_main(argc, argv) { fuzzXMP($0, $1) }
}
