import Club
import Foundation
import Hummingbird

/// Accounts and sessions: register, log in and out, the user's own account, search and
/// public profiles.
struct AccountRoutes {
    let api: APIServices

    struct Registration: Decodable, Sendable {
        var username: String
        var displayName: String?
        var email: String
        var password: String
    }

    struct Login: Decodable, Sendable {
        var username: String?
        var email: String?
        var password: String
    }

    struct SessionCreated: Encodable {
        var token: String
        var tokenType = "Bearer"
        var user: Account
    }

    struct AccountChanges: Decodable, Sendable {
        var displayName: String?
        var email: String?
        var currentPassword: String?
    }

    struct PasswordChange: Decodable, Sendable {
        var currentPassword: String
        var newPassword: String
    }

    struct Deletion: Decodable, Sendable {
        var currentPassword: String
    }

    func register(on router: Router<APIContext>) {
        let v1 = router.group("api/v1")
        v1.post("users") { request, context in
            let form = try await APIJSON.decode(Registration.self, from: request, limit: api.options.maxJSONBytes)
            try api.limit(api.loginsByAddress, key: "signup " + api.clientAddress(request, context), name: "signup-address",
                          what: "sign-ups from this address")
            // What refuses the account without a hash does so before the hashing gate.
            try await api.run {
                _ = try api.accounts.checkRegistration(username: form.username, displayName: form.displayName, email: form.email,
                                                       password: form.password)
            }
            let account = try await api.hashing {
                try api.accounts.register(username: form.username, displayName: form.displayName, email: form.email,
                                          password: form.password)
            }
            return try APIJSON.response(account, status: .created,
                                        headers: [.location: "/api/v1/users/\(Self.pathSegment(account.username))"])
        }
        v1.post("sessions") { request, context in
            let login = try await APIJSON.decode(Login.self, from: request, limit: api.options.maxJSONBytes)
            guard let name = login.username ?? login.email, !name.isEmpty else {
                throw Problem.malformed("field 'username': missing (or give 'email')")
            }
            let session = try await api.signIn(name: name, password: login.password, request: request, context: context)
            return try APIJSON.response(SessionCreated(token: session.token, user: session.account), status: .created)
        }
        v1.delete("sessions/current") { request, _ in
            let token = try api.sessionToken(request)
            try await api.run {
                _ = try api.accounts.resumeSession(token: token)
                try api.accounts.endSession(token: token)
            }
            return Response(status: .noContent)
        }
        v1.get("me") { request, _ in
            let actor = try await api.actor(request)
            return try APIJSON.response(try await api.run { try api.accounts.account(of: actor) })
        }
        v1.patch("me") { request, _ in
            let actor = try await api.actor(request)
            let changes = try await APIJSON.decode(AccountChanges.self, from: request, limit: api.options.maxJSONBytes)
            let account = try await api.hashing {
                try api.accounts.edit(actor, displayName: changes.displayName, email: changes.email,
                                      currentPassword: changes.currentPassword)
            }
            return try APIJSON.response(account)
        }
        v1.put("me/password") { request, _ in
            let actor = try await api.actor(request)
            let change = try await APIJSON.decode(PasswordChange.self, from: request, limit: api.options.maxJSONBytes)
            try api.accounts.checkNewPassword(change.newPassword)
            try await api.hashing { try api.accounts.changePassword(actor, current: change.currentPassword, to: change.newPassword) }
            return Response(status: .noContent)
        }
        v1.delete("me") { request, _ in
            let actor = try await api.actor(request)
            let deletion = try await APIJSON.decode(Deletion.self, from: request, limit: api.options.maxJSONBytes)
            try await api.hashing { try api.accounts.delete(actor, currentPassword: deletion.currentPassword) }
            return Response(status: .noContent)
        }
        // Usernames and display names are public, as `touchline user search` shows them to anyone.
        v1.get("users") { request, _ in
            let query = Query(request)
            guard let text = try query.string("q", maximumLength: 100) else {
                throw Problem.malformed("query parameter 'q': give some text to look for")
            }
            let (after, limit) = (try query.afterKey(), try query.limit())
            return try APIJSON.response(try await api.run { try api.accounts.search(text, after: after, limit: limit) })
        }
        // The card is anyone's; the details are shown as ``Follows`` decides for the viewer.
        v1.get("users/{username}") { request, context in
            let username = try context.parameters.require("username")
            let viewer = try await api.viewer(request)
            return try APIJSON.response(try await api.run { try api.accounts.profile(username: username, viewer: viewer) })
        }
    }

    /// A username as one path segment (usernames are letters, digits, `.`, `_` and `-`).
    static func pathSegment(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))) ?? text
    }
}
