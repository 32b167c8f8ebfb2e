import CardCulling
import CardFiles
@testable import CardSidecars
import CardTestSupport
import Foundation
import Testing

/// `kill -9` while the viewer writes sidecars (SPEC §11, issue 31): a headless replay marks the
/// three pictures over and over (P, X, arrows: a sidecar write each), and is killed at a
/// different moment each round. After every kill each sidecar left is whole XMP, the pictures
/// are unchanged, and nothing but sidecars and our temporaries is in the folder; the next start
/// removes the temporaries the kills left.
@Suite("sidecar writes killed with SIGKILL", .serialized)
struct SidecarKillTests {
    @Test("kill -9 during sidecar writes: sidecars whole, pictures unchanged, temporaries gone at the next start")
    func killedDuringWrites() throws {
        // A sidecar of some size (5,000 history items, ~170 KB), so that a write takes a while.
        let folder = try SidecarViewerRunTests.folder(sidecar: LargeSidecars.bag(items: 5_000))
        defer { folder.remove() }
        let names = ["a.png", "b.png", "c.png"]
        let pictures = names.map { folder.contents("pictures/\($0)") }
        var events = [#"{"time": 0.05, "type": "waitForPictures"}"#]
        var time = 0.1
        for index in 0..<900 {
            let key = ["p", "x", "right", "p", "x", "left", "left"][index % 7]
            events.append(#"{"time": \#(time), "type": "key", "key": "\#(key)"}"#)
            time += 1.0 / 60
        }
        let script = try folder.write("replay.json", #"{"events": [\#(events.joined(separator: ", "))], "end": \#(time + 0.5)}"#)
        let arguments = ["run", "--headless", "--replay", script, "--images", folder.path("pictures"), "--size", "320x200",
                         "--layout", "grid", "--thumbnail-cache", "off", "--state", folder.path("state.json")]
        var killed = 0, temporariesSeen = 0
        for round in 0..<8 {
            let stateHome = try TemporaryFolder("cardsidecars-kill-state")
            defer { stateHome.remove() }
            let child = try ChildProcess.startViewer(arguments, environment: ChildProcess.viewerEnvironment(stateHome: stateHome.path))
            usleep(UInt32(400_000 + round * 170_000))
            if child.isRunning {
                child.kill()
                killed += 1
            } else {
                _ = child.wait()
            }
            let entries = try FileManager.default.contentsOfDirectory(atPath: folder.path("pictures"))
            temporariesSeen += entries.filter { $0.contains(".xmp.tmp-") }.count
            for entry in entries {
                let ours = names.contains(entry) || names.contains { entry == "\($0).xmp" || entry.hasPrefix(".\($0).xmp.tmp-") }
                #expect(ours, "round \(round): '\(entry)' in the picture folder")
            }
            for name in names {
                guard let sidecar = folder.contents("pictures/\(name).xmp") else { continue }
                #expect(XMPDocument(parsing: sidecar) != nil, "round \(round): \(name).xmp is not whole XMP (\(sidecar.count) bytes)")
            }
        }
        #expect(killed > 0, "the viewer ended before every kill: the rounds tested nothing")
        print("kill -9 rounds: \(killed) killed, \(temporariesSeen) temporaries left by them")
        for (name, bytes) in zip(names, pictures) { #expect(folder.contents("pictures/\(name)") == bytes, "\(name) changed") }
        // The next start, which reads the folder's marks, removes what the kills left.
        let outcome = try SidecarViewerRunTests.run(folder, [#"{"time": 0.05, "type": "waitForPictures"}"#], end: 0.3)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path("pictures")).filter { $0.contains(".tmp-") }
        #expect(left.isEmpty, "\(left)")
    }
}
