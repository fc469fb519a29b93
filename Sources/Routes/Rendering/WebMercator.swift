import Canvas
import Foundation

/// The Web Mercator projection (EPSG:3857) of slippy-map tiles, in *world units*: the whole
/// world is the unit square, x east from the antimeridian at 180° W, y south from the
/// projection's northern limit. At zoom `z` a world unit is `256 · 2^z` tile pixels.
///
/// ```swift
/// let paris = WebMercator.world(latitude: 48.8566, longitude: 2.3522) // ≈ (0.5065, 0.3442)
/// ```
public enum WebMercator {
    /// The latitude, in degrees, where the projection's square world ends: `atan(sinh(π))`.
    /// Latitudes beyond it (either way) are clamped to it.
    public static let maximumLatitude = 85.05112878

    /// The radius, in metres, of the sphere Web Mercator projects (the WGS84 semi-major axis).
    public static let sphereRadius = 6_378_137.0

    /// The pixel side of one tile at its own zoom.
    public static let tileSize = 256.0

    /// Where a position lands in world units. The latitude is clamped to
    /// ±``maximumLatitude``; the longitude is not wrapped, so 190° E lands at x ≈ 1.03 (one
    /// world to the right of 170° W), which keeps unwrapped tracks continuous.
    public static func world(latitude: Double, longitude: Double) -> Point {
        let clamped = min(max(latitude, -maximumLatitude), maximumLatitude)
        let phi = clamped * .pi / 180
        let y = (1 - log(tan(phi) + 1 / cos(phi)) / .pi) / 2
        return Point(x: (longitude + 180) / 360, y: y)
    }

    /// The latitude, in degrees, of world y `y`.
    public static func latitude(atWorldY y: Double) -> Double {
        atan(sinh(.pi * (1 - 2 * y))) * 180 / .pi
    }

    /// The longitude, in degrees, of world x `x` (not wrapped).
    public static func longitude(atWorldX x: Double) -> Double {
        x * 360 - 180
    }

    /// Ground metres per world unit at `latitude` (the projection's scale there).
    public static func metresPerWorldUnit(atLatitude latitude: Double) -> Double {
        let clamped = min(max(latitude, -maximumLatitude), maximumLatitude)
        return 2 * .pi * sphereRadius * cos(clamped * .pi / 180)
    }

    /// `longitude` moved by whole turns so that it lies within 180° of `reference`: how a
    /// track is unwrapped point by point, each relative to the one before, so that a track
    /// crossing the antimeridian stays one line.
    ///
    /// ```swift
    /// WebMercator.unwrap(-179.9, near: 179.9) // 180.1
    /// ```
    public static func unwrap(_ longitude: Double, near reference: Double) -> Double {
        let difference = longitude - reference
        guard abs(difference) > 180 else { return longitude }
        return longitude - 360 * (difference / 360).rounded()
    }
}
