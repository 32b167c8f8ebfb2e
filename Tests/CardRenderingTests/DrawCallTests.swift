import CardLayout
import CardMath
import CardPacking
import CardPixels
import CardRendering
import Testing
import CardRenderingTestSupport

/// One instanced draw call per pass, whatever the card count.
@Suite("Draw calls per pass", .serialized)
struct DrawCallTests {
    @Test("one draw call for all cards, opaque depth pass and zindex pass alike", arguments: [0, 1, 10, 1000])
    func oneDrawCallPerPass(count: Int) throws {
        let gpu = try Scenes.context()
        let renderer = try CardRenderer(context: gpu)
        let cards = Scenes.grid(count: count)
        let camera = Camera(viewport: Scenes.viewport)
        for ordering in RenderOrdering.allCases {
            let before = renderer.drawCallCount
            let stats = try renderer.render(RenderFrame(cards: cards, camera: camera, ordering: ordering, shading: .identity))
            #expect(stats.instances == count)
            #expect(stats.drawCalls == (count == 0 ? 0 : 1))
            #expect(renderer.drawCallCount - before == stats.drawCalls)
            #expect(stats.uploadedBytes == count * InstanceRecord.stride)
            // Every card really was drawn: its identity colour is at its center.
            let image = try gpu.readPixels()
            for card in cards {
                #expect(image.identity(x: Int(card.center.x), y: Int(card.center.y)) == card.id)
            }
        }
    }

    @Test("translucent cards: sorted adds one draw call; peeled adds the opaque depth pass and one per layer tried; zindex none",
          arguments: [1, 10, 1000])
    func translucentPass(count: Int) throws {
        let gpu = try Scenes.context()
        let renderer = try CardRenderer(context: gpu)
        var cards = Scenes.grid(count: 2 * count)
        for i in cards.indices where i % 2 == 1 { cards[i].alpha = 0.5 }
        let camera = Camera(viewport: Scenes.viewport)
        func frame(_ ordering: RenderOrdering, _ translucency: Translucency = .peeled) -> RenderFrame {
            RenderFrame(cards: cards, camera: camera, ordering: ordering, shading: .identity, translucency: translucency)
        }
        let sorted = try renderer.render(frame(.depth, .sorted))
        #expect(sorted.drawCalls == 2)
        #expect(sorted.instances == 2 * count)
        // The grid's cards do not overlap: one layer, then an empty one ends the peeling. A
        // single translucent card needs no peeling: the sorted pass is exact for it.
        let depth = try renderer.render(frame(.depth))
        #expect(depth.drawCalls == (count == 1 ? 2 : 4))
        #expect(depth.peeledLayers == (count == 1 ? 0 : 1))
        #expect(depth.instances == 2 * count)
        let zindex = try renderer.render(frame(.zindex))
        #expect(zindex.drawCalls == 1)
    }

    @Test("textured cards: the opaque and zindex passes add one small draw of their decorations; translucent cards keep theirs in their own draw")
    func decorationDraws() throws {
        let gpu = try Scenes.context()
        let renderer = try CardRenderer(context: gpu)
        var cards = Scenes.grid(count: 20)
        let camera = Camera(viewport: Scenes.viewport)
        #expect(try renderer.render(RenderFrame(cards: cards, camera: camera, ordering: .depth)).drawCalls == 2)
        #expect(try renderer.render(RenderFrame(cards: cards, camera: camera, ordering: .zindex)).drawCalls == 2)
        cards[3].alpha = 0.5
        let mixed = try renderer.render(RenderFrame(cards: cards, camera: camera, ordering: .depth))
        #expect(mixed.drawCalls == 3)
        #expect(mixed.instances == 20)
    }

    @Test("hidden, transparent and non-finite cards are not drawn")
    func skippedCards() throws {
        let gpu = try Scenes.context()
        let renderer = try CardRenderer(context: gpu)
        var cards = Scenes.grid(count: 4)
        cards[0].isHidden = true
        cards[1].alpha = 0
        cards[2].center.x = .nan
        let stats = try renderer.render(RenderFrame(cards: cards, camera: Camera(viewport: Scenes.viewport), shading: .identity))
        #expect(stats.instances == 1)
        let image = try gpu.readPixels()
        #expect(image.identity(x: Int(cards[3].center.x), y: Int(cards[3].center.y)) == cards[3].id)
        #expect(image.identity(x: Int(cards[0].center.x), y: Int(cards[0].center.y)) == nil)
        #expect(image.identity(x: Int(cards[1].center.x), y: Int(cards[1].center.y)) == nil)
    }

    @Test("depth ordering draws opaque cards front to back: each covered pixel passes the depth test once; drawn back to front, every layer does")
    func frontToBack() throws {
        let gpu = try Scenes.context()
        let renderer = try CardRenderer(context: gpu)
        renderer.countsOpaqueSamples = true
        let camera = Camera(viewport: Scenes.viewport)
        // Ten flat 300 × 200 cards stacked 2 points apart, each nearer one covering the ones behind.
        func stack(zIndexFollowsDepth: Bool) -> [CardAttributes] {
            (0..<10).map { i in
                Scenes.card(UInt32(i), x: 200, y: 150, z: Double(2 * i), width: 300, height: 200,
                            zIndex: zIndexFollowsDepth ? i : -i)
            }
        }
        // The nearest card (z = 18) projects 1500 / 1482 times larger: its pixels.
        let scale = 1500.0 / 1482, nearest = 300 * scale * 200 * scale
        // The layouts give covering cards the higher zIndex: nearest first, one pass per pixel.
        let ordered = try renderer.render(RenderFrame(cards: stack(zIndexFollowsDepth: true), camera: camera, shading: .identity))
        #expect(Double(ordered.samplesPassed) > 0.98 * nearest && Double(ordered.samplesPassed) < 1.02 * nearest,
                "\(ordered.samplesPassed) vs \(nearest)")
        #expect(try gpu.readPixels().identity(x: 200, y: 150) == CardID(9))
        // A zIndex against the depth makes the packer draw back to front: every layer passes.
        let reversed = try renderer.render(RenderFrame(cards: stack(zIndexFollowsDepth: false), camera: camera, shading: .identity))
        #expect(Double(reversed.samplesPassed) > 9 * 300 * 200, "\(reversed.samplesPassed)")
        #expect(try gpu.readPixels().identity(x: 200, y: 150) == CardID(9))  // the depth buffer decides either way
    }
}

/// Occlusion clipping draws fewer fragments, never other pixels.
@Suite("Occlusion clipping, drawn", .serialized)
struct OcclusionClipDrawingTests {
    @Test("pages at rest: the frame with each page clipped behind the next equals the frame drawing whole pages",
          arguments: [0.0, 2345.0, 9000.0])
    func samePixels(offsetY: Double) throws {
        let viewport = Size(width: 480, height: 300)
        let gpu = try Scenes.context(viewport)
        let renderer = try CardRenderer(context: gpu)
        // Pictures with detail everywhere, so a wrong fragment would show.
        let pictures = (0..<3).map { k -> RGBAImage in
            var image = RGBAImage(width: 64, height: 40)
            for y in 0..<40 { for x in 0..<64 { image[x, y] = (UInt8(x * 4), UInt8(y * 6), UInt8(80 * k), 255) } }
            return image
        }
        try renderer.uploadPictures(pictures)
        let context = LayoutContext(viewport: viewport, cardCount: 200, offset: Vec2(0, offsetY))
        let packer = BulkInstancePacker()
        packer.pack(PagesLayout(), scope: .visible, in: context, ordering: .depth, layerCount: 3)
        let clipped = Array(packer.records)
        #expect(clipped.contains { $0.visibleHeight < 1 })
        let whole = clipped.map { record -> InstanceRecord in
            var copy = record
            copy.visibleHeight = 1
            return copy
        }
        func draw(_ records: [InstanceRecord]) throws -> RGBAImage {
            try records.withUnsafeBufferPointer { buffer in
                try renderer.upload(buffer)
                try renderer.draw(buffer, passes: packer.passes, camera: context.camera)
            }
            return try gpu.readPixels()
        }
        let a = try draw(clipped), b = try draw(whole)
        var differing = 0, worst = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a[x, y], q = b[x, y]
                let d = max(abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)))
                if d > 0 { differing += 1 }
                worst = max(worst, d)
            }
        }
        // The shortened triangles interpolate their attributes from other vertices: a channel may
        // round differently, and the mip level (chosen per vertex) may tip to its neighbour near
        // a level's edge. A wrongly clipped page would show the background or another page
        // (differences of 50 and more) over whole strips.
        let pixels = a.width * a.height
        #expect(worst <= 16 && differing * 100 <= pixels, "\(differing) pixels differ, by up to \(worst)")
    }
}
