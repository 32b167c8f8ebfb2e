import CardBenchmark
import CardLayout
import Testing

/// Which built-in layout a layout file is compared with in a run (`BenchmarkSettings.reference(for:)`).
@Suite struct FileReferenceTests {
    @Test func theOnlyBuiltInOrTheLongestNamePrefix() {
        let files = [LayoutKind("rotary-inverted-file"), LayoutKind("rotary-file"), LayoutKind("my-flow")]
        let several = BenchmarkSettings(layouts: [.rotary, .rotaryInverted, .coverflow] + files)
        #expect(several.reference(for: files[0]) == .rotaryInverted)
        #expect(several.reference(for: files[1]) == .rotary)
        #expect(several.reference(for: files[2]) == nil)
        #expect(several.reference(for: .rotary) == nil)  // a built-in has none
        let one = BenchmarkSettings(layouts: [.coverflow] + files)
        #expect(files.map { one.reference(for: $0) } == [.coverflow, .coverflow, .coverflow])
        #expect(BenchmarkSettings(layouts: files).reference(for: files[0]) == nil)
    }

    @Test func optionsReachTheLayout() throws {
        var settings = BenchmarkSettings(layouts: [.coverflow])
        settings.layoutOptions[.coverflow] = try LayoutKind.coverflow.descriptor.values(setting: ["spacing=0.5"])
        let layout = try #require(settings.makeLayout(.coverflow) as? CarouselLayout)
        #expect(layout.options.spacing == 0.5)
        #expect((settings.makeLayout(.linear) as? CarouselLayout)?.options.spacing == 1)
    }
}
