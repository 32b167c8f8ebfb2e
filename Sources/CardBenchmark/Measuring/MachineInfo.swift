import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What a benchmark ran on: the CPU and, once a context exists, the GL driver.
public struct MachineInfo: Hashable, Sendable, Codable {
    /// The CPU's model name ("AMD EPYC 9B14"), or "unknown".
    public var cpu: String
    /// Logical processors the process may use.
    public var cores: Int
    /// `GL_RENDERER`, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)".
    public var glRenderer: String
    /// `GL_VERSION`.
    public var glVersion: String
    /// True when the driver offers a `GL_TIME_ELAPSED` timer (a counter of more than 0 bits).
    /// Each result's `drawTiming` says whether its draw times came from it.
    public var gpuTimer: Bool

    public init(cpu: String, cores: Int, glRenderer: String, glVersion: String, gpuTimer: Bool) {
        self.cpu = cpu
        self.cores = cores
        self.glRenderer = glRenderer
        self.glVersion = glVersion
        self.gpuTimer = gpuTimer
    }

    /// True for Mesa's software rasterizers (llvmpipe, softpipe, swrast), which draw on the CPU.
    public var isSoftwareRasterizer: Bool {
        let name = glRenderer.lowercased()
        return ["llvmpipe", "softpipe", "swrast"].contains { name.contains($0) }
    }

    /// The CPU's model name from `/proc/cpuinfo` (the first "model name", or on ARM
    /// "Hardware"/"CPU part" lines), else "unknown".
    public static func cpuModel(cpuinfo: String? = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) -> String {
        guard let cpuinfo else { return "unknown" }
        for key in ["model name", "Hardware", "Processor", "cpu model"] {
            for line in cpuinfo.split(separator: "\n") where line.hasPrefix(key) {
                guard let colon = line.firstIndex(of: ":") else { continue }
                let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                if !value.isEmpty { return value }
            }
        }
        return "unknown"
    }

    /// Logical processors available to this process.
    public static var activeCores: Int { ProcessInfo.processInfo.activeProcessorCount }
}

/// The process's peak memory.
public enum ResourceUsage {
    /// The most resident memory the process has had so far (`getrusage`'s `ru_maxrss`), bytes;
    /// 0 where it cannot be read.
    public static var maximumResidentBytes: Int {
        #if canImport(Glibc)
        var usage = rusage()
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
        return Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
        #else
        return 0
        #endif
    }
}
