import Foundation

extension GeoPoint {
    /// A point written as people and query strings write one, `LAT,LON`: two plain decimals,
    /// a latitude in -90...90 and a longitude in -180...180, with no spaces, exponents, `nan`
    /// or `inf`. Nil for anything else. `touchline route list --near` and the HTTP API's
    /// `?near=` both read their point with it.
    ///
    /// ```swift
    /// GeoPoint(coordinates: "43.263,-2.935")   // latitude 43.263, longitude -2.935
    /// GeoPoint(coordinates: ".5,+12")          // latitude 0.5, longitude 12
    /// GeoPoint(coordinates: "91,0")            // nil: no such latitude
    /// GeoPoint(coordinates: "43.2, -2.9")      // nil: a space
    /// ```
    public init?(coordinates text: String) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
              let latitude = Self.decimal(parts[0]), let longitude = Self.decimal(parts[1]),
              (-90...90).contains(latitude), (-180...180).contains(longitude) else { return nil }
        self.init(latitude: latitude, longitude: longitude)
    }

    /// `-12.5`, `43`, `.5`: digits with an optional sign and point.
    private static func decimal(_ text: Substring) -> Double? {
        let allowed = Set("0123456789.-+")
        guard !text.isEmpty, text.allSatisfy(allowed.contains), text.contains(where: \.isNumber),
              let value = Double(text), value.isFinite else { return nil }
        return value
    }
}
