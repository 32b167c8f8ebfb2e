import Foundation

/// Photo-like scenes of the bundled deck: a beach by day and a city skyline at dusk.
/// Sizes are in pixels; `s` scales the 640×400 design to the requested height.
extension DeckArt {
    /// A beach: blue sky with soft clouds, the sea with glints, surf, wet and dry sand, a parasol.
    static func paintBeach(_ size: (Int, Int)) -> ArtCanvas {
        let (w, h) = (Double(size.0), Double(size.1)), s = h / 400
        var canvas = ArtCanvas(width: size.0, height: size.1)
        let horizon = 0.48 * h
        canvas.fill { _, y in ArtColor(hex: 0x2F7FD0).mixed(with: ArtColor(hex: 0xCBE8F7), by: pow(saturate(y / horizon), 1.6)) }
        let clouds = ValueNoise(seed: 41)
        canvas.shade(in: (0, 0, w, horizon)) { x, y in
            let density = clouds.fbm(x / (130 * s), y / (45 * s), octaves: 5)
            let cover = smoothstep(0.52, 0.72, density) * (0.4 + 0.6 * saturate(y / horizon))
            let color = ArtColor(repeating: 1).mixed(with: ArtColor(hex: 0xB9C6D6), by: smoothstep(0.6, 0.9, density) * 0.6)
            return (color, cover)
        }
        let glints = ValueNoise(seed: 42)
        let shoreline = { (x: Double) in (0.70 + 0.018 * sin(x / w * 2 * .pi * 1.7 + 0.6) + 0.01 * sin(x / w * 2 * .pi * 5.3)) * h }
        canvas.shade(in: (0, horizon, w, h - horizon)) { x, y in
            let t = (y - horizon) / (0.25 * h)
            var color = ArtColor(hex: 0x145A8A).mixed(with: ArtColor(hex: 0x36B3B5), by: saturate(t))
            let glint = glints.fbm(x / (30 * s), (y - horizon) * (y - horizon) / (40 * s * s), octaves: 3)
            color = color.mixed(with: ArtColor(repeating: 1), by: smoothstep(0.66, 0.8, glint) * 0.7)
            return (color, 1)
        }
        // Sand, darker where the last wave wetted it; foam along the wave's edge.
        canvas.fillBelow(top: shoreline) { x, y in
            let wet = 1 - smoothstep(0, 26 * s, y - shoreline(x) - 8 * s)
            let grain = (glints.value(x / (1.5 * s), y / (1.5 * s)) - 0.5) * 0.06
            return ArtColor(hex: 0xEBD7A8).mixed(with: ArtColor(hex: 0xB99A6A), by: 0.7 * wet) + ArtColor(repeating: grain)
        }
        canvas.shade(in: (0, 0.6 * h, w, 0.2 * h)) { x, y in
            let d = y - shoreline(x)
            let foam = exp(-pow(d / (3.5 * s), 2)) + 0.5 * exp(-pow((d + 10 * s + 3 * s * sin(x / (9 * s))) / (2 * s), 2))
            return (ArtColor(repeating: 1), saturate(foam * (0.7 + 0.5 * glints.value(x / (6 * s), 3))))
        }
        // A parasol: a pole, a striped canopy (alternating red and white wedges) and its shadow.
        let top = SIMD2(0.74 * w, 0.60 * h), radius = 70 * s
        canvas.shade(in: (top.x - 80 * s, 0.86 * h, 170 * s, 0.1 * h)) { x, y in
            let e = pow((x - top.x - 20 * s) / (75 * s), 2) + pow((y - 0.905 * h) / (11 * s), 2)
            return (ArtColor(hex: 0x7A6440), 0.45 * saturate((1 - e) * 4))
        }
        canvas.fillRect(x: top.x - 2 * s, y: top.y, width: 4 * s, height: 0.3 * h, color: ArtColor(hex: 0x5B4632))
        // The canopy's rim is the near half of an ellipse seen from slightly above, so it bulges down.
        let apex = top - SIMD2(0, 8 * s)
        let rim = { (a: Double) in SIMD2(top.x + radius * cos(a), top.y + 0.3 * radius + 0.22 * radius * sin(a)) }
        for wedge in 0..<8 {
            let a0 = Double(wedge) * .pi / 8, a1 = a0 + .pi / 8
            canvas.fillPolygon([apex, rim(a0), rim((a0 + a1) / 2) + SIMD2(0, 3 * s), rim(a1)],
                               color: ArtColor(hex: wedge % 2 == 0 ? 0xE2463C : 0xF7F1E3))
        }
        return canvas
    }

    /// A city at dusk: a warm-to-violet sky, a pale moon, two rows of towers with lit windows,
    /// and a river reflecting them.
    static func paintCitySkyline(_ size: (Int, Int)) -> ArtCanvas {
        let (w, h) = (Double(size.0), Double(size.1)), s = h / 400
        var canvas = ArtCanvas(width: size.0, height: size.1)
        let ground = 0.80 * h
        canvas.fill { _, y in
            gradient([(0, ArtColor(hex: 0x1B2350)), (0.5, ArtColor(hex: 0x5A3C78)), (0.8, ArtColor(hex: 0xD9766A)), (1, ArtColor(hex: 0xF6B26B))], at: y / ground)
        }
        canvas.fillCircle(center: SIMD2(0.18 * w, 0.2 * h), radius: 20 * s, color: ArtColor(hex: 0xF4EEDC))
        canvas.fillCircle(center: SIMD2(0.18 * w + 8 * s, 0.2 * h - 5 * s), radius: 17 * s, color: ArtColor(hex: 0x232A57), alpha: 0.9)
        var random = ArtRandom(seed: 51)
        for (color, heights, lit) in [(0x4A3D6E as UInt32, 60.0...170.0, 0.12), (0x1C1831, 40.0...230.0, 0.45)] {
            var x = -5 * s
            while x < w {
                let towerWidth = random.uniform(28...62) * s, towerHeight = random.uniform(heights) * s
                let top = ground - towerHeight
                canvas.fillRect(x: x, y: top, width: towerWidth, height: towerHeight, color: ArtColor(hex: color))
                if random.uniform(0...1) < 0.3 {  // an antenna
                    canvas.fillRect(x: x + towerWidth / 2 - s, y: top - 18 * s, width: 2 * s, height: 18 * s, color: ArtColor(hex: color))
                }
                var wy = top + 6 * s
                while wy < ground - 8 * s {
                    var wx = x + 5 * s
                    while wx < x + towerWidth - 8 * s {
                        if random.uniform(0...1) < lit {
                            let warm = ArtColor(hex: 0xFFD98A).mixed(with: ArtColor(hex: 0xFFF3D0), by: random.uniform(0...1))
                            canvas.fillRect(x: wx, y: wy, width: 4 * s, height: 5 * s, color: warm, alpha: 0.9)
                        }
                        wx += 8 * s
                    }
                    wy += 10 * s
                }
                x += towerWidth + random.uniform(-6...4) * s
            }
        }
        // The river mirrors the skyline above the waterline, dimmed and rippled.
        let ripples = ValueNoise(seed: 52)
        let above = canvas
        canvas.shade(in: (0, ground, w, h - ground)) { x, y in
            let wobble = (ripples.fbm(x / (120 * s), y / (5 * s), octaves: 2) - 0.5) * 6 * s
            let mx = Int(min(w - 1, max(0, x + wobble))), my = Int(min(ground - 1, max(0, 2 * ground - y)))
            let mirrored = above.colors[my * above.width + mx]
            return (mirrored.mixed(with: ArtColor(hex: 0x0E1226), by: 0.45 + 0.3 * (y - ground) / (h - ground)), 1)
        }
        canvas.fillRect(x: 0, y: ground, width: w, height: 2 * s, color: ArtColor(hex: 0x0B0A16))
        return canvas
    }
}
