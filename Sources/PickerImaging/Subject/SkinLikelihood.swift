#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

extension AttentionLocator {
    /// How much `colour` looks like skin, 0…1, by its hue and its colourfulness relative to its
    /// lightness, never by its lightness itself: the palest and the darkest skins are found
    /// alike (each of the ten Monk Skin Tone scale colours scores above 0.9).
    ///
    /// Skin of every tone lies in a narrow band of hue between yellow and red, and is only
    /// mildly colourful for how light it is. Measured on an opponent plane (red against green,
    /// yellow against blue):
    /// - the hue, from yellow towards red, is fully skin from 14° to 52° and not at all below 0°
    ///   or above 72°;
    /// - the colourfulness relative to the lightness is fully skin from 0.055 to 0.75 and not at
    ///   all below 0.03 or above 1.05 (an orange, a traffic cone);
    /// - a colour with almost no colour at all (within 4 of a grey, out of 255) or darker than
    ///   10 has no hue to read, and is not skin.
    ///
    /// Colour alone cannot tell skin from some wood, sand or brown hair; the locator weighs
    /// shape as well.
    public static func skinLikelihood(_ colour: RGBA) -> Double {
        skinLikelihood(r: Double(colour.r), g: Double(colour.g), b: Double(colour.b))
    }

    /// ``skinLikelihood(_:)`` on channels 0…255.
    static func skinLikelihood(r: Double, g: Double, b: Double) -> Double {
        let redGreen = r - g, yellowBlue = (r + g) / 2 - b
        let chroma = (redGreen * redGreen + yellowBlue * yellowBlue).squareRoot()
        let lightness = (r + g + b) / 3
        guard chroma >= 4, lightness >= 10 else { return 0 }
        let hue = atan2(redGreen, yellowBlue) * 180 / .pi
        return band(hue, zero: 0, full: 14...52, end: 72) * band(chroma / lightness, zero: 0.03, full: 0.055...0.75, end: 1.05)
    }

    /// 1 within `full`, falling linearly to 0 at `zero` below it and at `end` above it.
    private static func band(_ value: Double, zero: Double, full: ClosedRange<Double>, end: Double) -> Double {
        if value < full.lowerBound { return max(0, (value - zero) / (full.lowerBound - zero)) }
        if value > full.upperBound { return max(0, (end - value) / (end - full.upperBound)) }
        return 1
    }
}
