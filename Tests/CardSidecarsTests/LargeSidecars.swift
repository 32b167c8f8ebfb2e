import Foundation

/// Valid sidecars of a chosen size or node count, stating `xmp:Rating` 4, made in the tests
/// (SPEC §11: the attacker's 1.8M-item sidecar, and ones just under `XMPLimits`' bounds).
enum LargeSidecars {
    static let head = """
    <?xml version="1.0" encoding="UTF-8"?>
    <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
    <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:a="http://example.com/a/" xmp:Rating="4"
    """

    /// A bag of `items` empty `rdf:li` (9 bytes and one node each: 1.8M make 16.2 MB).
    static func bag(items: Int) -> [UInt8] {
        var bytes = Array((head + "><a:bag><rdf:Bag>").utf8)
        bytes.reserveCapacity(bytes.count + items * 9 + 64)
        let item = Array("<rdf:li/>".utf8)
        for _ in 0..<items { bytes += item }
        bytes += Array("</rdf:Bag></a:bag></rdf:Description></rdf:RDF></x:xmpmeta>".utf8)
        return bytes
    }

    /// `structs` structures, each with `fields` simple fields written as attributes: the shape
    /// that costs Exempi the most per node (a property as an attribute).
    static func structs(_ structs: Int, fields: Int) -> [UInt8] {
        var text = head + ">"
        for s in 0..<structs {
            text += "<a:s\(s)"
            for f in 0..<fields { text += " a:f\(f)=\"\"" }
            text += "/>"
        }
        return Array((text + "</rdf:Description></rdf:RDF></x:xmpmeta>").utf8)
    }

    /// A sidecar of exactly `size` bytes whose bulk is one long property value.
    static func text(size: Int) -> [UInt8] {
        let start = Array((head + " a:note=\"").utf8), end = Array("\"/></rdf:RDF></x:xmpmeta>".utf8)
        return start + [UInt8](repeating: UInt8(ascii: "x"), count: max(0, size - start.count - end.count)) + end
    }
}
