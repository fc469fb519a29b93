import Foundation
import Routes
import Support

/// Users' stored GPS routes. Routes are personal: only the owner lists, shows, exports or
/// deletes a route, and another user's route is "not found" (its existence is not revealed).
/// Deleting an account deletes its routes.
///
/// ```swift
/// let routes = StoredRoutes(store: store)
/// let summary = try routes.add(alice, document: result.document, name: "Sunday loop", heartRate: 142)
/// let nearby = try routes.list(alice, near: GeoPoint(latitude: 43.26, longitude: -2.93))
/// let page = try routes.list(alice, near: nil, after: nil, limit: 20)   // newest first, 20 at a time
/// let (info, document) = try routes.show(alice, summary.id)
/// ```
public struct StoredRoutes: Sendable {
    /// The largest stored document: 64 MiB of JSON.
    public static let maximumDocumentBytes = 64 << 20
    /// The largest file imported: checked before the file is read, since a reader's memory grows
    /// with the file (GeoJSON to about nine times its size), and the document it gives is about
    /// as large as the file.
    public static let maximumFileBytes = 64 << 20
    /// Average heart rates accepted, in beats per minute.
    public static let heartRateRange = 0...250
    /// The longest name, in characters.
    public static let maximumName = 100
    /// The longest category, in characters.
    public static let maximumCategory = 50
    /// The longest note, in characters.
    public static let maximumNote = 2000

    /// What one account may keep: 1,000 routes and 1 GiB of documents.
    public static let defaultQuota = StorageQuota(items: 1000, bytes: 1 << 30)

    let store: ClubStore
    let quota: StorageQuota

    public init(store: ClubStore, quota: StorageQuota = StoredRoutes.defaultQuota) {
        self.store = store
        self.quota = quota
    }

    /// The name a route imported from a file gets: the one given, else the document's own
    /// (when it has one), else `fallback` (the CLI's file name, the API's "Untitled route").
    public static func name(_ given: String?, of document: RouteDocument, otherwise fallback: String) -> String {
        given ?? document.name.flatMap { $0.isEmpty ? nil : $0 } ?? fallback
    }

    /// Stores `document` as a route owned by `actor`, named `name` (1 to 100 characters), with an
    /// optional category (50), note (2,000) and average heart rate (0 to 250), within the
    /// account's quota (the documents' bytes as stored, JSON).
    @discardableResult
    public func add(_ actor: ActingUser, document: RouteDocument, name: String, category: String? = nil, note: String? = nil,
                    heartRate: Int? = nil) throws -> RouteSummary {
        let name = try Validation.text(name, field: "name", maximum: Self.maximumName)
        let category = try Validation.optionalText(category, field: "category", maximum: Self.maximumCategory)
        let note = try Validation.optionalText(note, field: "note", maximum: Self.maximumNote)
        try Self.checkHeartRate(heartRate)
        let points = document.tracks.flatMap(\.points) + document.routes.flatMap { $0.stops.map(\.point) }
            + document.waypoints.map(\.point)
        guard let start = points.first else {
            throw ClubError.invalid(field: "document", message: "has no points")
        }
        guard abs(start.latitude) <= 90, abs(start.longitude) <= 180 else {
            throw ClubError.invalid(field: "document", message: "its first point is not a valid coordinate")
        }
        let distance = Self.distance(of: document)
        let encoded: Data
        do {
            encoded = try JSONEncoder().encode(document)
        } catch {
            throw ClubError.invalid(field: "document", message: "cannot be encoded: \(error.localizedDescription)")
        }
        guard encoded.count <= Self.maximumDocumentBytes else {
            throw ClubError.invalid(field: "document", message: "is larger than 64 MiB as JSON")
        }
        return try store.write { db in
            let held = try db.routes.held(by: actor.userID)
            try quota.check(adding: encoded.count, heldItems: held.items, heldBytes: held.bytes, kind: "routes")
            let id = try db.routes.insert(RouteStore.NewRoute(
                ownerID: actor.userID, name: name, category: category, note: note, heartRate: heartRate,
                startLatitude: start.latitude, startLongitude: start.longitude, distanceMeters: distance.isFinite ? distance : 0,
                pointCount: points.count, document: encoded, createdAt: Date()))
            return try Self.summary(db, actor: actor, id: id)
        }
    }

    /// The actor's routes: with `near`, nearest start first (ties by id), each with its
    /// `distanceFromMeters`; without, newest first (by creation time, then id).
    public func list(_ actor: ActingUser, near: GeoPoint? = nil) throws -> [RouteSummary] {
        let routes = try store.read { db in try db.routes.newest(owner: actor.userID).map(\.summary) }
        guard let near else { return routes }
        return Self.nearest(routes, to: near)
    }

    /// One page of the actor's routes, in ``list(_:near:)``'s order. `after` is the previous
    /// page's ``RoutePage/next`` (nil for the first page); `limit` is brought into
    /// 1...`PagingCursor.maximumLimit` (100).
    ///
    /// - Throws: ``ClubError/invalid(field:message:)`` for a cursor of another listing: one
    ///   near another point, or near a point when this one is not, or the other way round.
    public func list(_ actor: ActingUser, near: GeoPoint?, after cursor: RouteCursor?, limit: Int) throws -> RoutePage {
        let limit = max(1, min(limit, PagingCursor.maximumLimit))
        guard let near else {
            var after: (createdAt: String, id: Int64)?
            switch cursor?.position {
            case nil: break
            case .newest(let createdAt, let id)?: after = (createdAt, id)
            case .nearest?: throw Self.otherListing("listed near a point; give the same near")
            }
            let rows = try store.read { db in try db.routes.newest(owner: actor.userID, after: after, limit: limit + 1) }
            let items = rows.prefix(limit)
            let next = rows.count > limit ? items.last.map { RouteCursor(.newest(createdAt: $0.createdAt, id: $0.summary.id)) } : nil
            return RoutePage(items: items.map(\.summary), next: next?.text)
        }
        var after: (distance: Double, id: Int64)?
        switch cursor?.position {
        case nil: break
        case .nearest(let latitude, let longitude, let distance, let id)?:
            guard latitude.bitPattern == near.latitude.bitPattern, longitude.bitPattern == near.longitude.bitPattern else {
                throw Self.otherListing("listed near another point; give the same near")
            }
            after = (distance, id)
        case .newest?: throw Self.otherListing("listed without a point; leave near out")
        }
        let routes = try store.read { db in try db.routes.newest(owner: actor.userID).map(\.summary) }
        let following = Self.nearest(routes, to: near).drop { route in
            guard let after else { return false }
            let distance = route.distanceFromMeters ?? .infinity
            return distance < after.distance || (distance == after.distance && route.id <= after.id)
        }
        let items = Array(following.prefix(limit))
        let next = following.count > limit ? items.last.map {
            RouteCursor(.nearest(latitude: near.latitude, longitude: near.longitude,
                                 distanceMeters: $0.distanceFromMeters ?? .infinity, id: $0.id))
        } : nil
        return RoutePage(items: items, next: next?.text)
    }

    /// One of the actor's routes without its document (which ``show(_:_:)`` decodes).
    public func summary(_ actor: ActingUser, _ id: Int64) throws -> RouteSummary {
        try store.read { db in try Self.summary(db, actor: actor, id: id) }
    }

    /// One of the actor's routes with its document.
    public func show(_ actor: ActingUser, _ id: Int64) throws -> (RouteSummary, RouteDocument) {
        let (summary, data) = try store.read { db -> (RouteSummary, Data) in
            let summary = try Self.summary(db, actor: actor, id: id)
            let data = try db.routes.document(id: id) ?? Data()
            return (summary, data)
        }
        do {
            return (summary, try JSONDecoder().decode(RouteDocument.self, from: data))
        } catch {
            throw ClubError.invalid(field: "document", message: "route \(id) is stored damaged: \(error.localizedDescription)")
        }
    }

    /// Changes what the actor says about one of their routes. A nil argument keeps the field;
    /// an empty category or note clears it, and `clearHeartRate` clears the heart rate. The same
    /// limits as `add` apply.
    @discardableResult
    public func edit(_ actor: ActingUser, _ id: Int64, name: String? = nil, category: String? = nil, note: String? = nil,
                     heartRate: Int? = nil, clearHeartRate: Bool = false) throws -> RouteSummary {
        let name = try name.map { try Validation.text($0, field: "name", maximum: Self.maximumName) }
        let category = try category.map { try Validation.optionalText($0, field: "category", maximum: Self.maximumCategory) }
        let note = try note.map { try Validation.optionalText($0, field: "note", maximum: Self.maximumNote) }
        try Self.checkHeartRate(heartRate)
        return try store.write { db in
            var route = try Self.summary(db, actor: actor, id: id)
            if let name { route.name = name }
            if let category { route.category = category }
            if let note { route.note = note }
            if let heartRate { route.heartRate = heartRate } else if clearHeartRate { route.heartRate = nil }
            try db.routes.update(route, owner: actor.userID)
            return route
        }
    }

    /// One of the actor's routes as a file would hold it: its document, and its name, category,
    /// note and heart rate as metadata for `RouteWriter`.
    public func export(_ actor: ActingUser, _ id: Int64) throws -> (RouteDocument, RouteMetadata) {
        let (route, document) = try show(actor, id)
        return (document, RouteMetadata(name: route.name, category: route.category, note: route.note, heartRate: route.heartRate))
    }

    /// Deletes one of the actor's routes.
    public func delete(_ actor: ActingUser, _ id: Int64) throws {
        try store.write { db in
            guard try db.routes.delete(id: id, owner: actor.userID) else {
                throw ClubError.notFound(kind: "route", reference: String(id))
            }
        }
    }

    // MARK: - Helpers

    /// `routes` with their `distanceFromMeters` from `point`, nearest first, ties by id.
    static func nearest(_ routes: [RouteSummary], to point: GeoPoint) -> [RouteSummary] {
        routes.map { route in
            var route = route
            route.distanceFromMeters = Geodesic.distance(
                point, GeoPoint(latitude: route.startLatitude, longitude: route.startLongitude))
            return route
        }.sorted { a, b in
            let (x, y) = (a.distanceFromMeters ?? .infinity, b.distanceFromMeters ?? .infinity)
            return x != y ? x < y : a.id < b.id
        }
    }

    static func otherListing(_ message: String) -> ClubError {
        .invalid(field: "after", message: "the cursor is from routes " + message)
    }

    /// The actor's route `id`; another user's is "not found".
    static func summary(_ db: StoreTransaction, actor: ActingUser, id: Int64) throws -> RouteSummary {
        guard let summary = try db.routes.summary(id: id, owner: actor.userID) else {
            throw ClubError.notFound(kind: "route", reference: String(id))
        }
        return summary
    }

    /// The length of the document's tracks as one (their segments in order), else of its first
    /// planned route; 0 for waypoints alone.
    static func distance(of document: RouteDocument) -> Double {
        RouteStatisticsCalculator.statistics(of: document, splitMeters: 0)?.distanceMeters ?? 0
    }

    /// Refuses a file of `byteCount` bytes before it is read when it is larger than a stored
    /// route may be.
    public static func checkFileSize(_ byteCount: Int, source: String) throws {
        guard byteCount <= maximumFileBytes else {
            throw ClubError.invalid(field: source, message: "is \(byteCount >> 20) MiB; a stored route's file may be at most 64 MiB")
        }
    }

    static func checkHeartRate(_ heartRate: Int?) throws {
        if let heartRate, !heartRateRange.contains(heartRate) {
            throw ClubError.invalid(field: "heart rate", message: "\(heartRate) is not a heart rate from 0 to 250 bpm")
        }
    }
}
