import Foundation
import Testing

/// Every file the viewer reads or writes goes through CardFiles: the C library's file calls and
/// Foundation's file shortcuts appear in no other target of the viewer. (The maintainers' tools
/// and the benchmark's scratch folders are outside the viewer and exempt.)
@Suite struct LayeringTests {
    /// Targets that may touch files directly, and why.
    static let exempt: [String: String] = [
        "CardFiles": "the file layer itself",
        "CardBenchmark": "makes and removes its own scratch folders; reads /proc",
        "picture-tool": "a maintainers' measuring tool",
        "make-deck": "a maintainers' tool that writes the bundled deck",
        "CardDeckArt": "the painter behind make-deck",
    ]

    /// Raw file calls and Foundation file shortcuts: what CardFiles wraps.
    static let forbidden = [
        #"\bO_(RDONLY|WRONLY|RDWR|CREAT)\b"#, #"\b(f|l)?stat\("#, #"\b(opendir|readdir|closedir|mkstemp|fsync|mkdir|fopen)\("#,
        #"\brename\("#, #"FileManager\.default\.(contents|contentsOfDirectory|attributesOfItem|createDirectory|fileExists|isWritableFile)\("#,
        #"options: \.atomic"#, #"\.write\(to:"#, #"String\(contentsOfFile:"#, #"Data\(contentsOf:"#, #"FileHandle\(for"#,
    ]

    @Test func fileCallsStayInCardFiles() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let patterns = try Self.forbidden.map { try NSRegularExpression(pattern: $0) }
        var scanned = 0
        var offenders: [String] = []
        for target in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() where Self.exempt[target] == nil {
            let folder = sources.appendingPathComponent(target)
            guard let files = FileManager.default.enumerator(atPath: folder.path) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                scanned += 1
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let code = String(line)
                    guard !code.trimmingCharacters(in: .whitespaces).hasPrefix("//") else { continue }
                    let range = NSRange(code.startIndex..., in: code)
                    if patterns.contains(where: { $0.firstMatch(in: code, range: range) != nil }) {
                        offenders.append("\(target)/\(file):\(number + 1): \(code.trimmingCharacters(in: .whitespaces))")
                    }
                }
            }
        }
        #expect(scanned > 100, "the scan found the sources")
        #expect(offenders == [], "file calls outside CardFiles")
    }

    @Test("the scan catches a raw call")
    func patternsMatch() throws {
        let patterns = try Self.forbidden.map { try NSRegularExpression(pattern: $0) }
        for line in ["let fd = open(path, O_RDONLY)", "var s = stat()", "guard fstat(fd, &s) == 0",
                     "try data.write(to: url, options: .atomic)", "FileManager.default.contents(atPath: p)"] {
            #expect(patterns.contains { $0.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil }, "\(line)")
        }
        for line in ["layerPool.unlink(layer)", "let status = PictureFile.read(path, upTo: 4)", "FileInfo.at(path)"] {
            #expect(!patterns.contains { $0.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil }, "\(line)")
        }
    }
}
