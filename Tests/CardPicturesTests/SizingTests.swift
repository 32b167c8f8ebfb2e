import CardMath
@testable import CardPictures
import Testing

/// Decode sizes, tiers and the pool plan against the documented numbers.
@Suite struct SizingTests {
    @Test("the card tier's side: the thumbnail folder's side nearest a quarter of the framebuffer's longer side")
    func cardSide() {
        #expect(PictureSizing.cardTierSide(framebuffer: PixelSize(width: 1280, height: 800)) == 256)
        #expect(PictureSizing.cardTierSide(framebuffer: PixelSize(width: 1440, height: 900)) == 256)
        #expect(PictureSizing.cardTierSide(framebuffer: PixelSize(width: 1920, height: 1080)) == 256)
        #expect(PictureSizing.cardTierSide(framebuffer: PixelSize(width: 1924, height: 1080)) == 512)
        #expect(PictureSizing.cardTierSide(framebuffer: PixelSize(width: 2560, height: 1600)) == 512)
        #expect(PictureSizing.cardTierSide(framebuffer: PixelSize(width: 800, height: 500)) == 256)
        #expect(PictureSizing.cardTierSide(framebuffer: PixelSize(width: 3840, height: 2160)) == 512)
        #expect(PictureSizing.cardTierSide(framebuffer: PixelSize(width: 0, height: 0)) == 256)
    }

    @Test("decode sizes fit the box, keep the aspect, never upscale")
    func decodeSizes() {
        let box = PixelSize(width: 320, height: 320)
        #expect(PictureSizing.decodeSize(picture: PixelSize(width: 2048, height: 1536), box: box) == PixelSize(width: 320, height: 240))
        #expect(PictureSizing.decodeSize(picture: PixelSize(width: 1536, height: 2048), box: box) == PixelSize(width: 240, height: 320))
        #expect(PictureSizing.decodeSize(picture: PixelSize(width: 8000, height: 1000), box: box) == PixelSize(width: 320, height: 40))
        #expect(PictureSizing.decodeSize(picture: PixelSize(width: 100, height: 50), box: box) == PixelSize(width: 100, height: 50))
        #expect(PictureSizing.decodeSize(picture: PixelSize(width: 100_000, height: 1), box: box) == PixelSize(width: 320, height: 1))
        let full = PixelSize(width: 1920, height: 1080)
        #expect(PictureSizing.decodeSize(picture: PixelSize(width: 2048, height: 1536), box: full) == PixelSize(width: 1440, height: 1080))
    }

    @Test("cards larger on screen than the card tier holds sharply ask for the full tier")
    func tiers() {
        #expect(PictureSizing.tier(forCardOnScreen: Size(width: 285, height: 214), cardTierSide: 320) == .card)
        #expect(PictureSizing.tier(forCardOnScreen: Size(width: 400, height: 100), cardTierSide: 320) == .card)
        #expect(PictureSizing.tier(forCardOnScreen: Size(width: 768, height: 480), cardTierSide: 320) == .full)
        #expect(PictureSizing.tier(forCardOnScreen: Size(width: .nan, height: 1), cardTierSide: 320) == .card)
    }

    @Test("workers: cores − 1, at least 1, at most 7; the queue and result bounds follow")
    func workers() {
        #expect(PictureSizing.workerCount(cores: 1) == 1)
        #expect(PictureSizing.workerCount(cores: 2) == 1)
        #expect(PictureSizing.workerCount(cores: 8) == 7)
        #expect(PictureSizing.workerCount(cores: 64) == 7)
        #expect(PictureSizing.maxInFlight(workers: 1) == 3)
        #expect(PictureSizing.maxInFlight(workers: 7) == 14)
        #expect(PictureSizing.completedLimit(workers: 3) == 8)
        #expect(PictureSizing.completedLimit(workers: 1) == 4)
    }

    @Test("pool plans for common framebuffers stay within the budget and hold the cards in view",
          arguments: [(1280, 800), (1920, 1080), (2560, 1600), (3840, 2160), (800, 500)])
    func poolPlans(width: Int, height: Int) {
        let framebuffer = PixelSize(width: width, height: height)
        let plan = PictureSizing.poolPlan(framebuffer: framebuffer, visibleCards: 30)
        #expect(plan.cardSide == PictureSizing.cardTierSide(framebuffer: framebuffer))
        #expect(plan.fullSize == framebuffer)
        #expect(PictureSizing.fullTierLayers.contains(plan.fullLayers))
        #expect(plan.cardLayers >= 90 && plan.cardLayers <= 256)
        // Within the budget, except where the two-layer minimum of the full tier needs more (4K).
        let minimumFull = 2 * framebuffer.rgbaBytes
        #expect(plan.bytes() <= max(PictureSizing.defaultTextureBudget, minimumFull + 90 * plan.cardSide * plan.cardSide * 4))
    }

    @Test("the documented plans")
    func documentedPlans() {
        let small = PictureSizing.poolPlan(framebuffer: PixelSize(width: 1280, height: 800), visibleCards: 30)
        #expect(small == PictureSizing.PoolPlan(cardSide: 256, cardLayers: 256, fullSize: PixelSize(width: 1280, height: 800), fullLayers: 8))
        let hd = PictureSizing.poolPlan(framebuffer: PixelSize(width: 1920, height: 1080), visibleCards: 30)
        #expect(hd == PictureSizing.PoolPlan(cardSide: 256, cardLayers: 256, fullSize: PixelSize(width: 1920, height: 1080), fullLayers: 6))
        let retina = PictureSizing.poolPlan(framebuffer: PixelSize(width: 2560, height: 1600), visibleCards: 30)
        #expect(retina == PictureSizing.PoolPlan(cardSide: 512, cardLayers: 90, fullSize: PixelSize(width: 2560, height: 1600), fullLayers: 2))
        // More layers than the budget affords when many cards are in view; never past maxLayers.
        let crowded = PictureSizing.poolPlan(framebuffer: PixelSize(width: 2560, height: 1600), visibleCards: 60)
        #expect(crowded.cardLayers == 180)
        #expect(PictureSizing.poolPlan(framebuffer: PixelSize(width: 2560, height: 1600), visibleCards: 200).cardLayers == 256)
        let mipmapped = PictureSizing.poolPlan(framebuffer: PixelSize(width: 1280, height: 800), mipmapped: true)
        // What the viewer makes at 1280 × 800 (both tiers mipmapped).
        #expect(mipmapped == PictureSizing.PoolPlan(cardSide: 256, cardLayers: 235, fullSize: PixelSize(width: 1280, height: 800), fullLayers: 8))
        #expect(mipmapped.bytes(mipmapped: true) <= PictureSizing.defaultTextureBudget)
    }
}
