import Foundation

/// CIEDE2000 colour differences between 8-bit sRGB colours, for checking colour conversions
/// against a reference (Sharma, Wu and Dalal's formulation, with kL = kC = kH = 1).
public enum ColourDifference {
    /// CIELAB (D65 white) of an 8-bit sRGB colour.
    public static func lab(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> SIMD3<Double> {
        func linear(_ v: UInt8) -> Double {
            let c = Double(v) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        let (rl, gl, bl) = (linear(r), linear(g), linear(b))
        let x = (0.4124564 * rl + 0.3575761 * gl + 0.1804375 * bl) / 0.95047
        let y = 0.2126729 * rl + 0.7151522 * gl + 0.0721750 * bl
        let z = (0.0193339 * rl + 0.1191920 * gl + 0.9503041 * bl) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        return SIMD3(116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
    }

    /// ΔE2000 between two CIELAB colours.
    public static func deltaE2000(_ lab1: SIMD3<Double>, _ lab2: SIMD3<Double>) -> Double {
        let (l1, a1, b1) = (lab1.x, lab1.y, lab1.z), (l2, a2, b2) = (lab2.x, lab2.y, lab2.z)
        let c1 = hypot(a1, b1), c2 = hypot(a2, b2)
        let cMean = (c1 + c2) / 2
        let c7 = pow(cMean, 7)
        let g = 0.5 * (1 - sqrt(c7 / (c7 + pow(25, 7))))
        let a1p = (1 + g) * a1, a2p = (1 + g) * a2
        let c1p = hypot(a1p, b1), c2p = hypot(a2p, b2)
        func hue(_ b: Double, _ a: Double) -> Double {
            guard a != 0 || b != 0 else { return 0 }
            let h = atan2(b, a) * 180 / .pi
            return h < 0 ? h + 360 : h
        }
        let h1p = hue(b1, a1p), h2p = hue(b2, a2p)
        let dLp = l2 - l1, dCp = c2p - c1p
        var dhp = 0.0
        if c1p * c2p != 0 {
            dhp = h2p - h1p
            if dhp > 180 { dhp -= 360 } else if dhp < -180 { dhp += 360 }
        }
        let dHp = 2 * sqrt(c1p * c2p) * sin(dhp / 2 * .pi / 180)
        let lMean = (l1 + l2) / 2, cpMean = (c1p + c2p) / 2
        var hpMean = h1p + h2p
        if c1p * c2p != 0 {
            if abs(h1p - h2p) <= 180 { hpMean /= 2 } else { hpMean = (h1p + h2p + (h1p + h2p < 360 ? 360 : -360)) / 2 }
        }
        func rad(_ d: Double) -> Double { d * .pi / 180 }
        let t = 1 - 0.17 * cos(rad(hpMean - 30)) + 0.24 * cos(rad(2 * hpMean)) + 0.32 * cos(rad(3 * hpMean + 6))
            - 0.20 * cos(rad(4 * hpMean - 63))
        let dTheta = 30 * exp(-pow((hpMean - 275) / 25, 2))
        let cp7 = pow(cpMean, 7)
        let rc = 2 * sqrt(cp7 / (cp7 + pow(25, 7)))
        let sl = 1 + 0.015 * pow(lMean - 50, 2) / sqrt(20 + pow(lMean - 50, 2))
        let sc = 1 + 0.045 * cpMean, sh = 1 + 0.015 * cpMean * t
        let rt = -sin(rad(2 * dTheta)) * rc
        return sqrt(pow(dLp / sl, 2) + pow(dCp / sc, 2) + pow(dHp / sh, 2) + rt * (dCp / sc) * (dHp / sh))
    }

    /// ΔE2000 between two 8-bit sRGB colours.
    public static func deltaE2000(_ c1: (UInt8, UInt8, UInt8), _ c2: (UInt8, UInt8, UInt8)) -> Double {
        deltaE2000(lab(c1.0, c1.1, c1.2), lab(c2.0, c2.1, c2.2))
    }

    /// The `fraction` percentile (0…1) of `values`, by the nearest rank.
    public static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, max(0, Int((fraction * Double(sorted.count)).rounded(.up)) - 1))]
    }
}
