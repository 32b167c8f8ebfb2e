import CardFiles
import CardLayout
import CardLayoutFiles
import Foundation

/// Layout files read from disk (through the file layer: regular files only, the size checked
/// before reading) and registered as layouts.
public enum LayoutFileLoader {
    /// The file at `path`, parsed; NaN warnings of its layout go to `warn`.
    ///
    /// - Throws: `LayoutFileError`: `FILE: cannot read …`, or `FILE:LINE:COLUMN: …`.
    public static func load(_ path: String, registry: LayoutRegistry = .shared,
                            warn: @escaping @Sendable (String) -> Void) throws(LayoutFileError) -> LayoutFile {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.readAll(path, maximumSize: LayoutFileLimits.maximumFileSize)
        } catch {
            throw LayoutFileError(file: path, position: nil, message: error.isMissing ? "no such layout file" : error.reason)
        }
        return try LayoutFile(bytes: bytes, file: path, registry: registry, warn: warn)
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var registered: [String: LayoutKind] = [:]

    /// The layout of the file at `path`, registered in `registry` (the first time; later calls
    /// with the same path in this process give the same layout). A name that a built-in or
    /// another file's layout has is refused at the name.
    public static func register(_ path: String, registry: LayoutRegistry = .shared,
                                warn: @escaping @Sendable (String) -> Void) throws(LayoutFileError) -> LayoutKind {
        if registry === LayoutRegistry.shared, let kind = lock.withLock({ registered[path] }) { return kind }
        let file = try load(path, registry: registry, warn: warn)
        do {
            try registry.register(file.descriptor)
        } catch {
            throw LayoutFileError(file: path, position: file.definition.namePosition,
                                  message: "\(error); give the layout another name")
        }
        if registry === LayoutRegistry.shared { lock.withLock { registered[path] = file.descriptor.kind } }
        return file.descriptor.kind
    }
}
