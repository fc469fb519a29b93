import Canvas
import Routes

extension TreasureHuntRecord {
    /// The hunt's map as Routes draws it (``HuntMap``): the area around where it started, the
    /// collector blue, the treasure red only once found, the claim circle. What
    /// `touchline treasure show --map` writes and `GET /api/v1/collections/{id}/treasure-hunt`
    /// answers for an image.
    ///
    /// ```swift
    /// let hunt = try TreasureHunts(store: store).show(actor, "Liga 2024/25")
    /// let png = try RouteMapRenderer(document: RouteDocument(), options: hunt.mapOptions()).render(format: .png).data
    /// ```
    public func mapOptions(size: Size = Size(width: 800, height: 800)) -> RouteMapOptions {
        HuntMap.options(start: GeoPoint(latitude: start.latitude, longitude: start.longitude),
                        target: target.map { GeoPoint(latitude: $0.latitude, longitude: $0.longitude) },
                        claimRadiusMeters: claimRadiusMeters, areaRadiusMeters: areaRadiusMeters, size: size)
    }
}
