import CardCulling
import CardFiles
@testable import CardSidecars
import CardTestSupport
import Foundation
import Testing

/// Marks written to and read from `NAME.EXT.xmp`, `NAME.xmp` and the files around them.
@Suite struct XMPSidecarStoreTests {
    /// Every mark: no flag, picked and rejected, each with 0…5 stars.
    static let everyMark: [CullMark] = CullMark.Flag.allCases.flatMap { flag in
        (0...CullMark.maximumStars).map { CullMark(stars: $0, flag: flag) }
    }

    @Test("every mark comes back as written, by a new store reading the sidecar")
    func roundTrips() throws {
        let folder = try TemporaryFolder("cardsidecars")
        let picture = try folder.write("IMG_0001.JPG", [0xFF, 0xD8, 0xFF, 0xD9])
        for mark in Self.everyMark {
            try XMPSidecarStore().store(mark, forPicture: picture)
            let read = XMPSidecarStore().markAndSource(ofPicture: picture)
            #expect(read.mark == mark)
            #expect(read.source == .sidecar(picture + ".xmp"))
        }
        #expect(folder.names() == ["IMG_0001.JPG", "IMG_0001.JPG.xmp"])
    }

    @Test("the properties written for each flag: Rating, PickLabel and the stars kept while rejected")
    func propertiesWritten() throws {
        let folder = try TemporaryFolder("cardsidecars")
        let picture = folder.path("a.jpg")
        let expected: [(CullMark, rating: String, pick: String, kept: String?)] = [
            (CullMark(stars: 4), "4", "0", nil),
            (CullMark(stars: 2, flag: .picked), "2", "3", nil),
            (CullMark(stars: 3, flag: .rejected), "-1", "1", "3"),
            (CullMark(stars: 0, flag: .rejected), "-1", "1", nil),
            (.unmarked, "0", "0", nil),
        ]
        for (mark, rating, pick, kept) in expected {
            try XMPSidecarStore().store(mark, forPicture: picture)
            let bytes = try #require(folder.contents("a.jpg.xmp"))
            let document = try #require(XMPDocument(parsing: bytes))
            #expect(document.string(XMPDocument.xmpNamespace, "Rating") == rating, "\(mark)")
            #expect(document.string(XMPDocument.digiKamNamespace, "PickLabel") == pick, "\(mark)")
            #expect(document.string(XMPDocument.cardViewerNamespace, "StarsBeforeReject") == kept, "\(mark)")
        }
    }

    @Test("a reject toggled off brings the stars back, through the sidecar")
    func rejectKeepsStars() throws {
        let folder = try TemporaryFolder("cardsidecars")
        let picture = folder.path("b.png")
        let store = XMPSidecarStore()
        try store.store(CullMark(stars: 4), forPicture: picture)
        try store.store(store.mark(ofPicture: picture).togglingReject(), forPicture: picture)
        #expect(store.mark(ofPicture: picture) == CullMark(stars: 4, flag: .rejected))
        try store.store(store.mark(ofPicture: picture).togglingReject(), forPicture: picture)
        #expect(store.mark(ofPicture: picture) == CullMark(stars: 4, flag: .none))
    }

    @Test("other tools' values: digiKam's reject with stars, pending, Lightroom's reals, out of range")
    func foreignValues() throws {
        let cases: [(rating: String, pick: String?, CullMark)] = [
            // A rating wins over PickLabel 1 (SPEC §10's reading rule: darktable un-rejecting
            // writes Rating 3 and leaves the label), so digiKam's reject with stars reads as
            // its stars; PickLabel 1 rejects only where there is no rating.
            ("3", "1", CullMark(stars: 3)),
            ("", "1", CullMark(stars: 0, flag: .rejected)),
            ("2", "2", CullMark(stars: 2)),  // digiKam's "pending" is no flag
            ("4.0", nil, CullMark(stars: 4)),
            ("9", "3", CullMark(stars: 5, flag: .picked)),
            ("-1", nil, CullMark(stars: 0, flag: .rejected)),  // darktable's reject
            ("1e300", nil, CullMark(stars: 5)),
            ("nan", nil, .unmarked),
            ("lots", "x", .unmarked),
        ]
        for (rating, pick, mark) in cases {
            #expect(XMPSidecarStore.mark(fromPacket: xmpPacket(rating: rating, pickLabel: pick)) == mark, "\(rating) \(pick ?? "-")")
        }
    }

    @Test("NAME.EXT.xmp wins over NAME.xmp, which wins over embedded XMP; writes go to NAME.EXT.xmp only")
    func readingOrder() throws {
        let folder = try TemporaryFolder("cardsidecars")
        let jpeg = EmbeddingPictures.jpeg([0xFF, 0xD8, 0xFF, 0xD9], embedding: xmpPacket(rating: "1"))
        let picture = try folder.write("c.jpg", jpeg)
        let store = XMPSidecarStore()
        #expect(store.markAndSource(ofPicture: picture) == (CullMark(stars: 1), .embedded))
        try folder.write("c.xmp", xmpPacket(rating: "2", pickLabel: "3"))
        #expect(store.markAndSource(ofPicture: picture) == (CullMark(stars: 2, flag: .picked), .sidecar(folder.path("c.xmp"))))
        try folder.write("c.jpg.xmp", xmpPacket(rating: "-1"))
        #expect(store.markAndSource(ofPicture: picture) == (CullMark(flag: .rejected), .sidecar(folder.path("c.jpg.xmp"))))
        let adobe = folder.contents("c.xmp")
        try store.store(CullMark(stars: 5), forPicture: picture)
        #expect(folder.contents("c.xmp") == adobe)
        #expect(folder.contents("c.jpg") == jpeg)
        #expect(store.mark(ofPicture: picture) == CullMark(stars: 5))
    }

    @Test("a first write starts from NAME.xmp's properties, which stays as it was")
    func writeStartsFromAdobeSidecar() throws {
        let folder = try TemporaryFolder("cardsidecars")
        let adobe = """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
        <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/"
         xmp:Rating="2" photoshop:City="Lisboa"/></rdf:RDF></x:xmpmeta>
        """
        try folder.write("d.xmp", adobe)
        try XMPSidecarStore().store(CullMark(stars: 3, flag: .picked), forPicture: folder.path("d.nef"))
        #expect(folder.text("d.xmp") == adobe)
        let bytes = try #require(folder.contents("d.nef.xmp"))
        let written = try #require(XMPDocument(parsing: bytes))
        #expect(written.string("http://ns.adobe.com/photoshop/1.0/", "City") == "Lisboa")
        #expect(XMPCullMark.mark(in: written) == CullMark(stars: 3, flag: .picked))
    }

    @Test("NAME.xmp is Adobe's name: the extension replaced, only in the file name")
    func adobeNames() {
        #expect(XMPSidecarStore.adobeSidecarPath(ofPicture: "/p/IMG_1.CR2") == "/p/IMG_1.xmp")
        #expect(XMPSidecarStore.adobeSidecarPath(ofPicture: "/p.d/IMG") == nil)
        #expect(XMPSidecarStore.adobeSidecarPath(ofPicture: "/p/.hidden") == nil)
        #expect(XMPSidecarStore.adobeSidecarPath(ofPicture: "a.b.jpg") == "a.b.xmp")
        #expect(XMPSidecarStore.sidecarPath(ofPicture: "/p/IMG_1.CR2") == "/p/IMG_1.CR2.xmp")
    }

    @Test("the picture's bytes and time are unchanged after marks are written")
    func pictureUntouched() throws {
        let folder = try TemporaryFolder("cardsidecars")
        let bytes = EmbeddingPictures.jpeg([0xFF, 0xD8, 0xFF, 0xD9], embedding: xmpPacket(rating: "2"))
        let picture = try folder.write("e.jpg", bytes)
        let before = try FileInfo.at(picture)
        for mark in Self.everyMark { try XMPSidecarStore().store(mark, forPicture: picture) }
        #expect(folder.contents("e.jpg") == bytes)
        #expect(try FileInfo.at(picture).modificationTime == before.modificationTime)
        #expect(try FileInfo.at(picture).identity == before.identity)
        #expect(folder.names() == ["e.jpg", "e.jpg.xmp"], "no temporary left behind")
    }

    @Test("a symlinked sidecar is written through to its target in the picture's folder, never to one elsewhere")
    func symlinkedSidecar() throws {
        let folder = try TemporaryFolder("cardsidecars")
        try folder.write("f.xmp", xmpPacket(rating: "1"))
        try FileManager.default.createSymbolicLink(atPath: folder.path("f.jpg.xmp"), withDestinationPath: "f.xmp")
        try XMPSidecarStore().store(CullMark(stars: 4, flag: .picked), forPicture: folder.path("f.jpg"))
        let link = try FileManager.default.destinationOfSymbolicLink(atPath: folder.path("f.jpg.xmp"))
        #expect(link == "f.xmp")
        #expect(XMPSidecarStore.mark(fromPacket: try #require(folder.contents("f.xmp"))) == CullMark(stars: 4, flag: .picked))
        // A link to a sidecar in another folder is not written through (SPEC §11, issue 31).
        try FileManager.default.createDirectory(atPath: folder.path("elsewhere"), withIntermediateDirectories: false)
        try folder.write("elsewhere/g.xmp", xmpPacket(rating: "1"))
        try FileManager.default.createSymbolicLink(atPath: folder.path("g.jpg.xmp"), withDestinationPath: "elsewhere/g.xmp")
        #expect(throws: CullMarkStoreError.self) { try XMPSidecarStore().store(CullMark(stars: 4), forPicture: folder.path("g.jpg")) }
        #expect(folder.contents("elsewhere/g.xmp") == xmpPacket(rating: "1"))
    }

    @Test("a folder that cannot be written: .unwritable naming the sidecar, in one line")
    func unwritableFolder() throws {
        let folder = try TemporaryFolder("cardsidecars")
        // Whoever runs the test (root ignores permissions): a folder that does not exist, and a
        // name whose temporary (".NAME.tmp-PID-RANDOM") is longer than a file name may be.
        let missing = folder.path("gone/g.jpg")
        #expect(throws: CullMarkStoreError.unwritable(path: missing + ".xmp", reason: "no such directory '\(folder.path("gone"))'")) {
            try XMPSidecarStore().store(CullMark(stars: 1), forPicture: missing)
        }
        let long = folder.path(String(repeating: "n", count: 240) + ".jpg")
        #expect(throws: CullMarkStoreError.unwritable(path: long + ".xmp", reason: "File name too long")) {
            try XMPSidecarStore().store(CullMark(stars: 1), forPicture: long)
        }
        #expect(folder.names().isEmpty)
    }

    @Test("a read-only folder: .unwritable, nothing written", .enabled(if: geteuid() != 0, "root writes into read-only folders"))
    func readOnlyFolder() throws {
        let folder = try TemporaryFolder("cardsidecars")
        let picture = try folder.write("h.jpg", [0xFF, 0xD8, 0xFF, 0xD9])
        chmod(folder.path, 0o555)
        #expect(throws: CullMarkStoreError.unwritable(path: picture + ".xmp", reason: "directory '\(folder.path)' is not writable")) {
            try XMPSidecarStore().store(CullMark(stars: 1), forPicture: picture)
        }
        #expect(folder.names() == ["h.jpg"])
    }

    @Test("an existing sidecar that is not XMP is never replaced: the write is refused")
    func brokenSidecarKept() throws {
        let folder = try TemporaryFolder("cardsidecars")
        let broken = "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF"
        try folder.write("i.jpg.xmp", broken)
        #expect(XMPSidecarStore().mark(ofPicture: folder.path("i.jpg")) == .unmarked)
        #expect(throws: CullMarkStoreError.self) { try XMPSidecarStore().store(CullMark(stars: 2), forPicture: folder.path("i.jpg")) }
        #expect(folder.text("i.jpg.xmp") == broken)
    }

    @Test("stores from many threads at once: every sidecar ends valid with one of the marks written")
    func concurrentStores() throws {
        let folder = try TemporaryFolder("cardsidecars")
        let store = XMPSidecarStore()
        let stores = [store, XMPSidecarStore()]  // two instances share the files and the write lock
        let pictures = (0..<4).map { folder.path("t\($0).jpg") }
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            let picture = pictures[index % pictures.count]
            try? stores[index / 4 % 2].store(CullMark(stars: index % 6, flag: index % 3 == 0 ? .picked : .none), forPicture: picture)
            _ = store.mark(ofPicture: picture)
        }
        #expect(folder.names().allSatisfy { !$0.hasPrefix(".") }, "no temporary left behind: \(folder.names())")
        for (number, picture) in pictures.enumerated() {
            let written = Set((0..<64).filter { $0 % pictures.count == number }.map {
                CullMark(stars: $0 % 6, flag: $0 % 3 == 0 ? .picked : .none)
            })
            #expect(written.contains(store.mark(ofPicture: picture)))
        }
    }
}
