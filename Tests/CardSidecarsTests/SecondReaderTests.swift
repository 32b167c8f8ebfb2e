import CardCulling
@testable import CardSidecars
import CardTestSupport
import Foundation
import Testing

/// The sidecars written, read by other readers: Python's standard XML parser, exiftool (the
/// reference reader of photo metadata), and an existing darktable sidecar kept whole.
@Suite struct SecondReaderTests {
    /// Python's `xml.etree.ElementTree`: prints `Rating PickLabel` found as attributes or elements
    /// of `rdf:Description` in their namespaces ("-" when absent), or fails.
    static let pythonReader = """
    from sys import argv
    from xml.etree import ElementTree as ET
    RDF = "{http://www.w3.org/1999/02/22-rdf-syntax-ns#}"
    XMP = "{http://ns.adobe.com/xap/1.0/}"
    DK = "{http://www.digikam.org/ns/1.0/}"
    root = ET.parse(argv[1]).getroot()
    assert root.tag == "{adobe:ns:meta/}xmpmeta", root.tag
    def find(name):
        for d in root.iter(RDF + "Description"):
            if name in d.attrib: return d.attrib[name]
            e = d.find(name)
            if e is not None: return e.text
        return "-"
    print(find(XMP + "Rating"), find(DK + "PickLabel"))
    """

    @Test("Python's ElementTree reads xmp:Rating and digiKam:PickLabel in their namespaces, for every flag")
    func python() throws {
        let folder = try TemporaryFolder("cardsidecars")
        let script = try folder.write("read.py", Self.pythonReader)
        let expected: [(CullMark, String)] = [
            (CullMark(stars: 5), "5 0"), (CullMark(stars: 1, flag: .picked), "1 3"),
            (CullMark(stars: 4, flag: .rejected), "-1 1"), (.unmarked, "0 0"),
        ]
        for (mark, line) in expected {
            try XMPSidecarStore().store(mark, forPicture: folder.path("p.jpg"))
            let run = try ChildProcess.run("python3", [script, folder.path("p.jpg.xmp")])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout == line + "\n", "\(mark): \(run.stdout) \(run.stderr)")
        }
    }

    @Test("exiftool reads the written sidecar: -XMP:Rating, -XMP-digiKam:PickLabel and -X")
    func exiftool() throws {
        let folder = try TemporaryFolder("cardsidecars")
        let sidecar = folder.path("q.cr2.xmp")
        let expected: [(CullMark, rating: String, pick: String)] = [
            (CullMark(stars: 3), "3", "0"), (CullMark(stars: 2, flag: .picked), "2", "3"),
            (CullMark(stars: 2, flag: .rejected), "-1", "1"),
        ]
        for (mark, rating, pick) in expected {
            try XMPSidecarStore().store(mark, forPicture: folder.path("q.cr2"))
            let run = try ChildProcess.run("exiftool", ["-s3", "-n", "-XMP:Rating", "-XMP-digiKam:PickLabel", sidecar])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout == "\(rating)\n\(pick)\n", "\(mark): \(run.stdout) \(run.stderr)")
            let xml = try ChildProcess.run("exiftool", ["-X", "-XMP:all", sidecar])
            #expect(xml.stdout.contains("<XMP-xmp:Rating>\(rating)</XMP-xmp:Rating>"), "\(xml.stdout)")
            #expect(xml.stdout.contains("<XMP-digiKam:PickLabel>\(pick)</XMP-digiKam:PickLabel>"), "\(xml.stdout)")
            #expect(xml.stderr.isEmpty && !xml.stdout.contains("Warning"), "\(xml.stdout) \(xml.stderr)")
        }
    }

    @Test("exiftool's own sidecar (written with -XMP:Rating and PickLabel) is read back")
    func exiftoolWritten() throws {
        let folder = try TemporaryFolder("cardsidecars")
        let run = try ChildProcess.run("exiftool", ["-q", "-o", folder.path("r.jpg.xmp"), "-XMP:Rating=4", "-XMP-digiKam:PickLabel=3"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(XMPSidecarStore().mark(ofPicture: folder.path("r.jpg")) == CullMark(stars: 4, flag: .picked))
    }

    /// A sidecar as darktable 4.x writes it: its own namespace and history (a sequence of
    /// structs), dc:subject tags, xmpMM:DerivedFrom, and a rating.
    static let darktableSidecar = """
    <?xml version="1.0" encoding="UTF-8"?>
    <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="XMP Core 4.4.0-Exiv2">
     <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
      <rdf:Description rdf:about=""
        xmlns:exif="http://ns.adobe.com/exif/1.0/"
        xmlns:xmp="http://ns.adobe.com/xap/1.0/"
        xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
        xmlns:dc="http://purl.org/dc/elements/1.1/"
        xmlns:darktable="http://darktable.sf.net/"
       exif:DateTimeOriginal="2024:05:01 10:11:12"
       xmp:Rating="2"
       xmpMM:DerivedFrom="IMG_4711.CR2"
       darktable:import_timestamp="63850000000000000"
       darktable:xmp_version="5"
       darktable:raw_params="0"
       darktable:auto_presets_applied="1"
       darktable:history_end="2">
       <dc:subject>
        <rdf:Bag>
         <rdf:li>holiday</rdf:li>
         <rdf:li>lisbon</rdf:li>
        </rdf:Bag>
       </dc:subject>
       <darktable:history>
        <rdf:Seq>
         <rdf:li darktable:num="0" darktable:operation="exposure" darktable:enabled="1" darktable:modversion="6"
          darktable:params="0000000000000000" darktable:multi_name="" darktable:multi_priority="0"/>
         <rdf:li darktable:num="1" darktable:operation="filmicrgb" darktable:enabled="1" darktable:modversion="22"
          darktable:params="gz12eJxjYGBgsGt5" darktable:multi_name="" darktable:multi_priority="0"/>
        </rdf:Seq>
       </darktable:history>
      </rdf:Description>
     </rdf:RDF>
    </x:xmpmeta>
    """

    @Test("a darktable sidecar round-tripped: every foreign property kept, only the mark changed")
    func darktableKept() throws {
        let folder = try TemporaryFolder("cardsidecars")
        try folder.write("IMG_4711.CR2.xmp", Self.darktableSidecar)
        let picture = folder.path("IMG_4711.CR2")
        let store = XMPSidecarStore()
        #expect(store.mark(ofPicture: picture) == CullMark(stars: 2))
        try store.store(CullMark(stars: 2, flag: .rejected), forPicture: picture)
        try store.store(CullMark(stars: 2, flag: .rejected).togglingReject().togglingPick(), forPicture: picture)
        #expect(store.mark(ofPicture: picture) == CullMark(stars: 2, flag: .picked))

        // Every tag exiftool sees in the original is there afterwards with the same value, but the mark's.
        let before = try Self.exiftoolTags(folder: folder, text: Self.darktableSidecar)
        let after = try Self.exiftoolTags(folder: folder, text: folder.text("IMG_4711.CR2.xmp"))
        #expect(before.count >= 10, "\(before)")
        // The rating changes, and the toolkit's name (x:xmptk) is the writer's own.
        for (tag, value) in before where tag != "XMP-xmp:Rating" && tag != "XMP-x:XMPToolkit" {
            #expect(after[tag] == value, "\(tag): \(value) → \(after[tag] ?? "missing")")
        }
        #expect(after["XMP-xmp:Rating"] == "2")
        #expect(after["XMP-digiKam:PickLabel"] == "3")
        #expect(after["XMP-dc:Subject"] == "[holiday,lisbon]")
        let history = try #require(after["XMP-darktable:History"])
        #expect(history.contains("Operation=exposure") && history.contains("Operation=filmicrgb"), "\(history)")
    }

    /// The XMP tags exiftool reads from sidecar text, by group-qualified name (structures whole).
    static func exiftoolTags(folder: TemporaryFolder, text: String) throws -> [String: String] {
        let path = try folder.write("tags-\(UUID().uuidString).xmp", text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try ChildProcess.run("exiftool", ["-s", "-G1", "-n", "-struct", "-XMP:all", path])
        var tags: [String: String] = [:]
        for line in run.stdout.split(separator: "\n") {
            guard let colon = line.range(of: " : ") else { continue }
            let name = line[..<colon.lowerBound].split(separator: " ").map(String.init)
            guard name.count == 2 else { continue }
            tags["\(name[0].dropFirst().dropLast()):\(name[1])"] = String(line[colon.upperBound...])
        }
        return tags
    }
}

/// The documentation's promises, checked against what is written and read.
@Suite struct SidecarDocumentationTests {
    /// docs/formats/xmp-sidecars.md.
    static let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/formats/xmp-sidecars.md")

    @Test("the exact XML in docs/formats/xmp-sidecars.md is what a new sidecar of a reject after 4 stars holds")
    func exactXML() throws {
        let text = try String(contentsOf: Self.document, encoding: .utf8)
        let start = try #require(text.range(of: "```xml\n"))
        let end = try #require(text.range(of: "\n```", range: start.upperBound..<text.endIndex))
        let documented = String(text[start.upperBound..<end.lowerBound])
        let folder = try TemporaryFolder("cardsidecars")
        try XMPSidecarStore().store(CullMark(stars: 4, flag: .rejected), forPicture: folder.path("IMG_0042.JPG"))
        let written = folder.text("IMG_0042.JPG.xmp")
        // The toolkit's own name (x:xmptk) may differ between Exempi releases.
        func withoutToolkit(_ text: String) -> String {
            text.replacingOccurrences(of: #"x:xmptk="[^"]*""#, with: "x:xmptk=\"…\"", options: .regularExpression)
        }
        #expect(written.contains("x:xmptk=\"Exempi + XMP Core "))
        #expect(withoutToolkit(written) == withoutToolkit(documented) + "\n", "written:\n\(written)")
    }

    @Test("darktable's element form (<xmp:Rating>3</xmp:Rating>) and a rejected darktable sidecar are read; a bare rdf:RDF is not")
    func darktableForms() {
        let element = """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
        <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/"><xmp:Rating>3</xmp:Rating></rdf:Description>
        </rdf:RDF></x:xmpmeta>
        """
        #expect(XMPSidecarStore.mark(fromPacket: Array(element.utf8)) == CullMark(stars: 3))
        // A bare rdf:RDF, without x:xmpmeta: Exempi asks for the x:xmpmeta wrapper every XMP
        // writer of these years puts (darktable, digiKam, exiftool, Adobe): not read.
        let bare = """
        <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
        <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:Rating="2"/></rdf:RDF>
        """
        #expect(XMPSidecarStore.mark(fromPacket: Array(bare.utf8)) == .unmarked)
        let rejected = SecondReaderTests.darktableSidecar.replacingOccurrences(of: "xmp:Rating=\"2\"", with: "xmp:Rating=\"-1\"")
        #expect(XMPSidecarStore.mark(fromPacket: Array(rejected.utf8)) == CullMark(flag: .rejected))
    }
}
