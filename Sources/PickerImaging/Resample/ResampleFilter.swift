/// How ``PixelBuffer/resampled(to:filter:)`` weighs input pixels.
public enum ResampleFilter: String, CaseIterable, Sendable, Codable {
    /// Area average with exact coverage weights: every output pixel is the mean of the input
    /// pixels under it, each weighted by the fraction of it covered. The filter for downscaling.
    case area
    /// Bilinear (triangle) interpolation, widened when downscaling so every input pixel counts.
    case bilinear
    /// Lanczos with three lobes: the sharpest, for upscaling and gentle downscaling.
    case lanczos3

    /// The filter's radius in output-scaled input pixels.
    var support: Double {
        switch self {
        case .area: 0.5
        case .bilinear: 1
        case .lanczos3: 3
        }
    }

    /// The filter's value at distance `x` (in input pixels, scaled when downscaling).
    func weight(_ x: Double) -> Double {
        let x = abs(x)
        switch self {
        case .area:
            return x < 0.5 ? 1 : 0
        case .bilinear:
            return x < 1 ? 1 - x : 0
        case .lanczos3:
            guard x < 3 else { return 0 }
            guard x > 1e-9 else { return 1 }
            let px = Double.pi * x
            return 3 * sin(px) * sin(px / 3) / (px * px)
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif
