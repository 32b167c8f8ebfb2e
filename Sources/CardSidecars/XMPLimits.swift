/// The bounds every XMP packet — a sidecar read or about to be written, a packet embedded in a
/// picture — meets before Exempi sees its bytes (SPEC §11, docs/LIMITS.md "Culling marks in
/// XMP"). Adobe's toolkit expands its input about 50× (an XML tree, then the XMP tree, a node
/// each for every element, attribute and run of text), so a size cap alone does not bound its
/// memory: `XMPPreScan` counts what the toolkit would build, from the bytes, in one pass.
///
/// The figures were measured with Exempi 2.6.3 on these machines (peak RSS of `xmp_parse`, then
/// a property set and `xmp_serialize`, in a fresh process per input); `XMPLimitsTests` measures
/// them again.
public enum XMPLimits {
    /// The largest packet read, in bytes (4 MiB): darktable's sidecars with a long history are
    /// tens of KiB, Lightroom's a few KiB. Larger ones are refused from their size, unread.
    public static let maximumSize = 4 << 20

    /// What parsing one packet (and rewriting it) may cost, in bytes of memory (64 MB): the
    /// figure SPEC §11 allows any sidecar, embedded packet or write of ours over a control run.
    public static let maximumParsedBytes = 64_000_000

    /// The toolkit's memory per node, in bytes: measured 211 (an element outside `rdf:RDF`),
    /// 427 (an empty `rdf:li`), 329 (a `rdf:li` and its text, per node), 380 (a `rdf:li` with
    /// `xml:lang` and text) and 541–560 (a simple property as an attribute: the worst), with a
    /// margin for the allocator (and for the viewer's own variation between runs: a packet embedded
    /// in a picture at 640 a node peaked 57 MB over the control, too close to 64).
    public static let parsedBytesPerNode = 720

    /// The toolkit's memory per byte of the packet, in bytes: measured 3.0 for a packet of one
    /// long text value (the buffer, the XML tree's copy, the property's) and 4.0 once it is
    /// serialized again for a write.
    public static let parsedBytesPerByte = 4

    /// The most nodes a packet of `size` bytes may hold: what remains of `maximumParsedBytes`
    /// after its bytes' share, at `parsedBytesPerNode` each (about 88,900 for a small packet).
    public static func maximumNodes(size: Int) -> Int {
        max(0, maximumParsedBytes - size * parsedBytesPerByte) / parsedBytesPerNode
    }

    /// The deepest element nesting parsed. Real packets nest under 20 deep (darktable's history
    /// about 8); the toolkit's RDF reader recurses once per level, so a hostile packet nested a
    /// million deep is refused before it reaches the library.
    public static let maximumNesting = 256

    /// The most namespace declarations (`xmlns…` attributes) in one packet: real sidecars declare
    /// 8 (darktable) to about 20 (Lightroom). The toolkit registers every new namespace in a
    /// table of the process that is never emptied (about 250 bytes each), and finds a free prefix
    /// by trying `n_1_`, `n_2_`, … in turn: 2,000 new namespaces of one prefix took 10 s.
    public static let maximumNamespaces = 64

    /// The most sibling work in one packet: the sum, over elements, of the square of the number
    /// of named children and attributes each has (the properties at the top of all
    /// `rdf:Description`s counted as one group, as the toolkit merges them per schema). The
    /// toolkit looks for a duplicate among the siblings each time it adds a property, so its
    /// time grows as that square: 6,300 attributes of one `rdf:Description` took 0.2 s of CPU,
    /// 40,000 took 39 s. 16,000,000 allows 4,000 properties under one parent (a Lightroom
    /// sidecar has about 200) and costs under 0.1 s. Array items (`rdf:li`) are not compared.
    public static let maximumSiblingWork = 16_000_000
}
