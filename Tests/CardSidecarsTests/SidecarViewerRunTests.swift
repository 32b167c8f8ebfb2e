import CardCulling
import CardFiles
@testable import CardSidecars
import CardTestSupport
import Foundation
import Testing

/// Hostile sidecars through the built viewer as users run it (SPEC §11, issue 31): a headless
/// replay of a folder of three pictures in the grid that presses P on the first, its peak memory
/// (GNU time's, of the child alone) compared with a control run whose sidecar is small.
@Suite("hostile sidecars, end to end (run --headless)", .serialized)
struct SidecarViewerRunTests {
    /// What a run may take over the control's peak, bytes (SPEC §11: 64 MB).
    static let overControl = XMPLimits.maximumParsedBytes

    /// A folder `pictures/` of `a.png`, `b.png`, `c.png`, with `sidecar` as `a.png.xmp`.
    static func folder(sidecar: [UInt8]?) throws -> TemporaryFolder {
        let folder = try TemporaryFolder("cardsidecars-run")
        try FileManager.default.createDirectory(atPath: folder.path("pictures"), withIntermediateDirectories: false)
        for name in ["a", "b", "c"] { _ = try EmbeddingPictures.picture("png", in: folder, name: "pictures/\(name).png") }
        if let sidecar { try folder.write("pictures/a.png.xmp", sidecar) }
        return folder
    }

    /// `cardviewer run --headless` of `folder/pictures` with `events` (a replay's), its state in
    /// `folder/state.json`; GNU time measures its peak.
    static func run(_ folder: TemporaryFolder, _ events: [String], end: Double = 1.5) throws -> ChildProcess.Outcome {
        let script = try folder.write("replay.json", #"{"events": [\#(events.joined(separator: ", "))], "end": \#(end)}"#)
        return try ChildProcess.runViewer(["run", "--headless", "--replay", script, "--images", folder.path("pictures"),
                                           "--size", "640x400", "--layout", "grid", "--thumbnail-cache", "off",
                                           "--state", folder.path("state.json")],
                                          timeLimit: 120, peakMemory: true)
    }

    /// Waits for the pictures, then P on the first card.
    static let pressP = [#"{"time": 0.05, "type": "waitForPictures"}"#, #"{"time": 0.6, "type": "key", "key": "p"}"#]

    /// The control's peak: the same run with a small sidecar.
    static let controlPeak: Int? = {
        guard let folder = try? folder(sidecar: xmpPacket(rating: "4")), let outcome = try? run(folder, pressP),
              outcome.status == 0 else { return nil }
        folder.remove()
        return outcome.peakResidentBytes
    }()

    /// The peak of a run over the control's, bytes (checked to be within `overControl`).
    static func expectWithinControl(_ outcome: ChildProcess.Outcome, _ what: String,
                                    sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        #expect(outcome.status == 0 && !outcome.timedOut, "\(what): \(outcome.stderr)", sourceLocation: sourceLocation)
        let control = try #require(controlPeak, "the control run failed", sourceLocation: sourceLocation)
        let over = outcome.peakResidentBytes - control
        #expect(over <= overControl, "\(what): peak \(outcome.peakResidentBytes >> 20) MiB, control \(control >> 20) MiB",
                sourceLocation: sourceLocation)
        print("\(what): peak \(outcome.peakResidentBytes / 1_000_000) MB, control \(control / 1_000_000) MB, over \(over / 1_000_000) MB")
        return over
    }

    /// The lines of `stderr` that name `path`.
    static func lines(_ outcome: ChildProcess.Outcome, naming path: String) -> [Substring] {
        outcome.stderr.split(separator: "\n").filter { $0.contains(path) }
    }

    @Test("the attacker's 1.8M-item sidecar (16.2 MB): left alone, one message, peak within 64 MB of the control")
    func attackersSidecar() throws {
        let sidecar = LargeSidecars.bag(items: 1_800_000)
        let folder = try Self.folder(sidecar: sidecar)
        defer { folder.remove() }
        let outcome = try Self.run(folder, Self.pressP)
        _ = try Self.expectWithinControl(outcome, "1.8M items")
        #expect(folder.contents("pictures/a.png.xmp") == sidecar)
        #expect(Self.lines(outcome, naming: "a.png.xmp").count == 1, "\(outcome.stderr)")
        let state = String(decoding: folder.contents("state.json") ?? [], as: UTF8.self)
        #expect(state.contains("a.png") && state.contains("picked"), "\(state)")
    }

    @Test("sidecars just under the bounds (nodes of the costliest shape, rdf:li items, 4 MiB of text): read, P, peak within 64 MB; never rewritten past the bounds")
    func justUnderTheBounds() throws {
        // Attribute fields of structures (the costliest node): as many structures of 60 fields
        // as the bounds allow, within 2 % (the packet's bytes take their share of the nodes).
        var structures = XMPLimits.maximumNodes(size: 0) / 61
        var fields = LargeSidecars.structs(structures, fields: 60)
        while XMPPreScan(fields).refusal != nil {
            structures = structures * 49 / 50
            fields = LargeSidecars.structs(structures, fields: 60)
        }
        let items = (XMPLimits.maximumParsedBytes - 20_000) / (XMPLimits.parsedBytesPerNode + 9 * XMPLimits.parsedBytesPerByte)
        let cases: [(String, [UInt8])] = [
            ("struct fields", fields), ("rdf:li items", LargeSidecars.bag(items: items)),
            ("4 MiB of text", LargeSidecars.text(size: XMPLimits.maximumSize - 16)),
        ]
        for (what, sidecar) in cases {
            #expect(XMPPreScan(sidecar).refusal == nil, "\(what): \(XMPPreScan(sidecar))")
            let folder = try Self.folder(sidecar: sidecar)
            defer { folder.remove() }
            let outcome = try Self.run(folder, Self.pressP)
            _ = try Self.expectWithinControl(outcome, what)
            let after = try #require(folder.contents("pictures/a.png.xmp"))
            #expect(after == sidecar || XMPPreScan(after).refusal == nil, "\(what)")
            if after != sidecar {
                #expect(XMPSidecarStore.mark(fromPacket: after) == CullMark(stars: 4, flag: .picked), "\(what)")
            }
            #expect(Self.lines(outcome, naming: "a.png.xmp").count <= 1, "\(outcome.stderr)")
        }
    }

    @Test("a packet embedded in the picture just under the node bound, and one over it: peak within 64 MB; the mark written to a new sidecar")
    func embeddedPackets() throws {
        let items = (XMPLimits.maximumParsedBytes - 20_000) / (XMPLimits.parsedBytesPerNode + 9 * XMPLimits.parsedBytesPerByte)
        for (what, packet, stars) in [("embedded rdf:li items", LargeSidecars.bag(items: items), 4),
                                      ("embedded, over the nodes", LargeSidecars.bag(items: 400_000), 0)] {
            let folder = try Self.folder(sidecar: nil)
            defer { folder.remove() }
            let png = try #require(folder.contents("pictures/a.png"))
            try folder.write("pictures/a.png", EmbeddingPictures.png(png, embedding: packet))
            let outcome = try Self.run(folder, Self.pressP)
            _ = try Self.expectWithinControl(outcome, what)
            let sidecar = try #require(folder.contents("pictures/a.png.xmp"), "\(what)")
            // A pick also sets the pick label (green by default, SPEC §10).
            #expect(XMPSidecarStore.mark(fromPacket: sidecar) == CullMark(stars: stars, flag: .picked, labels: .green, labelsAddedByPick: .green),
                    "\(what)")
        }
    }

    @Test("links dangling or out of the folder, a read-only sidecar: nothing changed outside, one message each, marks in the state")
    func linksAndReadOnly() throws {
        let folder = try Self.folder(sidecar: nil)
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path("outside"), withIntermediateDirectories: false)
        let elsewhere = xmpPacket(rating: "2")
        try folder.write("outside/shared.xmp", elsewhere)
        try FileManager.default.createSymbolicLink(atPath: folder.path("pictures/a.png.xmp"), withDestinationPath: "../outside/x.txt")
        try FileManager.default.createSymbolicLink(atPath: folder.path("pictures/b.png.xmp"), withDestinationPath: folder.path("outside/shared.xmp"))
        let readOnly = xmpPacket(rating: "4")
        try folder.write("pictures/c.png.xmp", readOnly)
        #expect(chmod(folder.path("pictures/c.png.xmp"), 0o444) == 0)
        let before = try FileManager.default.contentsOfDirectory(atPath: folder.path("pictures")).sorted()
        // P on each card, then on each again (a second try says nothing more).
        var events = [#"{"time": 0.05, "type": "waitForPictures"}"#]
        for (i, key) in ["p", "right", "p", "right", "p", "left", "p", "left", "p"].enumerated() {
            events.append(#"{"time": \#(0.6 + Double(i) * 0.1), "type": "key", "key": "\#(key)"}"#)
        }
        let outcome = try Self.run(folder, events, end: 2.0)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("outside")) == ["shared.xmp"])
        #expect(folder.contents("outside/shared.xmp") == elsewhere)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("pictures")).sorted() == before)
        #expect(folder.contents("pictures/c.png.xmp") == readOnly)
        var status = stat()
        #expect(stat(folder.path("pictures/c.png.xmp"), &status) == 0 && status.st_mode & 0o777 == 0o444)
        for name in ["a.png.xmp", "b.png.xmp", "c.png.xmp"] {
            #expect(Self.lines(outcome, naming: name).count == 1, "\(name): \(outcome.stderr)")
        }
        let state = String(decoding: folder.contents("state.json") ?? [], as: UTF8.self)
        // a: picked then un-picked (unmarked, kept); b: picked with the 2 stars it states; c: picked, 4 stars.
        #expect(state.contains("\"a.png\"") && state.contains("\"b.png\"") && state.contains("\"c.png\""), "\(state)")
    }

    @Test("P pressed before the sidecar's 4 stars were read keeps them: Rating 4 stays, the pick is added")
    func pickBeforeTheRead() throws {
        let folder = try Self.folder(sidecar: xmpPacket(rating: "4"))
        defer { folder.remove() }
        let outcome = try Self.run(folder, [#"{"time": 0.0, "type": "key", "key": "p"}"#], end: 0.3)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let after = try #require(folder.contents("pictures/a.png.xmp"))
        #expect(XMPSidecarStore.mark(fromPacket: after) == CullMark(stars: 4, flag: .picked, labels: .green, labelsAddedByPick: .green),
                "\(String(decoding: after, as: UTF8.self))")
    }

    @Test("a temporary of a sidecar write killed midway is removed at the next start; a live one's and the user's files stay")
    func deadTemporaries() throws {
        let folder = try Self.folder(sidecar: xmpPacket(rating: "1"))
        defer { folder.remove() }
        let dead = try SidecarWriteSafetyTests.deadPID(), me = getpid()
        let ours = "pictures/.a.png.xmp.tmp-\(dead)-42"
        let kept = ["pictures/.a.png.xmp.tmp-\(me)-43", "pictures/.a.png.xmp.tmp-\(dead)-42.bak", "pictures/.a.png.xmp.tmp-mine"]
        for name in [ours] + kept { try folder.write(name, Array("<x:xmpmeta".utf8)) }
        let outcome = try Self.run(folder, [#"{"time": 0.05, "type": "waitForPictures"}"#], end: 0.5)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(folder.contents(ours) == nil)
        for name in kept { #expect(folder.contents(name) != nil, "\(name)") }
    }
}
