import Foundation
import Testing

/// docs/ARCHITECTURE.md's module table names exactly the targets of Package.swift but the test
/// targets (the doc says why): a target added, renamed or removed without its row fails here.
@Suite struct ModuleTableTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A target as Package.swift declares it.
    struct Target: Hashable {
        var name: String
        /// `target`, `executableTarget`, `systemLibrary`, `testTarget`, …
        var kind: String
    }

    /// Every target Package.swift declares: the `name:` of each `.target(`, `.executableTarget(`,
    /// `.systemLibrary(`, `.testTarget(` (and the rarer kinds), read from its text.
    static func packageTargets() throws -> [Target] {
        let text = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let call = try NSRegularExpression(
            pattern: #"\.(target|executableTarget|systemLibrary|testTarget|binaryTarget|plugin|macro)\(\s*name:\s*"([^"]+)""#)
        return call.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            Target(name: String(text[Range(match.range(at: 2), in: text)!]), kind: String(text[Range(match.range(at: 1), in: text)!]))
        }
    }

    /// The targets the module table names: every backticked name in its first column (a folder,
    /// written with its trailing `/`, is not a target).
    static func tableNames() throws -> [String] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        let start = try #require(text.range(of: "## Modules and what each may touch"), "docs/ARCHITECTURE.md has no module table")
        let rows = text[start.upperBound...].split(separator: "\n").drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }
        let quoted = try NSRegularExpression(pattern: #"`([A-Za-z][A-Za-z0-9_-]*)`"#)
        return rows.dropFirst(2).flatMap { row -> [String] in
            let cell = String(row.split(separator: "|", omittingEmptySubsequences: true).first ?? "")
            return quoted.matches(in: cell, range: NSRange(cell.startIndex..., in: cell)).map {
                String(cell[Range($0.range(at: 1), in: cell)!])
            }
        }
    }

    @Test("the module table lists every target of Package.swift but the test targets, once each")
    func theTableIsThePackages() throws {
        let declared = Set(try Self.packageTargets().filter { $0.kind != "testTarget" }.map(\.name))
        let listed = try Self.tableNames()
        let missing = declared.subtracting(listed).sorted(), extra = Set(listed).subtracting(declared).sorted()
        #expect(missing.isEmpty, "in Package.swift but not in docs/ARCHITECTURE.md's module table: \(missing)")
        #expect(extra.isEmpty, "in docs/ARCHITECTURE.md's module table but not a target of Package.swift: \(extra)")
        let repeated = Dictionary(grouping: listed, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
        #expect(repeated.isEmpty, "listed more than once: \(repeated)")
    }

    /// The reading of Package.swift misses no target: every folder of Sources/ and Tests/ is one.
    @Test("every folder of Sources/ and Tests/ is a target Package.swift is read to declare")
    func everyFolderIsADeclaredTarget() throws {
        let names = Set(try Self.packageTargets().map(\.name))
        #expect(names.count > 40, "\(names.count) targets read from Package.swift")
        for parent in ["Sources", "Tests"] {
            let folders = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent(parent).path)
                .filter { !$0.hasPrefix(".") }
            for folder in folders.sorted() {
                #expect(names.contains(folder), "\(parent)/\(folder) is not a target read from Package.swift")
            }
        }
    }
}
