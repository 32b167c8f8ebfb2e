import CardFiles

/// The `file://` URI of a local file as GLib's `g_filename_to_uri` writes it — what GNOME, and
/// the thumbnails it made, use: the absolute path with `.` and `..` removed lexically (symlinks
/// are not resolved, as GLib does not), each byte outside A–Z a–z 0–9 ! $ & ' ( ) * + , - . / :
/// = @ _ ~ written as %XX (uppercase hexadecimal, RFC 3986).
public enum FileURI {
    /// The URI for `path`; a relative path is taken from `workingDirectory`.
    public static func uri(forPath path: String, workingDirectory: String = currentDirectory()) -> String {
        "file://" + percentEncoded(canonicalPath(path, workingDirectory: workingDirectory))
    }

    /// `path` made absolute and lexically canonical: no empty, `.` or `..` components.
    public static func canonicalPath(_ path: String, workingDirectory: String = currentDirectory()) -> String {
        let absolute = path.hasPrefix("/") ? path : workingDirectory + "/" + path
        var parts: [Substring] = []
        for part in absolute.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// `path`'s bytes — its real bytes, for a name that is not UTF-8 (`PathBytes`), as GLib
    /// takes them from the file system — with every byte GLib escapes in a path written as %XX.
    static func percentEncoded(_ path: String) -> String {
        var out = ""
        for byte in PathBytes.bytes(path) {
            if isUnescaped(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0x0F, radix: 16, uppercase: true)
            }
        }
        return out
    }

    private static func isUnescaped(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            Array("!$&'()*+,-./:=@_~".utf8).contains(byte)
        }
    }

    /// The process's working directory.
    public static func currentDirectory() -> String {
        Folder.current()
    }
}
