import CardFiles
import Foundation

/// Why an image folder could not be listed. The description is one line naming the folder.
public enum ImageFolderError: Error, CustomStringConvertible, Equatable {
    case missing(path: String)
    case notADirectory(path: String)
    case unreadable(path: String, reason: String)

    public var description: String {
        switch self {
        case let .missing(path): "image folder '\(path)' does not exist"
        case let .notADirectory(path): "'\(path)' is not a folder"
        case let .unreadable(path, reason): "cannot read image folder '\(path)': \(reason)"
        }
    }
}

/// A deck from a folder of PNG images: the `*.png` files directly in it (any case of the
/// extension, not in subfolders, not hidden ones), in natural name order, each titled with its
/// file name without the extension.
///
/// Only ever reads: nothing in the folder is written, moved or deleted.
public enum ImageFolder {
    /// The PNG files in `directory`, in natural order ("2.png" before "10.png"), with their titles.
    /// Throws `ImageFolderError` when the folder is missing, not a folder, or cannot be listed.
    /// - Complexity: O(n log n) for n entries.
    public static func pngFiles(in directory: String) throws -> [(title: String, path: String)] {
        guard let info = try? FileInfo.at(directory) else { throw ImageFolderError.missing(path: directory) }
        guard info.kind == .folder else { throw ImageFolderError.notADirectory(path: directory) }
        let names: [String]
        do {
            names = try Folder.names(in: directory)
        } catch {
            throw ImageFolderError.unreadable(path: directory, reason: error.reason)
        }
        let base = URL(fileURLWithPath: directory, isDirectory: true)
        return names
            .filter { !$0.hasPrefix(".") && $0.count > 4 && $0.lowercased().hasSuffix(".png") }
            .sorted(by: NaturalOrder.areInIncreasingOrder)
            .map { (String($0.dropLast(4)), base.appendingPathComponent($0).path) }
    }

    /// Decodes every PNG file in `directory` (see `pngFiles(in:)`). A file libpng cannot read, or
    /// one too large (`PNGCodec` limits), or a folder named like a PNG, is skipped with a one-line
    /// warning naming it. Throws `ImageFolderError` when the folder itself cannot be listed.
    /// - Complexity: O(total file size + total pixels).
    public static func load(directory: String) throws -> (cards: [(title: String, image: RGBAImage)], warnings: [String]) {
        var cards: [(title: String, image: RGBAImage)] = []
        var warnings: [String] = []
        for file in try pngFiles(in: directory) {
            if FileInfo.isFolder(file.path) {
                warnings.append("'\(file.path)' is a folder, not a PNG file (skipped)")
                continue
            }
            do {
                cards.append((file.title, try PNGCodec.read(contentsOf: file.path)))
            } catch let error as PNGError {
                warnings.append("\(error.description) (skipped)")
            } catch {
                warnings.append("cannot read '\(file.path)': \(reason(error)) (skipped)")
            }
        }
        return (cards, warnings)
    }

    /// A short reason for a Foundation file error: the POSIX message when there is one.
    static func reason(_ error: Error) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(truncatingIfNeeded: underlying.code)))
        }
        if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(truncatingIfNeeded: ns.code))) }
        return ns.localizedDescription.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
