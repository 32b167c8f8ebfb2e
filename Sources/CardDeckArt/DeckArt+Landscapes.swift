import Foundation

/// Landscapes of the bundled deck: sunset over a lake, aurora over a forest, desert dunes.
/// Sizes are in pixels; `s` scales the 640×400 design to the requested height.
extension DeckArt {
    /// Mountains and a still lake at sunset: layered ridges, a glowing sun and its reflection.
    static func paintSunset(_ size: (Int, Int)) -> ArtCanvas {
        let (w, h) = (Double(size.0), Double(size.1)), s = h / 400
        var canvas = ArtCanvas(width: size.0, height: size.1)
        let horizon = 0.66 * h
        let sky: [(position: Double, color: ArtColor)] = [
            (0, ArtColor(hex: 0x251A4A)), (0.35, ArtColor(hex: 0x7B2F6E)), (0.62, ArtColor(hex: 0xE0605A)),
            (0.85, ArtColor(hex: 0xF9A65A)), (1, ArtColor(hex: 0xFFD98C)),
        ]
        let sun = SIMD2(0.66 * w, 0.43 * h), sunRadius = 34 * s
        canvas.fill { x, y in
            let glow = exp(-((SIMD2(x, y) - sun) * (SIMD2(x, y) - sun)).sum().squareRoot() / (110 * s))
            return gradient(sky, at: y / horizon).mixed(with: ArtColor(hex: 0xFFE7B0), by: 0.55 * glow)
        }
        canvas.fillCircle(center: sun, radius: sunRadius, color: ArtColor(hex: 0xFFF4D6))
        let ridges: [(base: Double, amplitude: Double, scale: Double, color: UInt32, seed: UInt64)] = [
            (0.52, 0.12, 150, 0x8A4A7E, 11), (0.60, 0.12, 110, 0x5E3163, 12), (0.665, 0.08, 70, 0x3B2150, 13),
        ]
        for ridge in ridges {
            let noise = ValueNoise(seed: ridge.seed)
            canvas.fillBelow(color: ArtColor(hex: ridge.color)) { x in
                let n = noise.fbm(x / (ridge.scale * s), 0.5, octaves: 5)
                return (ridge.base - ridge.amplitude * (1 - abs(2 * n - 1))) * h
            }
        }
        // The lake mirrors what is above the waterline, darkened with depth and broken by ripples,
        // with the sun's glitter path down the middle.
        let ripples = ValueNoise(seed: 14)
        let above = canvas
        canvas.shade(in: (0, horizon, w, h - horizon)) { x, y in
            let depth = (y - horizon) / (h - horizon)
            let ripple = ripples.fbm(x / (90 * s), y * y / (900 * s * s), octaves: 3) - 0.5
            let mx = Int(min(w - 1, max(0, x + ripple * 10 * s * depth))), my = Int(min(horizon - 1, max(0, 2 * horizon - y)))
            var color = above.colors[my * above.width + mx].mixed(with: ArtColor(hex: 0x2A1B45), by: 0.25 + 0.35 * depth)
            let streak = exp(-pow((x - sun.x) / (sunRadius * (0.8 + 1.6 * depth)), 2))
            color = color.mixed(with: ArtColor(hex: 0xFFE2A8), by: saturate(streak * (0.35 + 2.2 * ripple)))
            return (color + ArtColor(repeating: ripple * 0.1), 1)
        }
        let shore = ValueNoise(seed: 15)
        canvas.fillBelow(color: ArtColor(hex: 0x1A0F2B)) { x in
            (0.90 - 0.05 * shore.fbm(x / (60 * s), 2.5, octaves: 4) + 0.04 * (x / w - 0.3) * (x / w - 0.3)) * h
        }
        return canvas
    }

    /// Northern lights over snowy hills and a pine forest under a starry sky.
    static func paintAurora(_ size: (Int, Int)) -> ArtCanvas {
        let (w, h) = (Double(size.0), Double(size.1)), s = h / 400
        var canvas = ArtCanvas(width: size.0, height: size.1)
        canvas.fill { _, y in gradient([(0, ArtColor(hex: 0x02030F)), (0.55, ArtColor(hex: 0x0B1A36)), (0.75, ArtColor(hex: 0x1C3558))], at: y / h) }
        var random = ArtRandom(seed: 21)
        for _ in 0..<Int(260 * w * h / (640 * 400)) {
            let star = SIMD2(random.uniform(0...w), random.uniform(0...(0.8 * h)))
            let brightness = random.uniform(0.25...1)
            canvas.fillCircle(center: star, radius: random.uniform(0.35...1.1) * s, color: ArtColor(repeating: 1), alpha: brightness)
        }
        // Curtains: wavy ribbons, brightest at their lower edge and fading upwards in vertical rays,
        // their strength drifting along the ribbon.
        let streaks = ValueNoise(seed: 22)
        for band in 0..<2 {
            let phase = Double(band) * 2.1, base = (0.34 + 0.14 * Double(band)) * h
            let tint = band == 0 ? ArtColor(hex: 0x4DFFB0) : ArtColor(hex: 0x7CFFD0)
            canvas.shade { x, y in
                let t = x / w * 2 * .pi
                let edge = base + 0.07 * h * sin(1.2 * t + phase) + 0.04 * h * sin(3.1 * t + 1.3 * phase) + 0.015 * h * sin(9 * t + phase)
                let above = edge - y
                guard above > -40 * s else { return (ArtColor(0, 0, 0), 0) }
                let falloff = above < 0 ? exp(-pow(above / (14 * s), 2)) : 0.25 + 0.75 * exp(-above / (30 * s))
                let rays = pow(streaks.fbm(x / (5 * s), Double(band) * 9, octaves: 3), 2) * 2.2
                let strength = 0.25 + 0.75 * streaks.fbm(x / (140 * s), 40 + Double(band) * 7, octaves: 2)
                let color = tint.mixed(with: ArtColor(hex: 0x9A6BFF), by: saturate(above / (110 * s)))
                return (color, saturate(0.9 * falloff * rays * strength * exp(-max(0, above) / (140 * s))))
            }
        }
        let hills = ValueNoise(seed: 23)
        canvas.fillBelow(top: { x in (0.74 - 0.06 * hills.fbm(x / (160 * s), 0.2)) * h }) { _, y in
            ArtColor(hex: 0x9FB6D6).mixed(with: ArtColor(hex: 0x3E5679), by: saturate((y - 0.68 * h) / (0.32 * h)))
        }
        // Two rows of pines: triangles stacked into a tree, darker in front.
        for (row, color, heightRange) in [(0.80, 0x13233A as UInt32, 40.0...70.0), (0.93, 0x060B14, 60.0...110.0)] {
            var x = -10 * s
            while x < w + 10 * s {
                let treeHeight = random.uniform(heightRange) * s, foot = row * h + random.uniform(-6...6) * s
                let halfWidth = treeHeight * 0.23
                for tier in 0..<3 {
                    let top = foot - treeHeight * (1 - Double(tier) * 0.22), bottom = foot - treeHeight * Double(2 - tier) * 0.2
                    let spread = halfWidth * (0.6 + 0.2 * Double(tier))
                    canvas.fillPolygon([SIMD2(x, top), SIMD2(x + spread, bottom), SIMD2(x - spread, bottom)], color: ArtColor(hex: color))
                }
                canvas.fillRect(x: x - 1.5 * s, y: foot - 8 * s, width: 3 * s, height: h - foot + 8 * s, color: ArtColor(hex: color))
                x += random.uniform(14...30) * s
            }
        }
        return canvas
    }

    /// Desert dunes under a high sun: layered sand ridges, lit on one flank and shaded on the other.
    static func paintDunes(_ size: (Int, Int)) -> ArtCanvas {
        let (w, h) = (Double(size.0), Double(size.1)), s = h / 400
        var canvas = ArtCanvas(width: size.0, height: size.1)
        canvas.fill { _, y in gradient([(0, ArtColor(hex: 0x3D8FD1)), (0.55, ArtColor(hex: 0x9CCBEA)), (0.62, ArtColor(hex: 0xF2E2C4))], at: y / h) }
        canvas.fillCircle(center: SIMD2(0.2 * w, 0.16 * h), radius: 18 * s, color: ArtColor(hex: 0xFFFBEA))
        let layers: [(base: Double, amplitude: Double, frequency: Double, phase: Double, light: UInt32, dark: UInt32)] = [
            (0.56, 0.05, 1.3, 0.4, 0xF0C48C, 0xD9A06A), (0.66, 0.08, 1.0, 2.2, 0xE8AC6C, 0xC47E48),
            (0.80, 0.10, 0.8, 4.0, 0xE09A57, 0xA9623A), (0.94, 0.08, 1.5, 1.0, 0xD98B45, 0x8F4E2E),
        ]
        let grain = ValueNoise(seed: 31)
        for layer in layers {
            let crest = { (x: Double) -> Double in
                let t = x / w * 2 * .pi * layer.frequency + layer.phase
                return (layer.base - layer.amplitude * (sin(t) + 0.35 * sin(2 * t + 1))) * h
            }
            canvas.fillBelow(top: crest) { x, y in
                // The flank facing the sun (crest rising to the right) is lit; its back is in shade.
                let slope = (crest(x + 1) - crest(x - 1)) / 2
                let lit = smoothstep(-0.15, 0.15, slope)
                let depth = saturate((y - crest(x)) / (0.25 * h))
                let color = ArtColor(hex: layer.dark).mixed(with: ArtColor(hex: layer.light), by: lit * (1 - 0.5 * depth))
                return color + ArtColor(repeating: (grain.value(x / (2 * s), y / (1.2 * s)) - 0.5) * 0.05)
            }
        }
        return canvas
    }
}
