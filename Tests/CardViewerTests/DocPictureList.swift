import Foundation
import Testing

/// One line of `docs/pictures.txt`: a picture of README.md or docs/ and the `cardviewer` command
/// that makes it (the list `scripts/make-doc-pictures.sh` regenerates them from).
struct DocPicture: Sendable, CustomTestStringConvertible {
    /// The picture's path relative to the repository root, e.g. `docs/viewer-pages.png`.
    var path: String
    /// The command's arguments after `cardviewer`, with `{out}` (the file written) and `{dir}` (a
    /// folder the picture is written into under its own file name) still in them.
    var arguments: [String]
    /// Rectangles not compared, in the picture's pixels (top-left origin): measured times on screen.
    var ignored: [(x: Int, y: Int, width: Int, height: Int)]
    /// True for a picture of measured numbers (a timing plot): made by the script, never compared.
    var unchecked: Bool

    var testDescription: String { path }

    /// The arguments with `{out}` and `{dir}` pointing into `folder`.
    func arguments(writingInto folder: String) -> [String] {
        let out = folder + "/" + (path as NSString).lastPathComponent
        return arguments.map { $0.replacingOccurrences(of: "{out}", with: out).replacingOccurrences(of: "{dir}", with: folder) }
    }

    /// True when the pixel at (`x`, `y`) lies in an ignored rectangle.
    func ignores(x: Int, y: Int) -> Bool {
        ignored.contains { x >= $0.x && x < $0.x + $0.width && y >= $0.y && y < $0.y + $0.height }
    }

    /// The repository root (this file is `Tests/CardViewerTests/DocPictureList.swift`).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every line of `docs/pictures.txt`, in its order; empty when the file cannot be read.
    static let all: [DocPicture] = {
        let text = (try? String(contentsOf: root.appendingPathComponent("docs/pictures.txt"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { parse(String($0)) }
    }()

    /// The pictures compared with their commands.
    static var checked: [DocPicture] { all.filter { !$0.unchecked } }

    /// One line: nil for a comment or a blank line, or for a line with no command.
    static func parse(_ line: String) -> DocPicture? {
        var words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let path = words.first, !path.hasPrefix("#") else { return nil }
        words.removeFirst()
        var picture = DocPicture(path: path, arguments: [], ignored: [], unchecked: false)
        while let word = words.first {
            if word == "unchecked" {
                picture.unchecked = true
            } else if word.hasPrefix("ignore=") {
                let numbers = word.dropFirst("ignore=".count).split(separator: ",").compactMap { Int($0) }
                guard numbers.count == 4 else { return nil }
                picture.ignored.append((numbers[0], numbers[1], numbers[2], numbers[3]))
            } else {
                break
            }
            words.removeFirst()
        }
        picture.arguments = words
        return words.isEmpty ? nil : picture
    }
}
