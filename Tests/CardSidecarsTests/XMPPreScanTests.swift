import CardCulling
@testable import CardSidecars
import CardTestSupport
import Foundation
import Testing

/// The pre-scan that bounds what Exempi is given (SPEC §11, `XMPLimits`): its counts on known
/// shapes, and each bound refusing before the library sees a byte.
@Suite struct XMPPreScanTests {
    @Test("nodes, depth, namespaces and sibling work of a small packet")
    func counts() {
        let text = #"<x:a xmlns:x="u" xmlns = 'v'><r:RDF><d p="1" q='>'/><d r="2"/></r:RDF>t<i:li/><i:li/></x:a>"#
        let scan = XMPPreScan(Array(text.utf8))
        // Elements x:a, r:RDF, d, d, i:li, i:li (6); attributes xmlns:x, xmlns, p, q, r (5); text "t" (1).
        #expect(scan.nodes == 12)
        #expect(scan.depth == 3)
        #expect(scan.namespaces == 2)
        // x:a: 2 attributes + r:RDF (the li are not counted) = 3 → 9; r:RDF: 2 → 4; the two
        // descriptions as one top-level group: 2 + 1 = 3 → 9.
        #expect(scan.siblingWork == 9 + 4 + 9)
        #expect(scan.refusal == nil)
    }

    @Test("the attacker's 1.8M-item sidecar (16.2 MB) is refused by its size, and again by its nodes")
    func attackersSidecar() {
        let bytes = LargeSidecars.bag(items: 1_800_000)
        #expect(bytes.count > 16_000_000)
        let scan = XMPPreScan(bytes)
        #expect(scan.nodes >= 1_800_000)
        #expect(scan.refusal?.contains("over the limit of \(XMPLimits.maximumSize) bytes") == true)
        let small = Array(bytes.prefix(3_000_000)) + Array("</rdf:Bag></a:bag></rdf:Description></rdf:RDF></x:xmpmeta>".utf8)
        #expect(XMPPreScan(small).refusal?.contains("XML nodes would take") == true)
        #expect(XMPSidecarStore.mark(fromPacket: small) == .unmarked)
    }

    @Test("a packet just under the node bound is parsed; one just over is not")
    func nodeBound() {
        // Each item is 9 bytes and one node; the rest of the packet about 400 bytes and 12 nodes.
        let items = (XMPLimits.maximumParsedBytes - 20_000) / (XMPLimits.parsedBytesPerNode + 9 * XMPLimits.parsedBytesPerByte)
        let under = LargeSidecars.bag(items: items)
        #expect(XMPPreScan(under).refusal == nil, "\(XMPPreScan(under))")
        #expect(XMPSidecarStore.mark(fromPacket: under) == CullMark(stars: 4))
        let over = LargeSidecars.bag(items: XMPLimits.maximumNodes(size: 0) + 10)
        #expect(XMPPreScan(over).refusal != nil)
        #expect(XMPSidecarStore.mark(fromPacket: over) == .unmarked)
    }

    @Test("namespaces and sibling work over their bounds are refused; a real sidecar is far within")
    func otherBounds() {
        var many = String(LargeSidecars.head) + ">"
        for n in 0...XMPLimits.maximumNamespaces { many += "<n\(n):p xmlns:n\(n)=\"http://example.com/\(n)/\"/>" }
        many += "</rdf:Description></rdf:RDF></x:xmpmeta>"
        #expect(XMPPreScan(Array(many.utf8)).refusal?.contains("namespaces") == true)
        let wide = LargeSidecars.structs(1, fields: 4_100)
        #expect(XMPPreScan(wide).refusal?.contains("too many properties under one element") == true)
        let fine = LargeSidecars.structs(1, fields: 3_900)
        #expect(XMPPreScan(fine).refusal == nil)
        // Properties of several descriptions are one group (the toolkit merges them by schema).
        var split = String(LargeSidecars.head) + "/>"
        for d in 0..<5 {
            split += "<rdf:Description rdf:about=\"\" xmlns:a=\"http://example.com/a/\""
            for f in 0..<900 { split += " a:d\(d)f\(f)=\"\"" }
            split += "/>"
        }
        split += "</rdf:RDF></x:xmpmeta>"
        #expect(XMPPreScan(Array(split.utf8)).siblingWork > 4_500 * 4_500)
        let real = xmpPacket(rating: "3", pickLabel: "3")
        let scan = XMPPreScan(real)
        #expect(scan.refusal == nil && scan.nodes < 40 && scan.namespaces == 4)
    }

    @Test("a sidecar just under 4 MiB of one long value is read; the cost estimate stays under 64 MB")
    func sizeBound() {
        let bytes = LargeSidecars.text(size: XMPLimits.maximumSize - 64)
        let scan = XMPPreScan(bytes)
        #expect(scan.refusal == nil && scan.estimatedParsedBytes <= XMPLimits.maximumParsedBytes)
        #expect(XMPSidecarStore.mark(fromPacket: bytes) == CullMark(stars: 4))
        #expect(XMPPreScan(LargeSidecars.text(size: XMPLimits.maximumSize + 1)).refusal != nil)
    }

    @Test("nesting is counted past the bound without a stack past it")
    func deepNesting() {
        let text = String(repeating: "<a>", count: 100_000) + String(repeating: "</a>", count: 100_000)
        let scan = XMPPreScan(Array(text.utf8))
        #expect(scan.depth == 100_000)
        #expect(scan.refusal?.contains("nests") == true)
    }
}
