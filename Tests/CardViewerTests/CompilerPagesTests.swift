@testable import CardViewerApp
import CardTestSupport
import Foundation
import Testing

/// `CompilerPages`: which mappings of `/proc/self/maps` are the shader compiler's code.
@Suite("The shader compiler's code pages: which mappings are dropped")
struct CompilerPagesTests {
    static let maps = """
        55d0c0a00000-55d0c0b00000 r-xp 00010000 08:01 100 /usr/bin/cardviewer
        7f0000000000-7f0000100000 r--p 00000000 08:01 200 /usr/lib/x86_64-linux-gnu/libLLVM-15.so.1
        7f0000100000-7f0006000000 r-xp 00100000 08:01 200 /usr/lib/x86_64-linux-gnu/libLLVM-15.so.1
        7f0006000000-7f0006800000 r--p 06000000 08:01 200 /usr/lib/x86_64-linux-gnu/libLLVM-15.so.1
        7f0006800000-7f0006840000 rw-p 06800000 08:01 200 /usr/lib/x86_64-linux-gnu/libLLVM-15.so.1
        7f0007000000-7f0007100000 r-xp 00000000 08:01 300 /usr/lib/llvm-18/lib/libLLVM.so.18.1
        7f0008000000-7f0008100000 r-xp 00000000 08:01 400 /usr/lib/x86_64-linux-gnu/libLLVMSPIRVLib.so.15
        7f0009000000-7f0009100000 r-xp 00000000 08:01 500 /usr/lib/x86_64-linux-gnu/dri/swrast_dri.so
        7f000a000000-7f000a100000 r-xp 00000000 00:00 0
        7f000b000000-7f000b100000 r-xp 00000000 08:01 600 /home/me/libLLVM copy/libLLVM-15.so.1 (deleted)
        not a mapping line
        """

    @Test("only the read-and-execute mappings of libLLVM itself, with their exact ranges")
    func codeOnly() {
        let found = CompilerPages.codeMappings(in: Self.maps)
        #expect(found.map(\.start) == [0x7f00_0010_0000, 0x7f00_0700_0000, 0x7f00_0b00_0000])
        #expect(found.map(\.end) == [0x7f00_0600_0000, 0x7f00_0710_0000, 0x7f00_0b10_0000])
        // Never the relocated read-only data or the writable data (their pages differ from the
        // file), another library whose name only starts alike, the renderer's own code, or
        // anonymous code (the compiled shaders).
        #expect(found.allSatisfy { $0.permissions == "r-xp" })
        #expect(found[2].path == "/home/me/libLLVM copy/libLLVM-15.so.1 (deleted)")
    }

    @Test("the schedule: the first frame, then each rest after frames, at most every 2 s, never a rest missed")
    func schedule() {
        var schedule = CompilerPages.Schedule()
        func wait(_ wait: Double?, at now: Double) -> (release: Bool, wait: Double?) {
            schedule.beforeWaiting(wait, at: now)
        }
        func drawn(at now: Double) -> Bool { schedule.frameDrawn(at: now) }
        // Nothing drawn yet: waiting changes nothing.
        var step = wait(nil, at: 0.1)
        #expect(!step.release && step.wait == nil)
        #expect(drawn(at: 0.5), "the first frame")
        #expect(!drawn(at: 0.52))
        // Frames while moving (wait 0) or a short deadline are not rest.
        step = wait(0, at: 0.53)
        #expect(!step.release && step.wait == 0)
        step = wait(0.1, at: 0.6)
        #expect(!step.release && step.wait == 0.1)
        // A rest 1.0 s after the last release: too soon, the wait ends when the spacing does.
        step = wait(nil, at: 1.5)
        #expect(!step.release && abs(step.wait! - 1.0) < 1e-9)
        step = wait(5, at: 2.0)
        #expect(!step.release && abs(step.wait! - 0.5) < 1e-9)
        // At the spacing's end, still at rest: now.
        step = wait(nil, at: 2.5)
        #expect(step.release && step.wait == nil)
        // Nothing drawn since: no release, however long the rest.
        step = wait(nil, at: 9)
        #expect(!step.release && step.wait == nil)
        // Frames long after: the next rest releases at once, and the spacing counts from it.
        #expect(!drawn(at: 10))
        step = wait(3, at: 10.1)
        #expect(step.release && step.wait == 3)
        #expect(!drawn(at: 10.2))
        step = wait(nil, at: 11.0)
        #expect(!step.release && abs(step.wait! - 1.1) < 1e-9)
        #expect(wait(nil, at: 12.1).release)
    }

    @Test("lines that are not mappings are skipped, and a path keeps its spaces")
    func parsing() {
        #expect(CompilerPages.parse("garbage") == nil)
        #expect(CompilerPages.parse("zz-10 r-xp 0 0:0 0") == nil)
        #expect(CompilerPages.parse("20-10 r-xp 0 0:0 0") == nil, "an empty range")
        let line = CompilerPages.parse("10-20 r-xp 0 08:01 7   /a b/c.so")
        #expect(line == CompilerPages.Mapping(start: 0x10, end: 0x20, permissions: "r-xp", path: "/a b/c.so"))
    }
}

extension ViewerWindowTests {
    /// The resident kilobytes of `pid`'s read-and-execute libLLVM mappings, from its smaps.
    static func compilerCodeResidentKiB(pid: Int32) throws -> Int {
        // Read to the end (Foundation's `String(contentsOfFile:)` stops after a page of a proc file).
        guard let file = FileHandle(forReadingAtPath: "/proc/\(pid)/smaps") else { throw CocoaError(.fileNoSuchFile) }
        defer { try? file.close() }
        let smaps = String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
        var inCode = false
        var total = 0
        for line in smaps.split(separator: "\n") {
            if let mapping = CompilerPages.parse(line) {
                inCode = CompilerPages.isCompilerCode(mapping)
            } else if inCode, line.hasPrefix("Rss:") {
                total += Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? 0
            }
        }
        return total
    }

    @Test("after the first frame the shader compiler's code is not resident, and a layout switch compiles again")
    func compilerPagesDropped() throws {
        guard ChildProcess.viewerExecutable != nil else {
            Issue.record("cardviewer not built")
            return
        }
        let viewer = try WindowDriver(["run", "--size", "640x400"])
        _ = try viewer.drive("true")  // the window is up
        // Before the drop the first screen's compiles left ~45 MiB of libLLVM's code resident
        // (docs/BENCHMARKS.md, "After a minute of use"). Once at rest, at most a few pages
        // (a wait of 20 s at most: a hang guard for a loaded machine, not a timing requirement).
        // (The library's initialisation touches most of those pages when the GL context is made,
        // before the window shows.)
        func residentAtRest() throws -> Int {
            var resident = try Self.compilerCodeResidentKiB(pid: viewer.viewer.pid)
            let start = Date()
            while resident >= 4 << 10, Date().timeIntervalSince(start) < 20 {
                Thread.sleep(forTimeInterval: 0.25)
                resident = try Self.compilerCodeResidentKiB(pid: viewer.viewer.pid)
            }
            return resident
        }
        let first = try residentAtRest()
        #expect(first < 4 << 10, "libLLVM code resident after the first screen: \(first) KiB")
        // Layouts the first frames did not draw (new shader variants compile on the dropped
        // code), then rest again: dropped again.
        let switched = try viewer.drive(#"for k in 5 4 3 2; do xdotool key --window "$w" $k; sleep 0.6; done"#)
        #expect(switched.status == 0, "\(switched.stderr)")
        let again = try residentAtRest()
        #expect(again < 4 << 10, "libLLVM code resident after the layout switches: \(again) KiB")
        let (status, stderr) = try viewer.quit()
        #expect(status == 0, "\(stderr)")
    }
}
