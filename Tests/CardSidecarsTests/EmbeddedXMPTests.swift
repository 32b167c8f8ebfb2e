import CardCulling
@testable import CardSidecars
import CardTestSupport
import Foundation
import Testing

/// Marks read from XMP embedded in real picture files (made by ImageMagick, the packet put in
/// by the test, or by webpmux and exiftool as cameras and editors do), and exiftool agreeing.
@Suite struct EmbeddedXMPTests {
    @Test("JPEG: APP1 http://ns.adobe.com/xap/1.0/ inserted after SOI")
    func jpeg() throws {
        let folder = try TemporaryFolder("cardsidecars")
        let plain = try EmbeddingPictures.picture("jpg", in: folder, name: "plain.jpg")
        let packet = xmpPacket(rating: "4", pickLabel: "3")
        let picture = try folder.write("a.jpg", EmbeddingPictures.jpeg(plain, embedding: packet))
        #expect(EmbeddedXMP.packet(inPictureAt: picture) == packet)
        #expect(XMPSidecarStore().markAndSource(ofPicture: picture).mark == CullMark(stars: 4, flag: .picked))
        #expect(XMPSidecarStore().markAndSource(ofPicture: picture).source == .embedded)
        // exiftool reads the same file the same way: the test's JPEG is a valid one.
        let run = try ChildProcess.run("exiftool", ["-s3", "-XMP:Rating", "-XMP-digiKam:PickLabel", "-n", picture])
        #expect(run.stdout == "4\n3\n", "\(run.stdout) \(run.stderr)")
        #expect(XMPSidecarStore().mark(ofPicture: folder.path("plain.jpg")) == .unmarked)
    }

    @Test("PNG: iTXt XML:com.adobe.xmp after IHDR")
    func png() throws {
        let folder = try TemporaryFolder("cardsidecars")
        let plain = try EmbeddingPictures.picture("png", in: folder, name: "plain.png")
        let packet = xmpPacket(rating: "-1")
        let picture = try folder.write("b.png", EmbeddingPictures.png(plain, embedding: packet))
        #expect(EmbeddedXMP.packet(inPictureAt: picture) == packet)
        #expect(XMPSidecarStore().mark(ofPicture: picture) == CullMark(flag: .rejected))
        let run = try ChildProcess.run("exiftool", ["-s3", "-XMP:Rating", "-n", picture])
        #expect(run.stdout == "-1\n", "\(run.stdout) \(run.stderr)")
        #expect(XMPSidecarStore().mark(ofPicture: folder.path("plain.png")) == .unmarked)
    }

    @Test("WebP: the XMP chunk webpmux puts in")
    func webP() throws {
        let folder = try TemporaryFolder("cardsidecars")
        _ = try EmbeddingPictures.picture("webp", in: folder, name: "plain.webp")
        let packet = xmpPacket(rating: "5")
        try folder.write("packet.xmp", packet)
        let run = try ChildProcess.run("webpmux", ["-set", "xmp", folder.path("packet.xmp"), folder.path("plain.webp"), "-o", folder.path("c.webp")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(EmbeddedXMP.packet(inPictureAt: folder.path("c.webp")) == packet)
        #expect(XMPSidecarStore().mark(ofPicture: folder.path("c.webp")) == CullMark(stars: 5))
    }

    @Test("TIFF (and the RAWs built on it): tag 700 written by exiftool, both byte orders")
    func tiff() throws {
        let folder = try TemporaryFolder("cardsidecars")
        for (name, endian, order) in [("le.tif", "lsb", "II"), ("be.tif", "msb", "MM")] {
            let made = try ChildProcess.run("convert", ["-size", "16x8", "gradient:red-blue", "-define", "tiff:endian=\(endian)",
                                                        folder.path("plain-" + name)])
            #expect(made.status == 0, "\(made.stderr)")
            let run = try ChildProcess.run("exiftool", ["-q", "-XMP:Rating=3", "-XMP-digiKam:PickLabel=1",
                                                        "-o", folder.path(name), folder.path("plain-" + name)])
            #expect(run.status == 0, "\(run.stderr)")
            let bytes = try #require(folder.contents(name))
            #expect(String(decoding: bytes[0..<2], as: UTF8.self) == order)
            #expect(EmbeddedXMP.tiffByteOrder(Array(bytes[0..<4])) == (order == "MM"))
            // The rating wins over PickLabel 1 (SPEC §10's reading rule).
            #expect(XMPSidecarStore().mark(ofPicture: folder.path(name)) == CullMark(stars: 3), "\(name)")
        }
    }

    @Test("other formats: the first x:xmpmeta in the file's first 4 MiB")
    func scanned() throws {
        let packet = xmpPacket(rating: "2")
        let body = Array(String(decoding: packet, as: UTF8.self).drop { $0 != "<" }.utf8)  // from `<?xpacket`
        let start = Array("<x:xmpmeta".utf8)
        let bytes = Array("\0\0\0\u{18}ftypheic".utf8) + [UInt8](repeating: 7, count: 1000) + body
        let found = try #require(EmbeddedXMP.packet(in: bytes))
        #expect(Array(found.prefix(start.count)) == start)
        #expect(XMPSidecarStore.mark(fromPacket: found) == CullMark(stars: 2))
        let late = Array("\0\0\0\u{18}ftypheic".utf8) + [UInt8](repeating: 7, count: EmbeddedXMP.scanWindow) + body
        #expect(EmbeddedXMP.packet(in: late) == nil)
    }

    @Test("lengths that point past the file or over the cap give no packet, without reading them")
    func lyingLengths() {
        // JPEG APP1 claiming 65,535 bytes in a 60-byte file.
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF] + Array("http://ns.adobe.com/xap/1.0/".utf8) + [0] + [UInt8](repeating: 0x20, count: 30)
        #expect(EmbeddedXMP.packet(in: jpeg) == nil)
        // TIFF tag 700 with 4 GiB of bytes at offset 8.
        let tiff: [UInt8] = [0x49, 0x49, 42, 0, 8, 0, 0, 0, 1, 0, 0xBC, 0x02, 7, 0, 0xFF, 0xFF, 0xFF, 0xFF, 8, 0, 0, 0, 0, 0, 0, 0]
        #expect(EmbeddedXMP.packet(in: tiff) == nil)
        // WebP chunk of 4 GiB.
        let webP = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPXMP ".utf8) + [0xFF, 0xFF, 0xFF, 0xFF] + [UInt8](repeating: 0, count: 8)
        #expect(EmbeddedXMP.packet(in: webP) == nil)
    }
}
