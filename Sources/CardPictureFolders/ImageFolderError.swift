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
