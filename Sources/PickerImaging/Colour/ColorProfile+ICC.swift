import Foundation

extension ColorProfile {
    /// The most tags a profile may list: LittleCMS's own ceiling, far above the dozen a real
    /// profile has.
    public static let maximumTagCount = 100

    /// Reads an ICC profile (versions 2 and 4).
    ///
    /// Every tag the table lists must lie inside the profile; the tags PickerImaging converts
    /// with (`rXYZ`, `gXYZ`, `bXYZ`, `rTRC`, `gTRC`, `bTRC`, `kTRC`) must be of their types and
    /// sizes. A profile that is sound but cannot be converted (a `A2B` lookup table, which
    /// colour managers prefer to the matrix, a CMYK or Lab space, a device link) is read, with
    /// ``conversionProblem`` saying why.
    ///
    /// ```swift
    /// let p3 = try ColorProfile(iccData: Data(contentsOf: profileURL))
    /// p3.name        // "Display P3"
    /// p3.model       // .rgb(curves: […], matrix: […])
    /// ```
    ///
    /// - Throws: ``ImagingError/invalidColorProfile(reason:)`` for a profile shorter than its
    ///   header and tag table, a size field larger than the data, no `acsp` signature, more than
    ///   ``maximumTagCount`` tags, a tag outside the profile, or a colour tag of the wrong type or size.
    public init(iccData data: Data) throws(ImagingError) {
        let reader = ICCReader(bytes: [UInt8](data))
        let tags = try reader.tagTable()
        let space: ColorSpace = switch reader.signature(16) {
        case "RGB ": .rgb
        case "GRAY": .gray
        case "CMYK": .cmyk
        case let other: .other(other)
        }
        let conversion = try reader.conversion(space: space, tags: tags)
        self.init(
            origin: .icc, iccData: data, name: tags["desc"].flatMap { reader.text($0) }, colorSpace: space,
            model: conversion.model, conversionProblem: conversion.problem)
    }
}

extension ICCReader {
    /// Checks the header and the tag table, and gives where each tag's data lies (the first
    /// entry of a signature listed twice).
    func tagTable() throws(ImagingError) -> [String: Range<Int>] {
        guard bytes.count >= 132 else { throw .invalidColorProfile(reason: "\(bytes.count) bytes is shorter than the 132-byte header and tag count") }
        let declared = u32(0)
        guard declared <= bytes.count else {
            throw .invalidColorProfile(reason: "the header declares \(declared) bytes; the profile has \(bytes.count)")
        }
        guard signature(36) == "acsp" else { throw .invalidColorProfile(reason: "no 'acsp' signature at byte 36") }
        let size = max(132, declared)
        let count = u32(128)
        guard count <= ColorProfile.maximumTagCount else {
            throw .invalidColorProfile(reason: "\(count) tags; a profile may have at most \(ColorProfile.maximumTagCount)")
        }
        guard 132 + count * 12 <= size else { throw .invalidColorProfile(reason: "the table of \(count) tags runs past the profile's end") }
        var tags: [String: Range<Int>] = [:]
        for i in 0..<count {
            let entry = 132 + i * 12
            let signature = signature(entry), offset = u32(entry + 4), length = u32(entry + 8)
            guard offset <= size, length <= size - offset else {
                throw .invalidColorProfile(reason: "tag '\(signature)' at \(offset), \(length) bytes, lies outside the \(size)-byte profile")
            }
            if tags[signature] == nil { tags[signature] = offset..<(offset + length) }
        }
        return tags
    }

    /// How pixels in the profile's space convert (a matrix-and-curves RGB profile, or a gray
    /// curve), or why they cannot; throws for a colour tag of the wrong type or size.
    func conversion(space: ColorProfile.ColorSpace, tags: [String: Range<Int>]) throws(ImagingError)
        -> (model: ColorModel?, problem: String?)
    {
        let deviceClass = signature(12), connection = signature(20)
        if let lut = ["A2B0", "A2B1", "A2B2"].first(where: { tags[$0] != nil }) { return (nil, "a lookup-table profile ('\(lut)')") }
        guard ["mntr", "scnr", "spac"].contains(deviceClass) else {
            return (nil, "a '\(deviceClass)' profile (only input, display and colour-space profiles convert)")
        }
        guard connection == "XYZ " else {
            return (nil, "a '\(connection.trimmingCharacters(in: .whitespaces))' connection space without a lookup table")
        }
        switch space {
        case .rgb:
            let names = ["rXYZ", "gXYZ", "bXYZ", "rTRC", "gTRC", "bTRC"]
            if let missing = names.first(where: { tags[$0] == nil }) { return (nil, "an RGB profile without '\(missing)'") }
            var colorants: [SIMD3<Double>] = [], curves: [ToneCurve] = []
            for name in names.prefix(3) { colorants.append(try xyz(tags[name]!, tag: name)) }
            for name in names.suffix(3) { curves.append(try curve(tags[name]!, tag: name)) }
            let matrix = Matrix3(columns: colorants[0], colorants[1], colorants[2])
            if matrix.determinant.magnitude < 1e-9 { return (nil, "colorants that span no colour space") }
            return (.rgb(curves: curves, matrix: matrix.rowMajor), nil)
        case .gray:
            guard let range = tags["kTRC"] else { return (nil, "a gray profile without 'kTRC'") }
            return (.gray(try curve(range, tag: "kTRC")), nil)
        default:
            return (nil, "a \(space) profile")
        }
    }
}

/// Big-endian reads of an ICC profile's fields, bounds checked.
private struct ICCReader {
    let bytes: [UInt8]

    func u32(_ at: Int) -> Int {
        guard at >= 0, at + 4 <= bytes.count else { return 0 }
        return Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
    }

    func u16(_ at: Int) -> Int {
        guard at >= 0, at + 2 <= bytes.count else { return 0 }
        return Int(bytes[at]) << 8 | Int(bytes[at + 1])
    }

    /// A signed 15.16 fixed-point number.
    func s15Fixed16(_ at: Int) -> Double { Double(Int32(truncatingIfNeeded: u32(at))) / 65536 }

    func signature(_ at: Int) -> String {
        guard at >= 0, at + 4 <= bytes.count else { return "" }
        return String(decoding: bytes[at..<(at + 4)].map { (32...126).contains($0) ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
    }

    /// An `XYZType` tag's first value.
    func xyz(_ range: Range<Int>, tag: String) throws(ImagingError) -> SIMD3<Double> {
        guard range.count >= 20, signature(range.lowerBound) == "XYZ " else {
            throw .invalidColorProfile(reason: "tag '\(tag)' is not an XYZ value")
        }
        let at = range.lowerBound + 8
        return SIMD3(s15Fixed16(at), s15Fixed16(at + 4), s15Fixed16(at + 8))
    }

    /// A `curveType` or `parametricCurveType` tag.
    func curve(_ range: Range<Int>, tag: String) throws(ImagingError) -> ToneCurve {
        let at = range.lowerBound
        switch signature(at) {
        case "curv" where range.count >= 12:
            let count = u32(at + 8)
            guard count <= (range.count - 12) / 2 else {
                throw .invalidColorProfile(reason: "tag '\(tag)' lists \(count) curve entries in \(range.count) bytes")
            }
            switch count {
            case 0: return .gamma(1)
            case 1: return .gamma(Double(u16(at + 12)) / 256)
            default: return .sampled((0..<count).map { UInt16(u16(at + 12 + 2 * $0)) })
            }
        case "para" where range.count >= 12:
            let type = u16(at + 8)
            let counts = [1, 3, 4, 5, 7]
            guard type < counts.count else { throw .invalidColorProfile(reason: "tag '\(tag)' has parametric curve type \(type) (0...4)") }
            guard range.count >= 12 + 4 * counts[type] else {
                throw .invalidColorProfile(reason: "tag '\(tag)' is too short for its \(counts[type]) curve parameters")
            }
            let parameters = (0..<counts[type]).map { s15Fixed16(at + 12 + 4 * $0) }
            return type == 0 ? .gamma(parameters[0]) : .parametric(type: type, parameters: parameters)
        default:
            throw .invalidColorProfile(reason: "tag '\(tag)' is not a curve")
        }
    }

    /// A `desc` tag's text: version 2's ASCII `textDescriptionType`, version 4's
    /// `multiLocalizedUnicodeType` (English when it has it), or plain `textType`.
    func text(_ range: Range<Int>) -> String? {
        let at = range.lowerBound
        func clean(_ s: String) -> String? {
            let t = s.trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: "\0")))
            return t.isEmpty ? nil : t
        }
        switch signature(at) {
        case "desc":
            let count = u32(at + 8)
            guard count <= range.count - 12 else { return nil }
            return clean(String(decoding: bytes[(at + 12)..<(at + 12 + count)], as: UTF8.self))
        case "text" where range.count >= 8:
            return clean(String(decoding: bytes[(at + 8)..<range.upperBound], as: UTF8.self))
        case "mluc":
            let records = u32(at + 8), recordSize = u32(at + 12)
            guard recordSize >= 12, records > 0, records <= (range.count - 16) / recordSize else { return nil }
            let chosen = (0..<records).first { signature(at + 16 + $0 * recordSize) == "enUS" } ?? 0
            let record = at + 16 + chosen * recordSize
            let length = u32(record + 4), offset = u32(record + 8)
            guard offset <= range.count, length <= range.count - offset else { return nil }
            let units = stride(from: at + offset, to: at + offset + length - 1, by: 2).map { UInt16(u16($0)) }
            return clean(String(decoding: units, as: UTF16.self))
        default:
            return nil
        }
    }
}
