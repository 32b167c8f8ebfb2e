/// A 2D vector or point in points (Double precision).
public typealias Vec2 = SIMD2<Double>
/// A 3D vector or point in points (Double precision). +x right, +y down, +z toward the viewer.
public typealias Vec3 = SIMD3<Double>
/// A homogeneous 4D vector.
public typealias Vec4 = SIMD4<Double>

extension SIMD3 where Scalar == Double {
    /// The dot product.
    @inlinable public func dot(_ other: Vec3) -> Double { (self * other).sum() }

    /// The cross product `self × other` (right-handed).
    @inlinable public func cross(_ o: Vec3) -> Vec3 {
        Vec3(y * o.z - z * o.y, z * o.x - x * o.z, x * o.y - y * o.x)
    }

    /// The Euclidean length.
    @inlinable public var length: Double { dot(self).squareRoot() }

    /// This vector scaled to length 1 (or zero when it is zero).
    @inlinable public var normalized: Vec3 {
        let l = length
        return l > 0 ? self / l : .zero
    }
}

extension SIMD2 where Scalar == Double {
    /// The Euclidean length.
    @inlinable public var length: Double { ((self * self).sum()).squareRoot() }
}

/// A width and height in points.
public struct Size: Hashable, Sendable, Codable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    @inlinable public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)

    /// Both dimensions as a vector `(width, height)`.
    @inlinable public var vector: Vec2 { Vec2(width, height) }

    /// True when either dimension is not positive.
    @inlinable public var isEmpty: Bool { !(width > 0 && height > 0) }

    /// True when both dimensions are finite numbers.
    @inlinable public var isFinite: Bool { width.isFinite && height.isFinite }

    public var description: String { "\(width)x\(height)" }
}

/// An axis-aligned rectangle in points: origin at its top-left corner (+y down).
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Vec2
    public var size: Size

    @inlinable public init(origin: Vec2, size: Size) {
        self.origin = origin
        self.size = size
    }

    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Vec2(x, y), size: Size(width: width, height: height))
    }

    @inlinable public var minX: Double { origin.x }
    @inlinable public var minY: Double { origin.y }
    @inlinable public var maxX: Double { origin.x + size.width }
    @inlinable public var maxY: Double { origin.y + size.height }
    @inlinable public var center: Vec2 { origin + size.vector / 2 }

    /// True when the two rectangles overlap with positive area.
    @inlinable public func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// True when `point` lies inside or on the edge.
    @inlinable public func contains(_ point: Vec2) -> Bool {
        point.x >= minX && point.x <= maxX && point.y >= minY && point.y <= maxY
    }

    public var description: String { "(\(minX), \(minY), \(size.width), \(size.height))" }
}
