import CardFiles
import Foundation

/// The folders whose sidecars this process has touched: the first time a picture of a folder has
/// its mark read or written, the temporaries of sidecar writes killed midway there
/// (`.NAME.EXT.xmp.tmp-PID-…` of a process gone: `StaleTemporaries`) are removed — "at the next
/// start in that folder" (SPEC §11). Nothing else is ever removed, nor a live process's.
enum SidecarFolders {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var swept: Set<String> = []

    /// Sweeps the folder of `picturePath` unless this process did already.
    static func sweepOnce(folderOf picturePath: String) {
        let folder = self.folder(of: picturePath)
        guard lock.withLock({ swept.insert(folder).inserted }) else { return }
        StaleTemporaries.remove(inFolder: folder, ofNamesEndingWith: ".xmp")
    }

    /// The folder holding `path`, its bytes kept ("." for a bare name, "/" at the root).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
