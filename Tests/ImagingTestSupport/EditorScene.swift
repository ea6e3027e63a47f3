/// The scene of the edit screen's snapshot tests, headless and on the Apple surface: 240×180,
/// sky over grass, a red square top left, a blue disc right, a yellow bar along the bottom, so
/// a turn or a mirror shows at once.
public enum EditorScene {
    /// Its size, in pixels.
    public static let width = 240, height = 180

    /// Its pixels, RGBA, opaque, row by row.
    public static func rgba() -> [UInt8] {
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                var p: (UInt8, UInt8, UInt8) = y < 110 ? (UInt8(90 + y), UInt8(150 + y / 2), 235) : (60, UInt8(170 - (y - 110)), 50)
                if (20..<70).contains(x) && (20..<70).contains(y) { p = (220, 40, 40) }
                let dx = x - 180, dy = y - 80
                if dx * dx + dy * dy < 35 * 35 { p = (40, 60, 220) }
                if y >= 165 && x < 200 { p = (250, 210, 40) }
                let i = (y * width + x) * 4
                bytes[i] = p.0
                bytes[i + 1] = p.1
                bytes[i + 2] = p.2
            }
        }
        return bytes
    }
}
