import CardTestSupport
import Foundation

/// Small pictures with XMP packets put into them the way cameras and editors do, built from
/// real files that ImageMagick's `convert` writes (scripts/install-deps.sh installs it).
enum EmbeddingPictures {
    /// A real picture file of `format` ("jpg", "png", "webp", "tif") written by `convert`: 16×8 pixels.
    static func picture(_ format: String, in folder: TemporaryFolder, name: String) throws -> [UInt8] {
        let path = folder.path(name)
        let run = try ChildProcess.run("convert", ["-size", "16x8", "gradient:red-blue", path])
        guard run.status == 0, let bytes = folder.contents(name) else {
            throw SidecarTestError.tool("convert failed: \(run.stderr)")
        }
        return bytes
    }

    /// `jpeg` with an APP1 `http://ns.adobe.com/xap/1.0/` segment holding `packet` inserted right after SOI.
    static func jpeg(_ jpeg: [UInt8], embedding packet: [UInt8]) -> [UInt8] {
        let payload = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0] + packet
        let length = payload.count + 2
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + jpeg[2...]
    }

    /// `png` with an uncompressed `iTXt` chunk `XML:com.adobe.xmp` holding `packet` inserted after IHDR.
    static func png(_ png: [UInt8], embedding packet: [UInt8]) -> [UInt8] {
        // keyword NUL, compression flag 0, method 0, empty language NUL, empty translated keyword NUL, text
        let data = Array("XML:com.adobe.xmp".utf8) + [0, 0, 0, 0, 0] + packet
        let ihdrEnd = 8 + 8 + 13 + 4
        return Array(png[..<ihdrEnd]) + chunk("iTXt", data) + png[ihdrEnd...]
    }

    /// A PNG chunk: length, type, data, CRC-32 of type and data.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        let length = UInt32(data.count), crc = crc32(typed)
        return bigEndian(length) + typed + bigEndian(crc)
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    /// CRC-32 (ISO-HDLC, PNG's), bit by bit.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }
}

enum SidecarTestError: Error { case tool(String) }

/// An XMP packet as cameras and editors embed it (with the `<?xpacket?>` wrapper) stating `rating`
/// and, when given, `digiKam:PickLabel`.
func xmpPacket(rating: String, pickLabel: String? = nil) -> [UInt8] {
    let pick = pickLabel.map { " xmlns:digiKam=\"http://www.digikam.org/ns/1.0/\" digiKam:PickLabel=\"\($0)\"" } ?? ""
    return Array("""
    <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
    <x:xmpmeta xmlns:x="adobe:ns:meta/">
     <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
      <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:Rating="\(rating)"\(pick)/>
     </rdf:RDF>
    </x:xmpmeta>
    <?xpacket end="w"?>
    """.utf8)
}
