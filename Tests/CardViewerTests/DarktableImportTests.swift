import CardImaging
import CardPictureDecoding
import CardPixels
import CardTestSupport
import Foundation
import Testing

/// Marks made with the culling keys, imported by darktable (SPEC §10: "a pick must be findable
/// in darktable"): a folder culled in the viewer, then imported into a darktable library of the
/// test's own, whose database says what darktable took — stars, rejects, and the colour labels
/// (the pick's green included). Runs where darktable and sqlite3 are installed (not part of
/// `scripts/install-deps.sh`: darktable is large); skipped with this message elsewhere.
@Suite("darktable imports a culled folder",
       .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/darktable")
                    && FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3"),
                "darktable and sqlite3 are not installed (apt-get install darktable sqlite3 to run it)"))
struct DarktableImportTests {
    @Test("stars, reject, the pick's green label and two labels reach darktable's library")
    func darktableReadsTheMarks() throws {
        let folder = try TemporaryFolder("cardviewer-darktable")
        defer { folder.remove() }
        let images = try folder.folder("images")
        for name in ["a", "b", "c"] {
            var image = RGBAImage(width: 64, height: 48)
            for y in 0..<48 { for x in 0..<64 { image[x, y] = (UInt8(x * 4), UInt8(y * 5), 90, 255) } }
            try Data(JPEGEncoder.encode(image, quality: 90)).write(to: images.appendingPathComponent("\(name).jpg"))
        }
        // a: P; b: X; c: 6 and 9 (red, blue), then 4 stars.
        let keys = [("p", 0.1), ("right", 0.2), ("x", 0.3), ("right", 0.4), ("6", 0.5), ("9", 0.6), ("4", 0.7)]
        let script = #"{"events": [\#(keys.map { #"{"time": \#($0.1), "type": "key", "key": "\#($0.0)"}"# }.joined(separator: ", "))], "end": 1.2}"#
        let outcome = try ViewerTest.replay(script, in: folder.url, arguments: [
            "--size", "640x400", "--layout", "grid", "--no-state", "--thumbnail-cache", "off", images.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let library = folder.url.appendingPathComponent("library.db").path
        let home = try folder.folder("home")
        // darktable opens its window, imports the folder (reading each NAME.EXT.xmp), and is
        // stopped once its library holds the three images.
        let run = """
            darktable --library '\(library)' --configdir '\(home.path)/config' --cachedir '\(home.path)/cache' '\(images.path)' >/dev/null 2>&1 &
            pid=$!
            for i in $(seq 1 90); do sleep 1; [ "$(sqlite3 '\(library)' 'select count(*) from images' 2>/dev/null)" = 3 ] && break; done
            sleep 2; kill $pid 2>/dev/null; sleep 1; kill -9 $pid 2>/dev/null; wait $pid 2>/dev/null; true
            """
        let imported = try ChildProcess.run("/bin/bash", ["-c", run], environment: ["HOME": home.path], timeLimit: 150)
        #expect(imported.status == 0, "\(imported.stderr)")
        let query = try ChildProcess.run("sqlite3", [library, """
            select filename, flags & 7, (flags & 8) != 0, coalesce((select group_concat(color, ',') from \
            (select color from color_labels where imgid = images.id order by color)), '') from images order by filename
            """])
        #expect(query.status == 0, "\(query.stderr)")
        // darktable's flags: the stars in the low three bits, 8 rejected; labels 0 red … 3 blue.
        #expect(query.stdout.split(separator: "\n").map(String.init) == ["a.jpg|0|0|2", "b.jpg|0|1|", "c.jpg|4|0|0,3"], "\(query.stdout)")
    }
}
