import CardCulling
import CardFiles
import CardSidecars
import CardTestSupport
import Foundation
import Testing

/// `cardviewer export` as users run it (SPEC §13, "Acting on the result"; docs/EXPORT.md): the
/// built binary on a folder whose marks the project's own XMP writer stored.
@Suite("cardviewer export, end to end", .serialized)
struct ExportCommandTests {
    /// `shoot/`: `p2.JPG` + `p2.CR2` picked (a RAW+JPEG pair, marks beside both), `r.jpg`
    /// rejected (4 stars kept), `s10.jpg` 3 stars and blue, `s9.png` 5 stars, `u.jpg` unmarked.
    static func shoot() throws -> TemporaryFolder {
        let dir = try TemporaryFolder("cardviewer-export")
        try dir.folder("shoot")
        for name in ["p2.JPG", "p2.CR2", "r.jpg", "s10.jpg", "s9.png", "u.jpg"] { try dir.write("shoot/" + name, "bytes of \(name)") }
        let store = XMPSidecarStore()
        let pick = CullMark().togglingPick(pickLabel: .green)
        try store.store(pick, forPicture: dir.path("shoot/p2.JPG"))
        try store.store(pick, forPicture: dir.path("shoot/p2.CR2"))
        try store.store(CullMark(stars: 4).togglingReject(), forPicture: dir.path("shoot/r.jpg"))
        try store.store(CullMark(stars: 3, labels: .blue), forPicture: dir.path("shoot/s10.jpg"))
        try store.store(CullMark(stars: 5), forPicture: dir.path("shoot/s9.png"))
        return dir
    }

    /// `cardviewer export ARGUMENTS…`, run in `dir`.
    static func export(_ dir: TemporaryFolder, _ arguments: [String], environment: [String: String?] = [:]) throws -> ChildProcess.Outcome {
        let outcome = try ChildProcess.runViewer(["export"] + arguments, environment: environment, in: dir.url, timeLimit: 60)
        #expect(!outcome.showsCrashTrace, "\(outcome.stderr)")
        return outcome
    }

    /// The names `--list` printed (relative to the folder).
    static func listed(_ dir: TemporaryFolder, _ selector: [String]) throws -> [String] {
        let outcome = try export(dir, ["shoot"] + selector + ["--list"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        return outcome.stdout.split(separator: "\n").map { String($0.split(separator: "/").last ?? "") }
    }

    @Test("each selector picks the cards the viewer reads as marked so, in deck order, with partner and sidecars")
    func selectors() throws {
        let dir = try Self.shoot()
        #expect(try Self.listed(dir, ["--picks"]) == ["p2.JPG", "p2.CR2", "p2.JPG.xmp", "p2.CR2.xmp"])
        #expect(try Self.listed(dir, ["--rejects"]) == ["r.jpg", "r.jpg.xmp"])
        #expect(try Self.listed(dir, ["--stars", "3"]) == ["s9.png", "s9.png.xmp", "s10.jpg", "s10.jpg.xmp"])
        #expect(try Self.listed(dir, ["--stars", "4"]) == ["s9.png", "s9.png.xmp"], "the reject's kept 4 stars do not count")
        #expect(try Self.listed(dir, ["--label", "blue"]) == ["s10.jpg", "s10.jpg.xmp"])
        #expect(try Self.listed(dir, ["--label", "green"]) == ["p2.JPG", "p2.CR2", "p2.JPG.xmp", "p2.CR2.xmp"])
        #expect(try Self.listed(dir, ["--stars", "3", "--label", "blue"]) == ["s10.jpg", "s10.jpg.xmp"])
        #expect(try Self.listed(dir, ["--picks", "--stars", "1"]) == [])
        let nul = try Self.export(dir, ["shoot", "--rejects", "--list", "-0"])
        #expect(nul.status == 0 && nul.stdout == "shoot/r.jpg\0shoot/r.jpg.xmp\0", "\(nul.stdout.debugDescription)")
        #expect(nul.errorLines == ["listed 1 picture (2 files)"])
    }

    @Test("--sort orders the selected cards as run and list do: rating (stars down), size (bytes down), name")
    func sorted() throws {
        let dir = try Self.shoot()
        try XMPSidecarStore().store(CullMark(stars: 4), forPicture: dir.path("shoot/s9.png"))
        try XMPSidecarStore().store(CullMark(stars: 5), forPicture: dir.path("shoot/s10.jpg"))
        #expect(try Self.listed(dir, ["--stars", "3", "--sort", "rating"]) == ["s10.jpg", "s10.jpg.xmp", "s9.png", "s9.png.xmp"])
        try dir.write("shoot/s10.jpg", String(repeating: "x", count: 5000))
        try dir.write("shoot/s9.png", String(repeating: "x", count: 6000))
        #expect(try Self.listed(dir, ["--stars", "3", "--sort", "size"]) == ["s9.png", "s9.png.xmp", "s10.jpg", "s10.jpg.xmp"])
        try dir.write("shoot/s9.png", "small")
        #expect(try Self.listed(dir, ["--stars", "3", "--sort", "size"]) == ["s10.jpg", "s10.jpg.xmp", "s9.png", "s9.png.xmp"])
        #expect(try Self.listed(dir, ["--stars", "3", "--sort", "name"]) == ["s9.png", "s9.png.xmp", "s10.jpg", "s10.jpg.xmp"])
        let wrong = try Self.export(dir, ["shoot", "--stars", "3", "--list", "--sort", "colour"])
        #expect(wrong.status == 2)
    }

    @Test("--copy-to carries sidecars and the RAW partner, never overwrites (-2 for the whole card), and a second run adds nothing")
    func copies() throws {
        let dir = try Self.shoot()
        try dir.folder("picks")
        try dir.write("picks/p2.CR2", "another camera's")
        let first = try Self.export(dir, ["shoot", "--picks", "--copy-to", "picks"])
        #expect(first.status == 0 && first.errorLines == ["exported 1 picture (4 files) to picks"], "\(first.stderr)")
        #expect(dir.text("picks/p2.CR2") == "another camera's")
        #expect(try Folder.names(in: dir.path("picks")).sorted() == ["p2-2.CR2", "p2-2.CR2.xmp", "p2-2.JPG", "p2-2.JPG.xmp", "p2.CR2"])
        #expect(dir.contents("picks/p2-2.JPG.xmp") == dir.contents("shoot/p2.JPG.xmp"))
        #expect(XMPSidecarStore().mark(ofPicture: dir.path("picks/p2-2.JPG")).flag == .picked, "the sidecar still matches")
        let second = try Self.export(dir, ["shoot", "--picks", "--copy-to", "picks"])
        #expect(second.status == 0 && second.errorLines == ["exported 1 picture (4 files) to picks; 4 files already there"], "\(second.stderr)")
        #expect(try Folder.names(in: dir.path("picks")).count == 5)
        #expect(try Folder.names(in: dir.path("shoot")).count == 11, "the sources are untouched")
    }

    @Test("a run killed half-way (a dead run's temporary, half the files there) is finished by the same command, without duplicates")
    func resumes() throws {
        let dir = try Self.shoot()
        try dir.folder("best")
        let child = try ChildProcess.start("/bin/true", [])
        _ = child.wait()
        try dir.write("best/.s10.jpg.tmp-\(child.pid)-7", "bytes of")
        try dir.write("best/s9.png", "bytes of s9.png")
        try dir.write("best/s9.png.xmp", dir.contents("shoot/s9.png.xmp") ?? [])
        let outcome = try Self.export(dir, ["shoot", "--stars", "3", "--copy-to", "best"])
        #expect(outcome.status == 0 && outcome.errorLines == ["exported 2 pictures (4 files) to best; 2 files already there"], "\(outcome.stderr)")
        #expect(try Folder.names(in: dir.path("best")).sorted() == ["s10.jpg", "s10.jpg.xmp", "s9.png", "s9.png.xmp"])
        #expect(dir.text("best/s10.jpg") == "bytes of s10.jpg")
    }

    @Test("--move-to: the files are in DIR and gone from the shoot; a file that cannot be copied keeps its card's sources")
    func moves() throws {
        let dir = try Self.shoot()
        let moved = try Self.export(dir, ["shoot", "--stars", "3", "--move-to", "best"])
        #expect(moved.status == 0 && moved.errorLines == ["moved 2 pictures (4 files) to best"], "\(moved.stderr)")
        #expect(try Folder.names(in: dir.path("best")).sorted() == ["s10.jpg", "s10.jpg.xmp", "s9.png", "s9.png.xmp"])
        #expect(!FileInfo.exists(dir.path("shoot/s9.png")) && !FileInfo.exists(dir.path("shoot/s10.jpg.xmp")))
        // An Adobe sidecar that is a FIFO cannot be copied: the rejected card stays whole.
        #expect(mkfifo(dir.path("shoot/r.xmp"), 0o644) == 0)
        let failed = try Self.export(dir, ["shoot", "--rejects", "--move-to", "/dev/shm/cardviewer-export-\(getpid())"])
        defer { try? FileManager.default.removeItem(atPath: "/dev/shm/cardviewer-export-\(getpid())") }
        #expect(failed.status == 1, "\(failed.stderr)")
        #expect(failed.errorLines.count == 2 && failed.errorLines.first?.contains("r.xmp") == true, "\(failed.stderr)")
        #expect(failed.errorLines.last?.hasPrefix("moved 0 pictures") == true)
        #expect(FileInfo.exists(dir.path("shoot/r.jpg")) && FileInfo.exists(dir.path("shoot/r.jpg.xmp")))
        // Across file systems (where /dev/shm is another): copied, flushed, then the sources removed.
        let picks = "/dev/shm/cardviewer-export-picks-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: picks) }
        let across = try Self.export(dir, ["shoot", "--picks", "--move-to", picks])
        #expect(across.status == 0 && across.errorLines == ["moved 1 picture (4 files) to \(picks)"], "\(across.stderr)")
        #expect(try Folder.names(in: picks).sorted() == ["p2.CR2", "p2.CR2.xmp", "p2.JPG", "p2.JPG.xmp"])
        #expect(String(decoding: (try? FileBytes.readAll(picks + "/p2.CR2", maximumSize: 100)) ?? [], as: UTF8.self) == "bytes of p2.CR2")
        #expect(!FileInfo.exists(dir.path("shoot/p2.JPG")) && !FileInfo.exists(dir.path("shoot/p2.CR2.xmp")))
    }

    @Test("--trash --yes: every file of the card in $XDG_DATA_HOME/Trash with a .trashinfo the desktop restores from")
    func trash() throws {
        let dir = try Self.shoot()
        let environment: [String: String?] = ["XDG_DATA_HOME": dir.path("data")]
        let refused = try Self.export(dir, ["shoot", "--rejects", "--trash"], environment: environment)
        #expect(refused.status == 2 && refused.errorLines == ["error: --trash needs --yes when standard input is not a terminal"])
        #expect(FileInfo.exists(dir.path("shoot/r.jpg")))
        let outcome = try Self.export(dir, ["shoot", "--rejects", "--trash", "--yes"], environment: environment)
        #expect(outcome.status == 0 && outcome.errorLines == ["moved 1 picture (2 files) to the trash"], "\(outcome.stderr)")
        #expect(!FileInfo.exists(dir.path("shoot/r.jpg")) && !FileInfo.exists(dir.path("shoot/r.jpg.xmp")))
        #expect(try Folder.names(in: dir.path("data/Trash/files")).sorted() == ["r.jpg", "r.jpg.xmp"])
        let info = dir.text("data/Trash/info/r.jpg.trashinfo")
        let shoot = try #require(CanonicalPath.of(dir.path("shoot")))
        #expect(info.hasPrefix("[Trash Info]\nPath=\(FreedesktopTrash.percentEncoded(shoot))/r.jpg\nDeletionDate="), "\(info)")
        #expect(info.wholeMatch(of: /\[Trash Info\]\nPath=[^\n]+\nDeletionDate=\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\n/) != nil, "\(info)")
        #expect(dir.text("data/Trash/files/r.jpg") == "bytes of r.jpg")
    }

    @Test("bad input: exit status 2 and one line, nothing done")
    func badInput() throws {
        let dir = try Self.shoot()
        try dir.write("file", "x")
        let cases: [([String], String)] = [
            (["shoot", "--copy-to", "out"], "needs a selector"),
            (["shoot", "--picks"], "needs one action"),
            (["shoot", "--picks", "--list", "--copy-to", "out"], "one action"),
            (["shoot", "--stars", "9", "--list"], "--stars 9"),
            (["shoot", "--stars", "0", "--list"], "--stars 0"),
            (["shoot", "--label", "purple", "--list"], "--label"),
            (["shoot", "--picks", "--copy-to", "out", "-0"], "-0"),
            (["--picks", "--list"], "PATH"),
            (["missing", "--picks", "--list"], "missing"),
            (["shoot", "--picks", "--copy-to", "no/such/dir"], "parent"),
            (["shoot", "--picks", "--copy-to", "file"], "not a folder"),
        ]
        for (arguments, words) in cases {
            let outcome = try Self.export(dir, arguments)
            #expect(outcome.status == 2, "\(arguments): \(outcome.status) \(outcome.stderr)")
            #expect(outcome.errorLines.count == 1 && outcome.errorLines.first?.hasPrefix("error: ") == true
                    && outcome.stderr.contains(words), "\(arguments): \(outcome.stderr)")
        }
        #expect(dir.names() == ["file", "shoot"], "nothing made")
    }

    @Test("--link-to: hard links on the same file system; across file systems one clear line, exit 1 (where /dev/shm is another)")
    func links() throws {
        let dir = try Self.shoot()
        let linked = try Self.export(dir, ["shoot", "--picks", "--link-to", "linked"])
        #expect(linked.status == 0 && linked.errorLines == ["linked 1 picture (4 files) into linked"], "\(linked.stderr)")
        #expect(try FileInfo.at(dir.path("linked/p2.CR2")).identity == FileInfo.at(dir.path("shoot/p2.CR2")).identity)
        guard let shm = try? FileInfo.at("/dev/shm"), shm.identity.device != (try FileInfo.at(dir.path)).identity.device else { return }
        let elsewhere = "/dev/shm/cardviewer-link-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: elsewhere) }
        let refused = try Self.export(dir, ["shoot", "--picks", "--link-to", elsewhere])
        #expect(refused.status == 1 && refused.errorLines.count == 1 && refused.stderr.contains("different file systems"), "\(refused.stderr)")
    }
}
