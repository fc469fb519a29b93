import League

extension Leagues {
    /// The most zones a league may have.
    public static let maximumZones = 20
    /// The lowest table position a zone may reach.
    public static let maximumZonePosition = 1000

    /// The league's zones, in the order they were set.
    public func zones(_ reference: LeagueReference) throws -> [LeagueZone] {
        try store.read { db in try db.leagues.zones(league: try Self.resolve(db, reference, as: viewer)) }
    }

    /// Replaces the league's zones (owner and editors); an empty list removes them.
    public func setZones(_ actor: ActingUser, _ reference: LeagueReference, _ zones: [LeagueZone]) throws {
        let zones = try Self.validated(zones)
        try store.write { db in
            let id = try Self.resolve(db, reference, editor: actor)
            try db.leagues.setZones(league: id, zones)
        }
    }

    /// Trimmed names and marks, positions in range, at most ``maximumZones``.
    static func validated(_ zones: [LeagueZone]) throws -> [LeagueZone] {
        guard zones.count <= maximumZones else {
            throw ClubError.invalid(field: "zones", message: "\(zones.count) zones; a league may have at most \(maximumZones)")
        }
        return try zones.enumerated().map { index, zone in
            let field = "zone \(index + 1)"
            guard zone.positions.lowerBound >= 1, zone.positions.upperBound <= maximumZonePosition else {
                throw ClubError.invalid(field: field, message: "positions \(zone.positions.lowerBound)-\(zone.positions.upperBound) "
                                            + "must lie within 1-\(maximumZonePosition)")
            }
            var zone = zone
            zone.name = try Validation.text(zone.name, field: "\(field) name", maximum: LeagueZone.maximumNameLength)
            zone.mark = try Validation.text(zone.mark, field: "\(field) mark", maximum: LeagueZone.maximumMarkLength)
            return zone
        }
    }
}
