import CardFiles
import Foundation

/// Screenshot files (S): a new name in a folder, never an existing file.
public enum ScreenshotFile {
    /// Writes `png` as `cardviewer-YYYYMMDD-HHMMSS.png` in `directory` (or `…-2.png`, `-3`… when
    /// that name is taken); returns the path. The file is created exclusively: an existing file
    /// is never overwritten, even by another program racing for the same name.
    public static func writeNew(_ png: [UInt8], in directory: String, date: Date = Date()) throws -> String {
        let base = URL(fileURLWithPath: directory.isEmpty ? "." : directory, isDirectory: true)
        let stamp = ExclusiveFile.timestamp(date)
        for attempt in 1...10_000 {
            let name = "cardviewer-\(stamp)" + (attempt == 1 ? "" : "-\(attempt)") + ".png"
            let path = base.appendingPathComponent(name).path
            if try ExclusiveFile.createNew(path, with: png) { return path }
        }
        throw FileWriteError(description: "cannot save a screenshot in '\(directory)': too many files named like it")
    }
}
