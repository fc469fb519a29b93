
extension Leagues {
    /// Sets the IANA time zone the league's kick-off times are local to (owner only). Every
    /// match with a kick-off time then starts at another instant, so each one's calendar
    /// sequence is raised and subscribed calendars move them.
    ///
    /// - Throws: ``ClubError/invalid(field:message:)`` for a name Foundation does not know.
    @discardableResult
    public func setTimeZone(_ actor: ActingUser, _ reference: LeagueReference, to timeZone: String) throws -> LeagueInfo {
        let timeZone = try Validation.timeZone(timeZone)
        return try store.write { db in
            let id = try Self.resolve(db, reference, editor: actor, owner: true)
            let current = try Self.info(db, id: id)
            guard current.timeZone != timeZone else { return current }
            try db.leagues.setTimeZone(id, to: timeZone)
            try db.matches.moveKickOffs(league: id)
            return try Self.info(db, id: id)
        }
    }
}
