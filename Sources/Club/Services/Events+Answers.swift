import Foundation

extension Events {
    /// Answers an event the actor is invited to: going, maybe or declined. Going to a full event
    /// puts them on its waiting list, after those already on it; a going guest who answers
    /// otherwise frees their place for the first one waiting. Answering going again keeps one's
    /// place (or turn).
    ///
    /// - Throws: ``ClubError/notFound(kind:reference:)`` for an event the actor may not see;
    ///   ``ClubError/permissionDenied(_:)`` for one they see but are not invited to;
    ///   ``ClubError/invalid(field:message:)`` for `waiting` (given, not chosen), a cancelled
    ///   event or one that has ended.
    @discardableResult
    public func answer(_ actor: ActingUser, _ id: Int64, _ answer: EventAnswer) throws -> EventReply {
        guard answer != .waiting else {
            throw ClubError.invalid(field: "answer", message: "answer going, maybe or declined: the waiting list is given, not chosen")
        }
        let now = Date()
        return try store.write { db in
            let stored = try Self.stored(db, id, viewer: actor)
            guard try Self.isInvited(db, actor.userID, stored) else {
                throw ClubError.permissionDenied("you are not invited to event \(id): ask \(stored.organiser)")
            }
            guard !stored.cancelled else { throw ClubError.invalid(field: "event", message: "event \(id) is cancelled") }
            guard stored.endsAt > now else { throw ClubError.invalid(field: "event", message: "event \(id) has ended") }
            let before = try db.events.guest(actor.userID, of: id)?.answer
            var given = answer
            var turn: Int64?
            if answer == .going, before != .going {
                if before == .waiting {
                    return try Self.reply(db, stored, actor)
                }
                let counts = try db.events.counts(id)
                if let capacity = stored.capacity, counts.going >= capacity || counts.waiting > 0 {
                    given = .waiting
                    turn = try db.events.nextTurn(id)
                }
            }
            guard given != before else { return try Self.reply(db, stored, actor) }
            try db.events.setAnswer(given, turn: turn, of: actor.userID, to: id, at: now)
            if before == .going { try Self.fill(db, id, capacity: stored.capacity) }
            return try Self.reply(db, stored, actor)
        }
    }

    /// The actor's standing on event `stored`.
    private static func reply(_ db: StoreTransaction, _ stored: EventStore.Stored, _ actor: ActingUser) throws -> EventReply {
        let guest = try db.events.guest(actor.userID, of: stored.id)
        let position = try guest?.turn.map { try db.events.position(of: $0, in: stored.id) }
        return EventReply(event: stored.id, user: actor.username, answer: guest?.answer ?? .maybe, position: position,
                          counts: try db.events.counts(stored.id))
    }

    // MARK: - When invitations end

    /// After group `group`'s membership changed (a member left or was removed, or the group is
    /// about to go: then pass its events before deleting it), drops the answers of those no
    /// longer invited to its events and gives their places to the waiting.
    static func membershipChanged(_ db: StoreTransaction, events: [Int64]) throws {
        for id in events {
            guard let stored = try db.events.find(id) else { continue }
            try db.events.dropUninvited(id, organiser: stored.organiserID)
            try fill(db, id, capacity: stored.capacity)
        }
    }

    /// After `blocker` blocked `blocked`: `blocked` leaves `blocker`'s events.
    static func blocked(_ db: StoreTransaction, _ blocked: Int64, by blocker: Int64) throws {
        try membershipChanged(db, events: try db.events.events(of: blocker, withGuest: blocked))
    }

    /// Before `user`'s account goes: their answers go, and their places to the waiting.
    static func withdraw(_ db: StoreTransaction, user: Int64) throws {
        for id in try db.events.withdraw(user) {
            guard let stored = try db.events.find(id) else { continue }
            try fill(db, id, capacity: stored.capacity)
        }
    }
}
