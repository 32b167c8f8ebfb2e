import CardCulling
import CardSidecars
import FuzzMain

/// One libFuzzer input, read as the culling store reads it: the bytes through the pre-scan that
/// bounds what Exempi is given (`XMPPreScan`: size, nodes, nesting, namespaces, sibling work),
/// then as a sidecar (Exempi's parser behind it), as a picture whose embedded packet is found by
/// walking its JPEG, PNG, WebP or TIFF structure (or scanned for), and, when they parse, with a
/// mark written into them, serialized and read back: the mark must come back as written, and
/// what is written must pass the pre-scan (no write of ours makes a sidecar we would refuse).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXMP(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: data == nil ? 0 : count))
    let scan = XMPPreScan(bytes)
    precondition(scan.size == bytes.count && scan.nodes >= 0 && scan.depth >= 0 && scan.siblingWork >= 0)
    let asSidecar = XMPSidecarStore.mark(fromPacket: bytes)
    if scan.refusal != nil { precondition(asSidecar == .unmarked, "a refused packet was read: \(scan)") }
    if let packet = EmbeddedXMP.packet(in: bytes) {
        precondition(packet.count <= EmbeddedXMP.maximumPacketSize && packet.count <= XMPLimits.maximumSize)
        _ = XMPSidecarStore.mark(fromPacket: packet)
    }
    let mark = CullMark(stars: (asSidecar.stars + count) % 6, flag: CullMark.Flag.allCases[count % 3])
    if let written = XMPSidecarStore.updatedSidecar(bytes, with: mark) {
        precondition(scan.refusal == nil || bytes.isEmpty, "a refused packet was rewritten")
        let again = XMPPreScan(written)
        precondition(again.refusal == nil, "wrote a sidecar the pre-scan refuses: \(again)")
        let read = XMPSidecarStore.mark(fromPacket: written)
        precondition(read == mark, "wrote \(mark), read \(read)")
    }
    return 0
}

/// The program's entry point (SwiftPM aliases `main` to `fuzz_xmp_main`): libFuzzer's driver.
@_cdecl("fuzz_xmp_main")
public func fuzzerEntryPoint(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    cardviewer_fuzz_main(argc, argv) { fuzzXMP($0, $1) }
}
