import CardFiles
import CardImaging
import CardPixels
import CardThumbnails
import Foundation
import Testing

/// The hostile-input suite's folder and cache cases: file names of any bytes, and a thumbnail
/// cache that holds FIFOs, links and bombs. Each run shows the folder in the grid at 640×400
/// and writes its last frame, which is read back: the good pictures must still be shown.
extension HostileInputTests {
    /// `cardviewer run` on `images` in the grid, waiting for the pictures, keeping the deck in
    /// `state.json` and the last frame in `last.png` of `folder`.
    static func folderViewer(_ folder: HostileFolder, images: String) -> [String] {
        ["run", "--headless", "--replay", folder.quickReplay, "--images", images, "--layout", "grid", "--size", "640x400",
         "--state", folder.path("state.json"), "--screenshot", folder.path("last.png")]
    }

    /// The first `count` test colours.
    static func good(_ count: Int) -> [(r: UInt8, g: UInt8, b: UInt8)] { Array(HostileFolder.colors.prefix(count)) }

    /// `caf\xE9.png`: Latin-1, not UTF-8.
    static let latin1Name = PathBytes.string(Array("caf".utf8) + [0xE9] + Array(".png".utf8))
    /// A name that would retitle the terminal and turn it red.
    static let escapeName = "evil\u{1B}]0;title\u{07}\u{1B}[31m.png"

    @Test("names of any bytes: a Latin-1 name and one with escape sequences are shown, warnings escape them, the state keeps the bytes")
    func namesOfAnyBytes() throws {
        let folder = try HostileFolder()
        defer { folder.remove() }
        // The folder's own name is not UTF-8 either: --images is given as bytes.
        let images = try folder.pictures([Self.latin1Name, Self.escapeName, "plain.png"],
                                         folder: PathBytes.string(Array("fotos-".utf8) + [0xFF]))
        // A broken picture whose name clears the screen and holds a byte that is not UTF-8.
        let broken = images + "/" + PathBytes.string(Array("broken\u{1B}[2J".utf8) + [0xFE] + Array(".jpg".utf8))
        try AtomicFile.replace(broken, with: Array("not a picture".utf8))
        let environment: [String: String?] = ["XDG_CACHE_HOME": folder.path("cache")]

        let first = try HostileRun.run(Self.folderViewer(folder, images: images), environment: environment)
        HostileRun.expectSurvived(first, status: 0, "first start")
        #expect(first.errorLines.count == 1, "\(first.stderr)")
        #expect(first.stderr.contains("fotos-\u{FFFD}/broken\\u{1B}[2J\u{FFFD}.jpg"), "\(first.stderr)")
        #expect(HostileFolder.shows(Self.good(3), screenshot: folder.path("last.png"), slots: 4))

        // Titles show U+FFFD for the byte; the state keeps the name's bytes, percent-encoded.
        let text = String(decoding: folder.contents("state.json") ?? [], as: UTF8.self)
        #expect(text.contains(#""nameBytes" : "caf%E9.png""#), "\(text)")
        #expect(text.contains(#""nameBytes" : "broken%1B[2J%FE.jpg""#), "\(text)")
        let state = try ViewerTest.state(at: URL(fileURLWithPath: folder.path("state.json")))
        #expect(Set(state.cards.map(\.title)) == ["caf\u{FFFD}.png", "evil\u{1B}]0;title\u{07}\u{1B}[31m.png", "plain.png", "broken\u{1B}[2J\u{FFFD}.jpg"])

        // The next start finds every card of the state in the folder: none dropped, none added.
        try FileManager.default.removeItem(atPath: folder.path("last.png"))
        let second = try HostileRun.run(Self.folderViewer(folder, images: images), environment: environment)
        HostileRun.expectSurvived(second, status: 0, "second start")
        #expect(second.errorLines.count == 1, "\(second.stderr)")
        let again = try ViewerTest.state(at: URL(fileURLWithPath: folder.path("state.json")))
        #expect(again.cards.map(\.id) == state.cards.map(\.id) && again.nextID == state.nextID)
        #expect(HostileFolder.shows(Self.good(3), screenshot: folder.path("last.png"), slots: 4))
        // The thumbnails' URIs carry the real bytes, as the freedesktop.org standard says.
        let uri = FileURI.uri(forPath: images + "/" + Self.latin1Name)
        #expect(uri.hasSuffix("/fotos-%FF/caf%E9.png"), "\(uri)")
        #expect(Self.thumbnailPaths(of: images + "/" + Self.latin1Name, cache: folder.path("cache")).dropLast().contains { FileInfo.exists($0) })
    }

    /// The thumbnail paths of `picture` in every size folder and under `fail/`.
    static func thumbnailPaths(of picture: String, cache: String) -> [String] {
        let name = MD5.hex(FileURI.uri(forPath: picture)) + ".png"
        return ThumbnailSize.allCases.map { "\(cache)/thumbnails/\($0.folderName)/\(name)" } + ["\(cache)/thumbnails/fail/cardviewer-1.0/\(name)"]
    }

    @Test("FIFOs at the thumbnails' paths (every size folder and fail/): never waited on; the viewer shows the pictures, quits and saves")
    func fifosInTheCache() throws {
        let folder = try HostileFolder()
        defer { folder.remove() }
        let images = try folder.pictures(["a.png", "b.png", "c.png"])
        for name in ["a.png", "b.png", "c.png"] {
            for path in Self.thumbnailPaths(of: images + "/" + name, cache: folder.path("cache")) {
                _ = try folder.fifo(String(path.dropFirst(folder.root.count + 1)))
            }
        }
        let outcome = try HostileRun.run(Self.folderViewer(folder, images: images), environment: ["XDG_CACHE_HOME": folder.path("cache")])
        HostileRun.expectSurvived(outcome, status: 0, "FIFOs in the cache")
        #expect(outcome.errorLines.isEmpty, "\(outcome.stderr)")
        #expect(HostileFolder.shows(Self.good(3), screenshot: folder.path("last.png"), slots: 3))
        #expect(try ViewerTest.state(at: URL(fileURLWithPath: folder.path("state.json"))).cards.count == 3)
    }

    @Test("a symlinked size folder in the cache: nothing written outside the cache, one message")
    func linkedSizeFolder() throws {
        let folder = try HostileFolder()
        defer { folder.remove() }
        let images = try folder.pictures(["a.png", "b.png"])
        let outside = folder.path("outside")
        _ = Folder.make(outside, mode: 0o755)
        _ = Folder.make(folder.path("cache/thumbnails"), mode: 0o700)
        for size in ThumbnailSize.allCases {
            try FileManager.default.createSymbolicLink(atPath: folder.path("cache/thumbnails/\(size.folderName)"), withDestinationPath: outside)
        }
        let outcome = try HostileRun.run(Self.folderViewer(folder, images: images), environment: ["XDG_CACHE_HOME": folder.path("cache")])
        HostileRun.expectSurvived(outcome, status: 0, "linked size folder")
        #expect(outcome.errorLines.count == 1 && outcome.stderr.contains("symbolic link"), "\(outcome.stderr)")
        #expect(try Folder.names(in: outside).isEmpty)
        #expect(HostileFolder.shows(Self.good(2), screenshot: folder.path("last.png"), slots: 2))
    }

    @Test("thumbnails claiming 20000×20000 pixels with matching metadata: ignored, never decoded, remade")
    func bombThumbnails() throws {
        let folder = try HostileFolder()
        defer { folder.remove() }
        let names = ["a.png", "b.png", "c.png"]
        let images = try folder.pictures(names)
        var planted: [String] = []
        for name in names {
            let picture = images + "/" + name
            let uri = FileURI.uri(forPath: picture)
            let metadata = ThumbnailMetadata(uri: uri, modificationTime: try FileInfo.at(picture).modifiedSeconds, fileSize: nil,
                                             software: "hostile")
            let bomb = try Self.claimingSize(20000, 20000, in: try PNGStructure.inserting(
                metadata.textChunks, into: PNGCodec.encode(RGBAImage(width: 16, height: 10, fill: (255, 0, 255, 255)))))
            for path in Self.thumbnailPaths(of: picture, cache: folder.path("cache")).dropLast() {
                _ = Folder.make(String(path[..<path.lastIndex(of: "/")!]), mode: 0o700)
                try AtomicFile.replace(path, with: bomb)
                planted.append(path)
            }
        }
        let outcome = try HostileRun.run(Self.folderViewer(folder, images: images), environment: ["XDG_CACHE_HOME": folder.path("cache")])
        HostileRun.expectSurvived(outcome, status: 0, "bomb thumbnails")
        #expect(outcome.errorLines.isEmpty, "\(outcome.stderr)")
        #expect(HostileFolder.shows(Self.good(3), screenshot: folder.path("last.png"), slots: 3))
        // Remade: the thumbnails the viewer used now hold the pictures at their folder's size.
        let remade = planted.filter { path in
            guard let bytes = try? FileBytes.readAll(path, maximumSize: 1 << 20), let info = try? PNGCodec.decode(bytes, name: path) else { return false }
            return info.width <= 1024 && info.height <= 1024
        }
        #expect(remade.count >= names.count, "\(remade)")
    }

    /// `png` with its IHDR's width and height changed (and its checksum made right): a
    /// thumbnail that claims far more pixels than it holds.
    static func claimingSize(_ width: UInt32, _ height: UInt32, in png: [UInt8]) throws -> [UInt8] {
        var bytes = png
        try #require(bytes.count > 33 && Array(bytes[12..<16]) == Array("IHDR".utf8))
        for (offset, value) in [(16, width), (20, height)] {
            for shift in 0..<4 { bytes[offset + shift] = UInt8(truncatingIfNeeded: value >> (24 - 8 * shift)) }
        }
        let crc = crc32(bytes[12..<29])
        for shift in 0..<4 { bytes[29 + shift] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * shift)) }
        return bytes
    }

    /// CRC-32 (ISO 3309, as PNG uses it).
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }
}
