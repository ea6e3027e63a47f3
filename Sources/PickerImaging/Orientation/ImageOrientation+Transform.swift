/// A change a person makes to how an image is shown: a quarter turn or a mirror flip of what
/// they see.
public enum DisplayTransform: String, CaseIterable, Sendable, Codable {
    /// A quarter turn clockwise.
    case turnRight
    /// A quarter turn counter-clockwise.
    case turnLeft
    /// A mirror flip left to right.
    case flipHorizontal
    /// A mirror flip top to bottom.
    case flipVertical

    /// Where the display pixel at `x`, `y` of an image shown `size` goes.
    func point(x: Int, y: Int, size: PixelSize) -> (x: Int, y: Int) {
        switch self {
        case .turnRight: (size.height &- 1 &- y, x)
        case .turnLeft: (y, size.width &- 1 &- x)
        case .flipHorizontal: (size.width &- 1 &- x, y)
        case .flipVertical: (x, size.height &- 1 &- y)
        }
    }

    /// Where the display rectangle `rect` of an image shown `size` goes. Rectangles outside the
    /// image map by the same formulas, wrapping near `Int`'s limits: never a trap.
    ///
    /// ```swift
    /// DisplayTransform.turnRight.rect(PixelRect(x: 0, y: 0, width: 2, height: 1), size: PixelSize(width: 4, height: 3))
    /// // (2,0,1,2): the top-left of a 4×3 image ends at the top-right of the 3×4 one
    /// ```
    public func rect(_ rect: PixelRect, size: PixelSize) -> PixelRect {
        switch self {
        case .turnRight: PixelRect(x: size.height &- rect.y &- rect.height, y: rect.x, width: rect.height, height: rect.width)
        case .turnLeft: PixelRect(x: rect.y, y: size.width &- rect.x &- rect.width, width: rect.height, height: rect.width)
        case .flipHorizontal: PixelRect(x: size.width &- rect.x &- rect.width, y: rect.y, width: rect.width, height: rect.height)
        case .flipVertical: PixelRect(x: rect.x, y: size.height &- rect.y &- rect.height, width: rect.width, height: rect.height)
        }
    }

    /// The size an image shown `size` is shown after this transform.
    public func size(_ size: PixelSize) -> PixelSize {
        switch self {
        case .turnRight, .turnLeft: PixelSize(width: size.height, height: size.width)
        case .flipHorizontal, .flipVertical: size
        }
    }
}

extension ImageOrientation {
    /// The orientation that shows the same stored pixels as this one, then `transform`ed: a
    /// turn or flip of the display is a change of orientation, so crops and renders stay exact
    /// with no pixel moved until output.
    ///
    /// ```swift
    /// ImageOrientation.up.applying(.turnRight)            // .right (6)
    /// ImageOrientation.right.applying(.flipHorizontal)    // .leftMirrored (5)
    /// ```
    public func applying(_ transform: DisplayTransform) -> ImageOrientation {
        Self.transformed[Int(rawValue - 1)][DisplayTransform.allCases.firstIndex(of: transform)!]
    }

    /// This orientation with a person's edit applied: mirrored left to right when `mirrored`,
    /// then turned `quarterTurns` quarter turns clockwise (any count: whole turns change
    /// nothing, negative ones turn counter-clockwise).
    package func edited(mirrored: Bool, quarterTurns: Int) -> ImageOrientation {
        var shown = mirrored ? applying(.flipHorizontal) : self
        for _ in 0..<((quarterTurns % 4 + 4) % 4) { shown = shown.applying(.turnRight) }
        return shown
    }

    /// For each orientation and transform, the orientation whose display of any stored pixels
    /// equals the first's display transformed: found once by comparing where the pixels of a
    /// 2×3 image go, which no two of the eight orientations place alike.
    private static let transformed: [[ImageOrientation]] = allCases.map { orientation in
        DisplayTransform.allCases.map { transform in
            let raw = PixelSize(width: 2, height: 3)
            let shown = orientation.displaySize(forRaw: raw)
            return allCases.first { candidate in
                (0..<raw.height).allSatisfy { y in
                    (0..<raw.width).allSatisfy { x in
                        let before = orientation.displayPoint(forRawX: x, y: y, rawSize: raw)
                        let moved = transform.point(x: before.x, y: before.y, size: shown)
                        let after = candidate.displayPoint(forRawX: x, y: y, rawSize: raw)
                        return moved.x == after.x && moved.y == after.y
                    }
                }
            }!
        }
    }
}
