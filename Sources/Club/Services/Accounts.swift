import Foundation
import Support

/// Registration, passwords, sessions and profiles.
///
/// ```swift
/// let accounts = Accounts(store: store)
/// try accounts.register(username: "alice", displayName: "Alice", email: "alice@example.org", password: secret)
/// let alice = try accounts.authenticate(username: "alice", password: secret)
/// ```
public struct Accounts: Sendable {
    let store: ClubStore
    let hasher: PasswordHasher

    /// - Parameter hasher: the password hashing settings; the default is OWASP's scrypt.
    public init(store: ClubStore, hasher: PasswordHasher = PasswordHasher()) {
        self.store = store
        self.hasher = hasher
    }

    /// Creates an account; without a display name, the username is shown.
    ///
    /// - Throws: ``ClubError/invalid(field:message:)`` for a bad username, email, display name
    ///   or short password, and for an email already in use, which is refused without saying
    ///   why (``emailRefused``: usernames are public, email addresses are not);
    ///   ``ClubError/duplicate(field:value:)`` for a username already taken (ignoring case).
    @discardableResult
    public func register(username: String, displayName: String? = nil, email: String, password: String) throws -> Account {
        // Everything that can refuse the account is checked before the password is hashed.
        let (username, displayName, email) = try checkRegistration(username: username, displayName: displayName, email: email,
                                                                   password: password)
        let hash = try hasher.hash(password)
        let now = Date()
        return try store.write { db in
            // Again in the transaction: another registration may have taken them meanwhile.
            try Self.checkFree(db, username: username, email: email)
            let id = try db.users.insert(username: username, displayName: displayName, email: email,
                                         searchKey: Self.searchKey(username, displayName), passwordHash: hash, createdAt: now)
            return Account(id: id, username: username, displayName: displayName, email: email,
                           createdAt: now)
        }
    }

    /// Refuses, without hashing anything, what ``register(username:displayName:email:password:)``
    /// would refuse: a bad username, display name or email, a password too short or too long, a
    /// username taken or an email in use. `register` checks all this before it hashes; a caller
    /// that hashes passwords through a bounded gate (the server) calls this first, so that such a
    /// refusal never waits for the gate. Returns the username, display name and email as stored.
    ///
    /// - Throws: as `register` does.
    @discardableResult
    public func checkRegistration(username: String, displayName: String? = nil, email: String,
                                  password: String) throws -> (username: String, displayName: String, email: String) {
        let username = try Validation.username(username)
        let displayName = try Validation.text(displayName ?? username, field: "display name", maximum: 100)
        let email = try Validation.email(email)
        try PasswordHasher.check(password)
        try store.read { db in try Self.checkFree(db, username: username, email: email) }
        return (username, displayName, email)
    }

    /// Refuses a username taken (ignoring case) or an email in use (without saying so).
    private static func checkFree(_ db: StoreTransaction, username: String, email: String) throws {
        if try db.users.isUsernameTaken(username) {
            throw ClubError.duplicate(field: "username", value: username)
        }
        if try db.users.isEmailInUse(email) {
            throw emailRefused
        }
    }

    /// Checks a password and returns the user to act for. `username` may also be the account's
    /// email address (usernames never contain `@`), both ignoring case.
    ///
    /// - Throws: ``ClubError/invalidCredentials(_:)`` for an unknown user or a wrong password
    ///   alike (the same message and about the same time, so neither gives the other away).
    public func authenticate(username: String, password: String) throws -> ActingUser {
        let found = try store.read { db in try db.users.credentials(username, byEmail: username.contains("@")) }
        guard let found else {
            _ = hasher.verify(password, against: decoyHash)
            throw ClubError.invalidCredentials("wrong username or password")
        }
        guard hasher.verify(password, against: found.passwordHash) else {
            throw ClubError.invalidCredentials("wrong username or password")
        }
        return ActingUser(userID: found.user.id, username: found.user.username)
    }

    /// Opens a session for `actor`: the returned token is the only copy; the database keeps
    /// its SHA-256.
    public func startSession(for actor: ActingUser) throws -> String {
        let token = SessionToken.make()
        let now = Date()
        try store.write { db in
            try db.users.insertSession(userID: actor.userID, tokenHash: SessionToken.digest(token), createdAt: now,
                                       expiresAt: now.addingTimeInterval(SessionToken.lifetime))
        }
        return token
    }

    /// The user of a live session.
    ///
    /// - Throws: ``ClubError/invalidCredentials(_:)`` when the session is unknown, revoked or
    ///   expired (or its user deleted).
    public func resumeSession(token: String) throws -> ActingUser {
        let user = try store.read { db in try db.users.sessionUser(tokenHash: SessionToken.digest(token), now: Date()) }
        guard let user else {
            throw ClubError.invalidCredentials("the session has ended; log in again")
        }
        return ActingUser(userID: user.id, username: user.username)
    }

    /// Revokes a session; unknown tokens are ignored.
    public func endSession(token: String) throws {
        try store.write { db in
            try db.users.deleteSession(tokenHash: SessionToken.digest(token))
        }
    }

    /// The actor's own account, email included.
    public func account(of actor: ActingUser) throws -> Account {
        try store.read { db in try Self.account(db, id: actor.userID) }
    }

    /// Anyone's profile as `viewer` (nil: nobody logged in) may see it, never the email:
    /// ``UserProfile`` says which parts are whose to see.
    public func profile(username: String, viewer: ActingUser? = nil) throws -> UserProfile {
        try store.read { db in try Follows.profile(db, username: username, viewer: viewer) }
    }

    /// The longest city, sport or vehicle, in characters.
    public static let maximumProfileLine = 100
    /// The longest bio, in characters.
    public static let maximumBio = 1_000

    /// Changes the actor's profile (``ProfileChanges``): name, privacy, details and photo, in
    /// one transaction. Making it public turns every pending follow request into a follow.
    ///
    /// - Throws: what ``checkProfileChanges(_:)`` throws, before anything changes.
    @discardableResult
    public func editProfile(_ actor: ActingUser, _ changes: ProfileChanges) throws -> UserProfile {
        let checked = try checkProfileChanges(changes)
        return try store.write { db in
            guard let stored = try db.follows.profile(username: actor.username) else {
                throw ClubError.invalidCredentials("the account no longer exists")
            }
            let current = stored.profile
            if let name = checked.displayName {
                try db.users.setDisplayName(name, searchKey: Self.searchKey(current.username, name), id: actor.userID)
            }
            let isPrivate = checked.isPrivate ?? stored.isPrivate
            try db.follows.updateProfile(id: actor.userID, isPrivate: isPrivate, city: checked.city.map(Self.cleared) ?? current.city,
                                         bio: checked.bio.map(Self.cleared) ?? current.bio,
                                         sport: checked.sport.map(Self.cleared) ?? current.sport)
            if stored.isPrivate, !isPrivate { try db.follows.acceptAll(followed: actor.userID) }
            if let photo = checked.photo { try db.pictures.set(photo, in: .userPhoto, of: actor.userID) }
            return try Follows.profile(db, username: actor.username, viewer: actor)
        }
    }

    /// What ``editProfile(_:_:)`` would store of `changes`, refused without touching the
    /// database as it would refuse them: a display name empty or over 100 characters, a city
    /// or sport over ``maximumProfileLine``, a bio over ``maximumBio``, a NUL in any, a photo
    /// that is not a whole PNG or JPEG within a player photo's limits (2 MiB, 4096 px a side),
    /// or no change at all. Details come back trimmed, an empty one as `""` (cleared).
    ///
    /// - Throws: ``ClubError/invalid(field:message:)`` naming the field.
    @discardableResult
    public func checkProfileChanges(_ changes: ProfileChanges) throws -> CheckedProfileChanges {
        guard !changes.isEmpty else { throw ClubError.invalid(field: "profile", message: "give something to change") }
        func detail(_ text: String?, _ field: String, _ maximum: Int) throws -> String? {
            guard let text else { return nil }
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            return trimmed.isEmpty ? "" : try Validation.text(trimmed, field: field, maximum: maximum)
        }
        return CheckedProfileChanges(
            displayName: try changes.displayName.map { try Validation.text($0, field: "display name", maximum: 100) },
            isPrivate: changes.isPrivate,
            city: try detail(changes.city, "city", Self.maximumProfileLine),
            bio: try detail(changes.bio, "bio", Self.maximumBio),
            sport: try detail(changes.sport, "sport", Self.maximumProfileLine),
            photo: try changes.photo.map { data in try data.map { ($0, try Validation.image($0, field: "photo")) } })
    }

    /// ``ProfileChanges`` as ``checkProfileChanges(_:)`` passed them.
    public struct CheckedProfileChanges: Sendable {
        var displayName: String?
        var isPrivate: Bool?
        var city: String?
        var bio: String?
        var sport: String?
        var photo: (data: Data, header: ImageHeader)??
    }

    /// A checked detail as stored: nil for an empty one, which clears it.
    private static func cleared(_ text: String) -> String? { text.isEmpty ? nil : text }

    /// Sets the actor's profile photo (a PNG or JPEG, checked as a player photo is:
    /// ``Squads/photoMaximumBytes``, whole), or removes it with nil. Anyone sees it.
    ///
    /// - Throws: ``ClubError/invalid(field:message:)`` for a file that is not a whole PNG or
    ///   JPEG within the limits.
    public func setPhoto(_ actor: ActingUser, _ data: Data?) throws {
        try editProfile(actor, ProfileChanges(photo: .some(data)))
    }

    /// `username`'s profile photo, as it was given.
    ///
    /// - Throws: ``ClubError/notFound(kind:reference:)`` for an unknown user or one without a photo.
    public func photo(username: String) throws -> Picture {
        try store.read { db in
            guard let found = try db.pictures.picture(in: .userPhoto, of: try db.users.id(username: username)) else {
                throw ClubError.notFound(kind: "photo of", reference: username)
            }
            return found
        }
    }

    /// The refusal of an email address already in use, which does not say why: usernames are
    /// public, but whether an address has an account must not be learnt by trying it.
    public static let emailRefused = ClubError.invalid(field: "email", message: "this address cannot be used; give another")

    /// Changes the actor's display name or email. Changing the email needs the current
    /// password too, so that a copied session cannot take the account over.
    ///
    /// - Throws: ``ClubError/invalidCredentials(_:)`` when the email changes without the right
    ///   `currentPassword`; ``emailRefused`` for an address another account uses.
    public func edit(_ actor: ActingUser, displayName: String? = nil, email: String? = nil,
                     currentPassword: String? = nil) throws -> Account {
        let displayName = try displayName.map { try Validation.text($0, field: "display name", maximum: 100) }
        let email = try email.map(Validation.email)
        if email != nil { try checkPassword(of: actor, currentPassword, purpose: "changing the email") }
        return try store.write { db in
            var account = try Self.account(db, id: actor.userID)
            if let email, !CaseFold.same(email, account.email) {
                if try db.users.isEmailInUse(email, except: actor.userID) {
                    throw Self.emailRefused
                }
            }
            account.displayName = displayName ?? account.displayName
            account.email = email ?? account.email
            try db.users.update(id: actor.userID, displayName: account.displayName, email: account.email,
                                searchKey: Self.searchKey(account.username, account.displayName))
            return account
        }
    }

    /// Sets a new password and ends every session of the actor (other devices must log in
    /// again). The current password is checked first, so that a copied session cannot lock the
    /// owner out; before it, that the new one keeps the rules (``checkNewPassword(_:)``), so a
    /// refused change costs no hash.
    ///
    /// - Throws: ``ClubError/invalid(field:message:)`` for a new password too short or too
    ///   long; ``ClubError/invalidCredentials(_:)`` for a wrong current password.
    public func changePassword(_ actor: ActingUser, current: String, to password: String) throws {
        try checkNewPassword(password)
        try checkPassword(of: actor, current, purpose: "changing the password")
        let hash = try hasher.hash(password)
        try store.write { db in
            try db.users.setPasswordHash(hash, id: actor.userID)
            try db.users.deleteSessions(userID: actor.userID)
        }
    }

    /// Refuses, without hashing anything, a new password that breaks the rules (at least 8
    /// characters, at most 1,024 bytes), as ``changePassword(_:current:to:)`` does first.
    ///
    /// - Throws: ``ClubError/invalid(field:message:)`` naming the rule.
    public func checkNewPassword(_ password: String) throws {
        try PasswordHasher.check(password)
    }

    /// Deletes the actor's account: their sessions, the teams they own with those teams'
    /// players (and the friendlies only those teams played), the leagues they own, the
    /// friendlies they recorded, their stored routes and boards, their posts, likes, comments and
    /// follows, and the messages they received. Messages they sent stay with their recipients,
    /// from "deleted user". The groups they own pass to their longest-standing admin, else
    /// member; a group with no one else goes. The guides they own pass to their longest-standing
    /// editor, else go; the places and itineraries they wrote stay, without an author. Needs the current password, as changing it does: a copied session
    /// alone must not be able to destroy the account.
    public func delete(_ actor: ActingUser, currentPassword: String) throws {
        try checkPassword(of: actor, currentPassword, purpose: "deleting the account")
        let now = Date()
        try store.write { db in
            let reason = "\(actor.username) deleted their account"
            try Swaps.closeAll(db, user: actor.userID, collection: nil, reason: reason, at: now)
            try Battles.abandonAll(db, user: actor.userID, collection: nil, reason: reason, at: now)
            try Groups.handOver(db, user: actor.userID, at: now)
            try Guides.handOver(db, user: actor.userID)
            try db.posts.uncount(user: actor.userID)
            try Events.withdraw(db, user: actor.userID)
            try db.users.delete(id: actor.userID)
        }
    }

    /// Users whose username or display name contains `text`, ignoring case and accents
    /// (`jose` finds José), by username: the first `limit` (1 to 500). Never shows email addresses.
    public func search(_ text: String, limit: Int = 50) throws -> [UserProfile] {
        let key = try Validation.searchedKey(text)
        return try store.read { db in try db.users.search(key: key, limit: max(1, min(limit, 500))) }
    }

    /// One page of ``search(_:limit:)``: the `limit` users (1 to `PagingCursor.maximumLimit`,
    /// 100) after the previous page's ``ListPage/next`` (nil for the first).
    ///
    /// - Throws: ``ClubError/invalid(field:message:)`` for empty `text` or an `after` that no
    ///   user search gave.
    public func search(_ text: String, after cursor: String?,
                       limit: Int = PagingCursor.defaultLimit) throws -> ListPage<UserProfile> {
        let key = try Validation.searchedKey(text)
        return try store.read { db in try db.users.search(key: key, after: cursor, limit: limit) }
    }

    /// Checks that `password` is the actor's own, for changes a session alone may not make.
    func checkPassword(of actor: ActingUser, _ password: String?, purpose: String) throws {
        let stored = try store.read { db in
            try db.users.passwordHash(id: actor.userID)
        }
        guard let stored else { throw ClubError.invalidCredentials("the account no longer exists") }
        guard let password, hasher.verify(password, against: stored) else {
            throw ClubError.invalidCredentials("\(purpose) needs your current password, and that is not it")
        }
    }

    static func account(_ db: StoreTransaction, id: Int64) throws -> Account {
        guard let account = try db.users.account(id: id) else {
            throw ClubError.invalidCredentials("the account no longer exists")
        }
        return account
    }

    static func searchKey(_ username: String, _ displayName: String) -> String {
        Validation.searchKey(username + "\n" + displayName)
    }

    /// A hash of no one's password with the current parameters, verified when the user does
    /// not exist so that a wrong username costs as long as a wrong password.
    var decoyHash: String {
        let p = hasher.parameters
        return "$scrypt$ln=\(p.logN),r=\(p.blockSize),p=\(p.parallelism)$" + String(repeating: "A", count: 22) + "$"
            + String(repeating: "A", count: 43)
    }
}
