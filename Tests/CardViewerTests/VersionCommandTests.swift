import CardTestSupport
import Foundation
import Glibc
import Testing

/// `cardviewer --version` (issue 35): one line `cardviewer X.Y.Z` from the program's one
/// constant, which the packaging reads back from the built program (packaging/version.sh) for the
/// man page, the metainfo and the .deb; no packaging file holds a version of its own.
@Suite struct VersionCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `X.Y.Z` from `--version`'s line, nil when the line is not `cardviewer X.Y.Z\n`.
    static func number(_ output: String) -> String? {
        guard output.hasPrefix("cardviewer "), output.hasSuffix("\n") else { return nil }
        let number = output.dropFirst("cardviewer ".count).dropLast()
        let parts = number.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) else { return nil }
        return String(number)
    }

    /// The version the built program prints.
    static func builtVersion() throws -> String {
        let outcome = try ChildProcess.runViewer(["--version"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.isEmpty, "\(outcome.stderr)")
        return try #require(number(outcome.stdout), "--version printed '\(outcome.stdout)'")
    }

    @Test("the line's form: 'cardviewer X.Y.Z' and a line break, nothing else")
    func lineForm() {
        #expect(Self.number("cardviewer 0.1.0\n") == "0.1.0")
        #expect(Self.number("cardviewer 12.30.4\n") == "12.30.4")
        for wrong in ["0.1.0\n", "cardviewer 0.1\n", "cardviewer 0.1.0", "cardviewer 0.1.0-beta\n", "cardviewer 0..1\n", "cardviewer 0.1.0\n\n"] {
            #expect(Self.number(wrong) == nil, "\(wrong)")
        }
    }

    @Test("--version prints 'cardviewer X.Y.Z' and exits 0, on its own, after a subcommand and after a PATH")
    func versionLine() throws {
        let version = try Self.builtVersion()
        for arguments in [["run", "--version"], ["render", "--version"], ["no-such-folder", "--version"]] {
            let outcome = try ChildProcess.runViewer(arguments)
            #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
            #expect(outcome.stdout == "cardviewer \(version)\n", "\(arguments): \(outcome.stdout)")
        }
        let help = try ChildProcess.runViewer(["--help"])
        #expect(help.stdout.contains("--version"), "\(help.stdout)")
    }

    @Test("packaging/version.sh reads the built program's version; the man page's header and its options carry it")
    func packagingReadsTheProgram() throws {
        let version = try Self.builtVersion()
        let executable = try #require(ChildProcess.viewerExecutable)
        let packaging = Self.root.appendingPathComponent("packaging").path
        let read = try ChildProcess.run("/bin/bash", [packaging + "/version.sh", executable])
        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.stdout == version + "\n", "\(read.stdout)")

        // The man page as install.sh makes it: the version in .TH's footer, --version listed.
        let page = try ChildProcess.run("/bin/bash", ["-c", """
            set -euo pipefail
            "$1" --experimental-dump-help | python3 "$2/make-man-page.py" "$("$2/version.sh" "$1")"
            """, "man", executable, packaging])
        #expect(page.status == 0, "\(page.stderr)")
        #expect(page.stderr.isEmpty, "\(page.stderr)")
        #expect(page.stdout.contains(#".TH CARDVIEWER 1 "" "cardviewer \#(version)" "User Commands""#),
                "\(page.stdout.prefix(300))")
        #expect(page.stdout.contains(#"\fB\-\-version\fR"#))

        // A program whose --version says something else: version.sh fails with one line.
        let folder = try TemporaryFolder("cardviewer-version")
        defer { folder.remove() }
        let fake = folder.path + "/fake"
        try "#!/bin/sh\necho 'cardviewer 1.2'\n".write(toFile: fake, atomically: true, encoding: .utf8)
        chmod(fake, 0o755)
        let refused = try ChildProcess.run("/bin/bash", [packaging + "/version.sh", fake])
        #expect(refused.status == 1)
        #expect(refused.stdout.isEmpty)
        #expect(refused.stderr == "error: '\(fake) --version' printed 'cardviewer 1.2', not 'cardviewer X.Y.Z'\n", "\(refused.stderr)")
    }

    @Test("no file under packaging/ holds the version: the program's constant is the one source")
    func oneSourceOfTruth() throws {
        let version = try Self.builtVersion()
        let packaging = Self.root.appendingPathComponent("packaging")
        #expect(!FileManager.default.fileExists(atPath: packaging.appendingPathComponent("VERSION").path))
        let files = try #require(FileManager.default.enumerator(at: packaging, includingPropertiesForKeys: nil))
        var read = 0
        for case let url as URL in files {
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }  // icons' PNGs
            read += 1
            #expect(!text.contains(version), "\(url.path) holds \(version)")
        }
        #expect(read >= 6)
    }
}
