import Foundation

/// Apple: `struct CGAffineTransform` (Core Graphics): `x′ = a·x + c·y + tx`, `y′ = b·x + d·y + ty`.
public struct CGAffineTransform: Equatable, Sendable {
    /// Apple: `var a: CGFloat`.
    public var a: CGFloat
    /// Apple: `var b: CGFloat`.
    public var b: CGFloat
    /// Apple: `var c: CGFloat`.
    public var c: CGFloat
    /// Apple: `var d: CGFloat`.
    public var d: CGFloat
    /// Apple: `var tx: CGFloat`.
    public var tx: CGFloat
    /// Apple: `var ty: CGFloat`.
    public var ty: CGFloat

    /// Apple: `init()`: all zero.
    public init() {
        self.init(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0)
    }

    /// Apple: `init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat)`.
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    /// Apple: `static var identity: CGAffineTransform { get }`.
    public static var identity: CGAffineTransform { CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0) }
}

/// Apple: `class CGPath`: an immutable path. The surface keeps its elements, in order, for
/// tests to read.
open class CGPath: @unchecked Sendable {
    /// One element as it was added, with the transform it was added with.
    @_spi(Surface) public enum SurfaceElement: Equatable, Sendable {
        case move(CGPoint)
        case line(CGPoint)
        case rect(CGRect)
        case ellipse(CGRect)
    }

    @_spi(Surface) public internal(set) var surfaceElements: [(element: SurfaceElement, transform: CGAffineTransform)] = []

    init() {}
}

/// Apple: `class CGMutablePath : CGPath`.
public final class CGMutablePath: CGPath, @unchecked Sendable {
    /// Apple: `init()`.
    public override init() {
        super.init()
    }

    /// Apple: `func move(to point: CGPoint, transform: CGAffineTransform = .identity)`.
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        surfaceElements.append((.move(point), transform))
    }

    /// Apple: `func addLine(to point: CGPoint, transform: CGAffineTransform = .identity)`.
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        surfaceElements.append((.line(point), transform))
    }

    /// Apple: `func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity)`.
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        surfaceElements.append((.rect(rect), transform))
    }

    /// Apple: `func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity)`.
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        surfaceElements.append((.ellipse(rect), transform))
    }
}

/// Apple: `class CGColor`. The surface keeps its components: red, green, blue and alpha (sRGB),
/// or white and alpha (gray).
public final class CGColor: @unchecked Sendable {
    private let values: [CGFloat]

    @_spi(Surface) public init(surfaceRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        values = [red, green, blue, alpha]
    }

    /// A colour of these components, the last of them alpha.
    @_spi(Surface) public init(surfaceComponents components: [CGFloat]) {
        values = components
    }

    /// Apple: `var components: [CGFloat]? { get }`: the colour's, then alpha.
    public var components: [CGFloat]? { values }
    /// Apple: `var alpha: CGFloat { get }`.
    public var alpha: CGFloat { values.last ?? 1 }
}
