import Foundation

/// `vipsthumbnail` (libvips-tools) timed on the same files as the pipeline, for the ratio the
/// issue asks for. Not a dependency of the project: looked up on `PATH` only when asked.
struct VipsThumbnail {
    /// The executable.
    let path: String

    /// Files per invocation (keeps command lines short; a start of vips costs ~30 ms).
    static let batch = 200

    /// `vipsthumbnail` on `PATH`.
    ///
    /// - Throws: `PhotoBenchmarkError.runtime` (one line) when it is not installed.
    static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> VipsThumbnail {
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for folder in folders where !folder.isEmpty {
            let candidate = folder + "/vipsthumbnail"
            if FileManager.default.isExecutableFile(atPath: candidate) { return VipsThumbnail(path: candidate) }
        }
        throw PhotoBenchmarkError.runtime("--compare-vips: vipsthumbnail not found on PATH (Debian: apt-get install libvips-tools)")
    }

    /// Makes a thumbnail of every file in `files` at most `side` pixels on a side
    /// (`-s SxS`, written as JPEG into `output`, removed afterwards): the files dealt in turn
    /// to `processes` lanes running at once, each lane one `vipsthumbnail` after another over
    /// batches of its files with `VIPS_CONCURRENCY=1` (one thread, as one decode worker).
    /// `ours` is the pipeline's pictures per second, for the ratio.
    func measure(files: [String], side: Int, processes: Int, output: URL, ours: Double) throws -> VipsResult {
        try? FileManager.default.removeItem(at: output)
        defer { try? FileManager.default.removeItem(at: output) }
        do {
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        } catch {
            throw PhotoBenchmarkError.runtime("cannot make '\(output.path)': \(error.localizedDescription)")
        }
        let lanes = max(1, min(processes, max(files.count, 1)))
        var dealt = [[String]](repeating: [], count: lanes)
        for (index, file) in files.enumerated() { dealt[index % lanes].append(file) }
        let laneFiles = dealt
        let failures = Failures()
        let began = MonotonicClock.now()
        DispatchQueue.concurrentPerform(iterations: lanes) { lane in
            var first = 0
            let mine = laneFiles[lane]
            while first < mine.count {
                let batch = Array(mine[first..<min(first + Self.batch, mine.count)])
                first += Self.batch
                if !run(batch, side: side, output: output) { failures.add() }
            }
        }
        let duration = Double(MonotonicClock.now() &- began)
        let perSecond = duration > 0 ? Double(files.count) / (duration / 1e9) : 0
        return VipsResult(pictures: files.count, processes: lanes, side: side, duration: duration, picturesPerSecond: perSecond,
                          ratio: perSecond > 0 ? ours / perSecond : .nan, failedRuns: failures.count)
    }

    /// One invocation; true when it exited with status 0.
    private func run(_ files: [String], side: Int, output: URL) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-s", "\(side)x\(side)", "-o", output.path + "/%s.jpg"] + files
        var environment = ProcessInfo.processInfo.environment
        environment["VIPS_CONCURRENCY"] = "1"
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return false
        }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}

/// A counter the lanes share.
private final class Failures: @unchecked Sendable {
    // @unchecked: `value` is only touched with `lock` held.
    private let lock = NSLock()
    private var value = 0

    func add() {
        lock.lock()
        value += 1
        lock.unlock()
    }

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}
