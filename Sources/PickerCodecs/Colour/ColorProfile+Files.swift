import Foundation
import PickerImaging

/// Reading and writing colour profiles in files: JPEG's APP2 `ICC_PROFILE` segments and PNG's
/// `iCCP`, `sRGB`, `gAMA` and `cHRM` chunks.
enum ColorProfileFiles {
    /// The largest ICC profile read (libpng's ceiling on a chunk's decompressed size); real ones
    /// are a few hundred bytes to a few hundred kilobytes.
    static let largestProfile = 8 << 20

    /// The signature that opens each APP2 segment of an ICC profile.
    static let jpegMarker = Array("ICC_PROFILE\0".utf8)
    /// The most profile bytes one APP2 segment holds: 65535 less the length, the signature and
    /// the two sequence bytes.
    static let jpegChunk = 65_535 - 2 - 14

    /// One APP2 `ICC_PROFILE` segment: its number (from 1), how many the profile has, and where
    /// its part of the profile lies in the file.
    struct JPEGChunk {
        var sequence: Int
        var count: Int
        var bytes: Range<Int>
    }

    /// The profile JPEG's APP2 segments spell, or `nil` with a warning when they are incomplete,
    /// numbered inconsistently, not a sound profile, or of a colour space other than the
    /// decoded pixels' (`gray` or RGB): a CMYK file's profile describes its CMYK values, not
    /// the RGB pixels decoded from them.
    static func jpegProfile(_ chunks: [JPEGChunk], in file: [UInt8], gray: Bool, warnings: inout [ImagingWarning]) -> ColorProfile? {
        guard let count = chunks.first?.count else { return nil }
        let numbers = chunks.map(\.sequence).sorted()
        guard chunks.allSatisfy({ $0.count == count }), numbers == Array(1...max(1, count)) else {
            warnings.append(.ignoredColorProfile(
                format: .jpeg, reason: "its APP2 segments are numbered \(numbers) of \(chunks.map(\.count)), not 1 to \(count) once each"))
            return nil
        }
        var data = Data()
        for chunk in chunks.sorted(by: { $0.sequence < $1.sequence }) { data.append(contentsOf: file[chunk.bytes]) }
        guard let profile = profile(data, format: .jpeg, warnings: &warnings) else { return nil }
        guard profile.colorSpace == (gray ? .gray : .rgb) else {
            warnings.append(.ignoredColorProfile(
                format: .jpeg, reason: "a \(profile.colorSpace) profile does not describe the \(gray ? "gray" : "RGB") pixels decoded from the file"))
            return nil
        }
        return profile
    }

    /// A sound ICC profile from `data`, or `nil` with a warning.
    static func profile(_ data: Data, format: ImageFileFormat, warnings: inout [ImagingWarning]) -> ColorProfile? {
        do {
            return try ColorProfile(iccData: data)
        } catch {
            warnings.append(.ignoredColorProfile(format: format, reason: error.description))
            return nil
        }
    }

    /// The profile in a PNG `iCCP` chunk's data (name, 0, compression method 0, zlib stream).
    static func pngICCP(_ data: ArraySlice<UInt8>, warnings: inout [ImagingWarning]) -> ColorProfile? {
        guard let zero = data.firstIndex(of: 0), (1...79).contains(zero - data.startIndex), zero + 1 < data.endIndex,
            data[zero + 1] == 0
        else {
            warnings.append(.ignoredColorProfile(format: .png, reason: "the iCCP chunk has no name of 1 to 79 bytes or an unknown compression method"))
            return nil
        }
        do {
            // Most profiles are a few kilobytes: room for 256 KiB first, the ceiling only if needed.
            let compressed = Array(data[(zero + 2)...])
            let inflated: [UInt8]
            if let small = try? Inflate.zlib(compressed, limit: 256 << 10) { inflated = small } else {
                inflated = try Inflate.zlib(compressed, limit: largestProfile)
            }
            return profile(Data(inflated), format: .png, warnings: &warnings)
        } catch {
            warnings.append(.ignoredColorProfile(format: .png, reason: "the iCCP chunk's profile: \(error)"))
            return nil
        }
    }

    /// PNG's colour chunks, in the order the PNG specification ranks them: `iCCP`, then `sRGB`,
    /// then `gAMA` and `cHRM`.
    struct PNGChunks {
        var iccp: ArraySlice<UInt8>?
        var sRGB: ArraySlice<UInt8>?
        var gamma: ArraySlice<UInt8>?
        var chromaticities: ArraySlice<UInt8>?

        func profile(warnings: inout [ImagingWarning]) -> ColorProfile? {
            if let iccp, let profile = ColorProfileFiles.pngICCP(iccp, warnings: &warnings) { return profile }
            if let sRGB {
                if sRGB.count == 1, sRGB.first! <= 3 { return ColorProfile.sRGBChunk(renderingIntent: Int(sRGB.first!)) }
                warnings.append(.ignoredColorProfile(format: .png, reason: "an sRGB chunk of \(sRGB.count) bytes or an unknown rendering intent"))
            }
            func numbers(_ d: ArraySlice<UInt8>) -> [Double] {
                stride(from: d.startIndex, to: d.endIndex - 3, by: 4).map { (at: Int) -> Double in
                    let word = d[at..<(at + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
                    return Double(word) / 100_000
                }
            }
            var gammaValue: Double?
            if let gamma {
                let values = numbers(gamma)
                if gamma.count == 4, values[0] > 0 { gammaValue = values[0] } else {
                    warnings.append(.ignoredColorProfile(format: .png, reason: "a gAMA chunk of \(gamma.count) bytes or gamma 0"))
                }
            }
            var primaries: Chromaticities?
            if let chromaticities {
                let v = numbers(chromaticities)
                if chromaticities.count == 32, stride(from: 1, to: 8, by: 2).allSatisfy({ v[$0] > 0 }) {
                    primaries = Chromaticities(
                        white: SIMD2(v[0], v[1]), red: SIMD2(v[2], v[3]), green: SIMD2(v[4], v[5]), blue: SIMD2(v[6], v[7]))
                } else {
                    warnings.append(.ignoredColorProfile(format: .png, reason: "a cHRM chunk of \(chromaticities.count) bytes or a y of 0"))
                }
            }
            return ColorProfile.png(gamma: gammaValue, chromaticities: primaries)
        }
    }
}

extension ColorProfileFiles {
    /// The image an encoder writes and the profile it tags the file with: an RGB profile on a
    /// colour image (a gray image tagged with one is written in colour), a gray profile on a
    /// gray image (a colour image tagged with one is converted to sRGB), PNG's own chunks as
    /// they were. A profile whose colour space the file cannot carry (CMYK, Lab) is not written.
    /// `chunks` says whether the format has `sRGB`, `gAMA` and `cHRM` (PNG); without them (JPEG)
    /// a gamma profile is converted to sRGB.
    static func prepared(_ image: PixelBuffer, chunks: Bool) -> (image: PixelBuffer, profile: ColorProfile?) {
        guard let profile = image.colorProfile else { return (image, nil) }
        switch (profile.origin, profile.colorSpace) {
        case (.gammaAndChromaticities, _):
            // PNG writes the chunks as they were, on gray or colour; JPEG converts first.
            guard !chunks else { return (image, profile) }
            return (try? image.convertedToSRGB()).map { ($0, nil) } ?? (image, nil)
        case (.sRGB, _):
            return (image, chunks ? profile : nil)
        case (_, .rgb):
            return (image.format == .gray8 ? image.asStraightRGBA().tagged(profile) : image, profile)
        case (_, .gray):
            if image.format == .gray8 { return (image, profile) }
            return (try? image.convertedToSRGB()).map { ($0, chunks ? ColorProfile.sRGB : nil) } ?? (image, nil)
        default:
            return (image, nil)
        }
    }

    /// PNG chunks for `profile`: `iCCP`, `sRGB`, or `gAMA` and `cHRM`.
    static func pngChunks(_ profile: ColorProfile) -> [(type: String, data: [UInt8])] {
        func word(_ v: Double) -> [UInt8] {
            // A value that is not finite (a profile an app made) is written as 0, never trapped on.
            let scaled = v * 100_000
            let n = scaled.isFinite ? UInt32(clamping: Int(min(max(scaled, 0), 4e9).rounded())) : 0
            return [UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)]
        }
        switch profile.origin {
        case .icc:
            guard let data = profile.iccData else { return [] }
            return [("iCCP", Array("ICC profile".utf8) + [0, 0] + Deflate.zlib([UInt8](data)))]
        case let .sRGB(intent):
            return [("sRGB", [UInt8(clamping: intent)])]
        case let .gammaAndChromaticities(gamma, chromaticities):
            var chunks: [(type: String, data: [UInt8])] = []
            if let c = chromaticities {
                chunks.append(("cHRM", [c.white, c.red, c.green, c.blue].flatMap { word($0.x) + word($0.y) }))
            }
            if let gamma { chunks.append(("gAMA", word(gamma))) }
            return chunks
        }
    }

    /// JPEG APP2 segment bodies for an ICC profile: at most 255 of 65,519 bytes; a larger
    /// profile (over 16 MB) is not written.
    static func jpegSegments(_ profile: ColorProfile) -> [[UInt8]] {
        guard case .icc = profile.origin, let data = profile.iccData, !data.isEmpty else { return [] }
        let bytes = [UInt8](data)
        let count = (bytes.count + jpegChunk - 1) / jpegChunk
        guard count <= 255 else { return [] }
        return (0..<count).map { i in
            jpegMarker + [UInt8(i + 1), UInt8(count)] + bytes[(i * jpegChunk)..<min(bytes.count, (i + 1) * jpegChunk)]
        }
    }
}
