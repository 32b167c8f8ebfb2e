import CardCulling
import CardFiles
@testable import CardSidecars
import CardTestSupport
import Foundation
import Testing

/// Colour labels and the reading rule in sidecars (SPEC §10): `xmp:Label` (Lightroom, Bridge,
/// Photo Mechanic; one label) and `darktable:colorlabels` (every label), read as darktable does;
/// a rating wins over a stale `digiKam:PickLabel` 1; sidecars as other tools write them.
@Suite struct ColorLabelSidecarTests {
    /// A sidecar with `attributes` on its description and `body` inside it.
    static func packet(attributes: String, body: String = "") -> [UInt8] {
        Array("""
        <?xml version="1.0" encoding="UTF-8"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/">
         <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
          <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:darktable="http://darktable.sf.net/"
            xmlns:digiKam="http://www.digikam.org/ns/1.0/" \(attributes)>\(body)</rdf:Description>
         </rdf:RDF>
        </x:xmpmeta>
        """.utf8)
    }

    static func darktableLabels(_ numbers: [Int]) -> String {
        "<darktable:colorlabels><rdf:Seq>" + numbers.map { "<rdf:li>\($0)</rdf:li>" }.joined() + "</rdf:Seq></darktable:colorlabels>"
    }

    @Test("every label set, with every flag, comes back as written; both properties name them")
    func roundTrips() throws {
        let folder = try TemporaryFolder("cardsidecars")
        let picture = try folder.write("a.jpg", [0xFF, 0xD8, 0xFF, 0xD9])
        for raw in 0..<32 {
            let labels = ColorLabels(rawValue: UInt8(raw))
            for mark in [CullMark(stars: 2, labels: labels), CullMark(flag: .rejected, labels: labels),
                         CullMark(stars: 1, flag: .picked, labels: labels, labelsAddedByPick: labels.intersection(.green))] {
                try XMPSidecarStore().store(mark, forPicture: picture)
                #expect(XMPSidecarStore().mark(ofPicture: picture) == mark)
                let bytes = try #require(folder.contents("a.jpg.xmp"))
                let document = try #require(XMPDocument(parsing: bytes))
                #expect(document.string(XMPDocument.xmpNamespace, "Label") == (labels.names.count == 1 ? labels.names[0] : nil))
                #expect(document.arrayItems(XMPDocument.darktableNamespace, "colorlabels") == (labels.isEmpty ? nil : labels.darktableNumbers.map(String.init)))
            }
        }
    }

    @Test("the reading rule on sidecars as darktable, Lightroom and digiKam write them")
    func otherToolsConventions() {
        let cases: [(String, attributes: String, body: String, CullMark)] = [
            ("darktable: rating only", #"xmp:Rating="3""#, "", CullMark(stars: 3)),
            ("darktable: reject", #"xmp:Rating="-1""#, "", CullMark(flag: .rejected)),
            ("darktable: un-rejected over our PickLabel 1", #"xmp:Rating="3" digiKam:PickLabel="1""#, "", CullMark(stars: 3)),
            ("ours: reject", #"xmp:Rating="-1" digiKam:PickLabel="1""#, "", CullMark(flag: .rejected)),
            ("digiKam: PickLabel 1 without a rating", #"digiKam:PickLabel="1""#, "", CullMark(flag: .rejected)),
            ("digiKam: accepted", #"digiKam:PickLabel="3""#, "", CullMark(flag: .picked)),
            ("Lightroom: Label", #"xmp:Rating="2" xmp:Label="Yellow""#, "", CullMark(stars: 2, labels: .yellow)),
            ("Lightroom: a label word of no colour", #"xmp:Label="Select""#, "", .unmarked),
            ("darktable: colorlabels", #"xmp:Rating="1""#, Self.darktableLabels([2, 3]), CullMark(stars: 1, labels: [.green, .blue])),
            // darktable 4.2 imports Label over colorlabels (measured: Blue with [0] is blue).
            ("Label wins over colorlabels", #"xmp:Label="Blue""#, Self.darktableLabels([0]), CullMark(labels: .blue)),
            ("a word of no colour leaves colorlabels", #"xmp:Label="Select""#, Self.darktableLabels([0, 3]), CullMark(labels: [.red, .blue])),
            ("darktable: empty colorlabels", "", Self.darktableLabels([]), .unmarked),
            ("hostile numbers", "", Self.darktableLabels([-1, 99, 2]), CullMark(labels: .green)),
        ]
        for (what, attributes, body, mark) in cases {
            #expect(XMPSidecarStore.mark(fromPacket: Self.packet(attributes: attributes, body: body)) == mark, "\(what)")
        }
    }

    @Test("a mark written over another tool's sidecar keeps a label word it does not know, and its other properties")
    func foreignLabelKept() throws {
        let folder = try TemporaryFolder("cardsidecars")
        let picture = try folder.write("a.jpg", [0xFF, 0xD8, 0xFF, 0xD9])
        try folder.write("a.jpg.xmp", Self.packet(attributes: #"xmp:Rating="1" xmp:Label="Select" xmp:CreatorTool="Bridge""#))
        try XMPSidecarStore().store(CullMark(stars: 4), forPicture: picture)
        let written = try #require(folder.contents("a.jpg.xmp"))
        let document = try #require(XMPDocument(parsing: written))
        #expect(document.string(XMPDocument.xmpNamespace, "Label") == "Select")
        #expect(document.string(XMPDocument.xmpNamespace, "Rating") == "4")
        #expect(document.string(XMPDocument.xmpNamespace, "CreatorTool") == "Bridge")
        // A colour label set replaces it (one `xmp:Label`), and un-setting it removes both properties.
        try XMPSidecarStore().store(CullMark(stars: 4, labels: .red), forPicture: picture)
        #expect(XMPSidecarStore().mark(ofPicture: picture) == CullMark(stars: 4, labels: .red))
        try XMPSidecarStore().store(CullMark(stars: 4), forPicture: picture)
        let rewritten = try #require(folder.contents("a.jpg.xmp"))
        let cleared = try #require(XMPDocument(parsing: rewritten))
        #expect(cleared.string(XMPDocument.xmpNamespace, "Label") == nil)
        #expect(cleared.arrayItems(XMPDocument.darktableNamespace, "colorlabels") == nil)
    }

    @Test("exiftool reads the labels as Lightroom's Label and darktable's ColorLabels")
    func exiftoolReadsTheLabels() throws {
        let folder = try TemporaryFolder("cardsidecars")
        let picture = try folder.write("a.jpg", [0xFF, 0xD8, 0xFF, 0xD9])
        try XMPSidecarStore().store(CullMark(stars: 3, flag: .picked, labels: [.green, .blue], labelsAddedByPick: .green), forPicture: picture)
        let run = try ChildProcess.run("exiftool", ["-j", "-XMP:Label", "-XMP-darktable:ColorLabels", "-XMP:Rating", "-XMP-digiKam:PickLabel",
                                                    folder.path("a.jpg.xmp")])
        #expect(run.status == 0, "\(run.stderr)")
        // Two labels: darktable's array alone (Lightroom's Label holds one).
        #expect(!run.stdout.contains(#""Label""#), "\(run.stdout)")
        #expect(run.stdout.lowercased().contains(#""colorlabels": [2,3]"#), "\(run.stdout)")
        #expect(run.stdout.contains(#""Rating": 3"#) && run.stdout.contains(#""PickLabel": 3"#), "\(run.stdout)")
        try XMPSidecarStore().store(CullMark(stars: 3, flag: .picked, labels: .green, labelsAddedByPick: .green), forPicture: picture)
        let one = try ChildProcess.run("exiftool", ["-j", "-XMP:Label", "-XMP-darktable:ColorLabels", folder.path("a.jpg.xmp")])
        #expect(one.stdout.contains(#""Label": "Green""#) && one.stdout.lowercased().contains(#""colorlabels": 2"#), "\(one.stdout)")
    }
}
