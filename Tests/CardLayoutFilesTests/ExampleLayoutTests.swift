import CardLayout
import CardLayoutFiles
import CardMath
import Foundation
import Testing

/// Every example file loads, registers under its own name, and lays out finite, visible cards.
@Suite struct ExampleLayoutTests {
    @Test func everyExampleLoads() throws {
        let files = ExampleFiles.all
        #expect(files.count >= 15, "\(files.map(\.lastPathComponent))")
        let registry = LayoutRegistry(LayoutRegistry.builtIn)
        for url in files {
            let file: LayoutFile
            do {
                file = try LayoutFile(bytes: Array(try Data(contentsOf: url)), file: url.lastPathComponent, registry: registry,
                                      warn: { Issue.record("\($0)") })
            } catch {
                Issue.record("\(error)")
                continue
            }
            try registry.register(file.descriptor)
            let layout = file.descriptor.makeLayout()
            for (count, scroll) in [(30, 0.0), (30, 4.5), (7, 3.0), (1, 0.0), (0, 0.0), (200, 150.25)] {
                let along = scroll * (file.descriptor.options.first { $0.name == "itemWidth" }?.defaultValue ?? 400)
                let context = LayoutContext(viewport: Size(width: 1280, height: 800), cardCount: count,
                                            offset: layout.scrollAxis == .vertical ? Vec2(0, along) : Vec2(along, 0))
                let cards = layout.visibleAttributes(in: context)
                #expect(cards.allSatisfy { $0.isFinite }, "\(url.lastPathComponent)")
                if count >= 7 { #expect(!cards.isEmpty, "\(url.lastPathComponent): nothing visible at \(scroll)") }
            }
        }
    }
}

/// The schema in docs/ names exactly the keys and steps the parser knows.
@Suite struct SchemaTests {
    @Test func schemaMatchesTheParser() throws {
        let url = ExampleFiles.folder.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/layout-file.schema.json")
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let properties = try #require(schema["properties"] as? [String: Any])
        #expect(Set(properties.keys) == Set(LayoutFileParser.keys))
        let step = try #require((schema["$defs"] as? [String: Any])?["step"] as? [String: Any])
        #expect(Set(try #require(step["properties"] as? [String: Any]).keys) == Set(LayoutFileParser.stepKeys))
    }
}
