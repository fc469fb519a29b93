import Canvas

/// Google's encoded polyline format ("Encoded Polyline Algorithm Format"), as used by the Google
/// Maps, Strava and (at precision 6) OSRM and Valhalla APIs.
public enum EncodedPolyline {
    /// The precisions accepted: decimal digits kept per coordinate.
    public static let encodingPrecisions = 1...10

    /// Decodes an encoded polyline into points (latitude and longitude only).
    ///
    /// ```swift
    /// let points = try Polyline.decode("_p~iF~ps|U_ulLnnqC_mqNvxq`@")
    /// // (38.5, -120.2), (40.7, -120.95), (43.252, -126.453)
    /// ```
    ///
    /// - Parameters:
    ///   - encoded: The encoded string: printable ASCII 63...126.
    ///   - precision: Decimal digits per coordinate: 5 for Google and Strava, 6 for OSRM and
    ///     Valhalla.
    /// - Throws: `RouteReadError` (source "polyline", line 1, column of the offending character)
    ///   for a character outside 63...126, a value cut off at the end, a latitude without its
    ///   longitude, a decoded coordinate out of range, more than `RouteReader.maximumPointCount`
    ///   points, or a precision outside `encodingPrecisions`.
    public static func decode(_ encoded: String, precision: Int = 5) throws(RouteReadError) -> [GeoPoint] {
        let factor = try scale(for: precision)
        var text = encoded
        let result = text.withUTF8 { bytes in
            Result { () throws(RouteReadError) -> [GeoPoint] in try decode(bytes, factor: factor) }
        }
        return try result.get()
    }

    /// Encodes points (latitude and longitude; elevation and time are not part of the format).
    ///
    /// ```swift
    /// let text = try Polyline.encode([GeoPoint(latitude: 38.5, longitude: -120.2)])   // "_p~iF~ps|U"
    /// ```
    ///
    /// Coordinates are rounded half away from zero to `precision` digits, and each point is
    /// written as the difference from the previous rounded point, so rounding never drifts.
    ///
    /// - Throws: `RouteReadError` for a NaN, infinite or out-of-range coordinate (the message
    ///   names the point's index), or a precision outside `encodingPrecisions`.
    public static func encode(_ points: [GeoPoint], precision: Int = 5) throws(RouteReadError) -> String {
        let factor = try scale(for: precision)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(points.count * 8)
        var previousLatitude = 0, previousLongitude = 0
        for (index, point) in points.enumerated() {
            guard point.latitude.isFinite, point.longitude.isFinite, abs(point.latitude) <= 90, abs(point.longitude) <= 180 else {
                throw RouteReadError(source: "polyline", message: "point \(index) has an invalid coordinate (\(point.latitude), \(point.longitude))", kind: .invalidData)
            }
            let latitude = Int((point.latitude * factor).rounded())
            let longitude = Int((point.longitude * factor).rounded())
            append(latitude - previousLatitude, to: &bytes)
            append(longitude - previousLongitude, to: &bytes)
            previousLatitude = latitude
            previousLongitude = longitude
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: Implementation

    private static func scale(for precision: Int) throws(RouteReadError) -> Double {
        guard encodingPrecisions.contains(precision) else {
            throw RouteReadError(source: "polyline", message: "precision \(precision) is outside \(encodingPrecisions.lowerBound)...\(encodingPrecisions.upperBound)", kind: .invalidData)
        }
        var factor = 1.0
        for _ in 0..<precision { factor *= 10 }
        return factor
    }

    private static func append(_ value: Int, to bytes: inout [UInt8]) {
        var rest = value < 0 ? ~(value << 1) : value << 1
        while rest >= 0x20 {
            bytes.append(UInt8(0x20 | (rest & 0x1F)) + 63)
            rest >>= 5
        }
        bytes.append(UInt8(rest) + 63)
    }

    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, factor: Double) throws(RouteReadError) -> [GeoPoint] {
        func failure(_ message: String, at index: Int) -> RouteReadError {
            RouteReadError(source: "polyline", line: 1, column: index + 1, message: message, kind: .malformed)
        }
        var points: [GeoPoint] = []
        var latitude = 0, longitude = 0
        var index = 0
        var valueStart = 0
        while index < bytes.count {
            let pointStart = index
            // One point: a latitude delta, then a longitude delta.
            var deltas = (0, 0)
            for component in 0..<2 {
                valueStart = index
                var result = 0, shift = 0
                while true {
                    guard index < bytes.count else {
                        throw failure(component == 0 || index > valueStart
                                      ? "truncated polyline: the value starting here is cut off"
                                      : "truncated polyline: a latitude without its longitude", at: valueStart)
                    }
                    let byte = bytes[index]
                    guard byte >= 63 && byte <= 126 else {
                        throw failure("character \(Self.describe(byte)) is not part of an encoded polyline (printable ASCII 63...126)", at: index)
                    }
                    let chunk = Int(byte) - 63
                    index += 1
                    // 64-bit values need at most 13 five-bit chunks; more is not a polyline.
                    guard shift <= 60 else { throw failure("a value longer than 13 characters is not a coordinate", at: valueStart) }
                    result |= (chunk & 0x1F) << shift
                    shift += 5
                    if chunk < 0x20 { break }
                }
                let delta = result & 1 != 0 ? ~(result >> 1) : result >> 1
                if component == 0 { deltas.0 = delta } else { deltas.1 = delta }
            }
            latitude = latitude &+ deltas.0
            longitude = longitude &+ deltas.1
            let point = GeoPoint(latitude: Double(latitude) / factor, longitude: Double(longitude) / factor)
            guard abs(point.latitude) <= 90, abs(point.longitude) <= 180 else {
                throw RouteReadError(source: "polyline", line: 1, column: pointStart + 1,
                                     message: "point \(points.count) decodes to (\(point.latitude), \(point.longitude)), outside -90...90, -180...180 (wrong precision?)",
                                     kind: .invalidData)
            }
            guard points.count < RouteReader.maximumPointCount else {
                throw RouteReadError(source: "polyline", line: 1, column: pointStart + 1,
                                     message: "more than \(DocumentBuilder.grouped(RouteReader.maximumPointCount)) points; the readers stop there",
                                     kind: .limitExceeded)
            }
            points.append(point)
        }
        return points
    }

    private static func describe(_ byte: UInt8) -> String {
        (32...126).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "0x\(String(byte, radix: 16, uppercase: true))"
    }
}
