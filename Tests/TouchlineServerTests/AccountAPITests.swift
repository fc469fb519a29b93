@testable import Club
import Crypto
import Foundation
import HTTPTypes
import Testing
@testable import TouchlineServer

@Suite("Accounts and sessions over HTTP")
struct AccountAPITests {
    @Test("registering answers 201 with the account and where it lives; the password is never echoed")
    func register() async throws {
        try await APITest().run { client in
            let reply = try await client.send(.post, "/api/v1/users", json: ["username": "alice", "displayName": "Alice",
                                                                            "email": "alice@example.org", "password": "correct horse"])
            #expect(reply.status == .created)
            #expect(reply.headers[.location] == "/api/v1/users/alice")
            let account = try reply.json()
            #expect(account["username"] as? String == "alice")
            #expect(account["email"] as? String == "alice@example.org")
            #expect(!reply.text.contains("correct horse"))
            let again = try await client.send(.post, "/api/v1/users", json: ["username": "ALICE", "email": "a2@example.org",
                                                                            "password": "correct horse"])
            #expect(again.status == .conflict)
            #expect(try again.problem().type == "conflict")
            #expect(try again.problem().detail == "username 'ALICE' is already taken")
        }
    }

    @Test("bodies that are not what the endpoint takes: 400, 413, 415 and 422, each naming the problem")
    func badBodies() async throws {
        let test = try APITest()
        try await test.run { client in
            let syntax = try await client.send(.post, "/api/v1/users", body: Data("{\"username\": \"bob\",\n  oops}".utf8),
                                               contentType: "application/json")
            #expect(syntax.status == .badRequest)
            #expect(try syntax.problem().type == "malformed")
            #expect(try syntax.problem().detail.hasPrefix("body: line 2, column 3"))

            let missing = try await client.send(.post, "/api/v1/users", json: ["username": "bob", "email": "bob@example.org"])
            #expect(missing.status == .badRequest)
            #expect(try missing.problem().detail == "field 'password': missing")

            let wrongType = try await client.send(.post, "/api/v1/users", json: ["username": 7, "email": "bob@example.org",
                                                                                "password": "correct horse"])
            #expect(wrongType.status == .badRequest)
            #expect(try wrongType.problem().detail == "field 'username': expected a string")

            let form = try await client.send(.post, "/api/v1/users", body: Data("username=bob".utf8),
                                             contentType: "application/x-www-form-urlencoded")
            #expect(form.status == .unsupportedMediaType)
            #expect(try form.problem().type == "unsupported-media-type")

            let huge = try await client.send(.post, "/api/v1/users",
                                             json: ["username": "bob", "email": "bob@example.org",
                                                    "password": String(repeating: "x", count: 1 << 20 + 10)])
            #expect(huge.status == .contentTooLarge)
            #expect(try huge.problem().type == "too-large")

            let rule = try await client.send(.post, "/api/v1/users", json: ["username": "bob", "email": "not an address",
                                                                           "password": "correct horse"])
            #expect(rule.status == .unprocessableContent)
            #expect(try rule.problem().detail.hasPrefix("email: "))

            let short = try await client.send(.post, "/api/v1/users", json: ["username": "bob", "email": "bob@example.org",
                                                                            "password": "short", "extra": "ignored"])
            #expect(short.status == .unprocessableContent)
            #expect(try short.problem().detail == "password: must be at least 8 characters")

            let deep = try await client.send(.post, "/api/v1/users",
                                             body: Data((String(repeating: "[", count: 100) + String(repeating: "]", count: 100)).utf8),
                                             contentType: "application/json")
            #expect(deep.status == .badRequest)

            // Nothing half-made: no account from any of those.
            #expect(try test.store().read { db in try db.value(Int.self, "SELECT count(*) FROM \"user\"") } == 0)
        }
    }

    @Test("a session: 201 with a bearer token whose SHA-256 alone is stored, me, logout, and the token refused after")
    func sessions() async throws {
        let test = try APITest()
        try await test.run { client in
            let token = try await client.user("alice")
            #expect(token.count == 43)
            let stored = try test.store().read { db in try db.values(Data.self, "SELECT tokenHash FROM session") }
            #expect(stored == [Data(SHA256.hash(data: Data(token.utf8)))])

            let me = try await client.send(.get, "/api/v1/me", token: token)
            #expect(me.status == .ok)
            #expect(try me.json()["username"] as? String == "alice")

            // The CLI's session code accepts the same token on the same database.
            #expect(try Accounts(store: test.store()).resumeSession(token: token).username == "alice")

            let out = try await client.send(.delete, "/api/v1/sessions/current", token: token)
            #expect(out.status == .noContent)
            let after = try await client.send(.get, "/api/v1/me", token: token)
            #expect(after.status == .unauthorized)
            #expect(after.headers[.wwwAuthenticate] == "Bearer realm=\"touchline\"")
            #expect(try after.problem().type == "unauthorized")

            let none = try await client.send(.get, "/api/v1/me")
            #expect(none.status == .unauthorized)
            let garbage = try await client.send(.get, "/api/v1/me", headers: [.authorization: "Basic YWxpY2U6eA=="])
            #expect(garbage.status == .unauthorized)
        }
    }

    @Test("expired tokens and a deleted account's tokens are refused with 401")
    func expiredAndDeleted() async throws {
        let test = try APITest()
        try await test.run { client in
            let alice = try await client.user("alice")
            try test.store().write { db in try db.execute("UPDATE session SET expiresAt = ?", [Date(timeIntervalSinceNow: -60)]) }
            let expired = try await client.send(.get, "/api/v1/me", token: alice)
            #expect(expired.status == .unauthorized)

            let bob = try await client.user("bob")
            let refused = try await client.send(.delete, "/api/v1/me", token: bob, json: ["currentPassword": "wrong one!"])
            #expect(refused.status == .unauthorized)
            let deleted = try await client.send(.delete, "/api/v1/me", token: bob, json: ["currentPassword": "correct horse"])
            #expect(deleted.status == .noContent)
            let orphan = try await client.send(.get, "/api/v1/me", token: bob)
            #expect(orphan.status == .unauthorized)
            let gone = try await client.send(.post, "/api/v1/sessions", json: ["username": "bob", "password": "correct horse"])
            #expect(gone.status == .unauthorized)
        }
    }

    @Test("login by email; a wrong password and an unknown user get the same 401")
    func loginAnswers() async throws {
        try await APITest().run { client in
            _ = try await client.user("alice")
            let byEmail = try await client.send(.post, "/api/v1/sessions", json: ["email": "ALICE@example.org", "password": "correct horse"])
            #expect(byEmail.status == .created)
            let wrong = try await client.send(.post, "/api/v1/sessions", json: ["username": "alice", "password": "not it at all"])
            let unknown = try await client.send(.post, "/api/v1/sessions", json: ["username": "nobody", "password": "not it at all"])
            #expect(wrong.status == .unauthorized)
            #expect(unknown.status == .unauthorized)
            #expect(try wrong.problem().detail == unknown.problem().detail)
        }
    }

    @Test("logins are limited per account, whether or not it exists, with 429 and Retry-After")
    func loginAccountLimit() async throws {
        try await APITest { $0.loginsPerAccountPerMinute = 3 }.run { client in
            _ = try await client.user("alice")
            for _ in 0..<2 {
                let answer = try await client.send(.post, "/api/v1/sessions", json: ["username": "alice", "password": "guess guess"])
                #expect(answer.status == .unauthorized)
            }
            for _ in 0..<3 {
                let answer = try await client.send(.post, "/api/v1/sessions", json: ["username": "nobody", "password": "guess guess"])
                #expect(answer.status == .unauthorized)
            }
            // Even the right password is refused once the account's minute is spent; an account
            // that does not exist is refused alike.
            let limited = try await client.send(.post, "/api/v1/sessions", json: ["username": "ALICE", "password": "correct horse"])
            let unknown = try await client.send(.post, "/api/v1/sessions", json: ["username": "nobody", "password": "correct horse"])
            #expect(limited.status == .tooManyRequests)
            #expect(unknown.status == .tooManyRequests)
            #expect(try limited.problem().type == "rate-limited")
            #expect(try limited.problem().detail == unknown.problem().detail)
            #expect(Int(limited.headers[.retryAfter] ?? "") ?? 0 >= 1)
            let answer = try await client.send(.post, "/api/v1/sessions", json: ["username": "bob", "password": "guess guess"])
            #expect(answer.status == .unauthorized)
            let metrics = try await client.send(.get, "/metrics")
            #expect(metrics.text.contains("touchline_rate_limited_total{limit=\"login-account\"} 2"))
            #expect(metrics.text.contains("touchline_logins_total{outcome=\"limited\"} 2"))
        }
    }

    @Test("logins and sign-ups are limited per client address; X-Forwarded-For counts only from a trusted proxy")
    func loginAddressLimit() async throws {
        try await APITest { $0.loginsPerAddressPerMinute = 2 }.run { client in
            for name in ["a1", "a2"] {
                let answer = try await client.send(.post, "/api/v1/sessions", json: ["username": name, "password": "guess guess"])
                #expect(answer.status == .unauthorized)
            }
            // Router tests have no socket: the peer is "local", not a trusted proxy, so the
            // header changes nothing.
            let spoofed = try await client.send(.post, "/api/v1/sessions", json: ["username": "a3", "password": "guess guess"],
                                                headers: [.xForwardedFor: "203.0.113.9"])
            #expect(spoofed.status == .tooManyRequests)
        }
        try await APITest { $0.loginsPerAddressPerMinute = 2; $0.trustedProxies = ["local"] }.run { client in
            for address in ["203.0.113.1", "203.0.113.1", "203.0.113.2"] {
                let answer = try await client.send(.post, "/api/v1/sessions", json: ["username": "x", "password": "guess guess"],
                                              headers: [.xForwardedFor: "198.51.100.7, \(address)"])
                #expect(answer.status == .unauthorized)
            }
            let answer = try await client.send(.post, "/api/v1/sessions", json: ["username": "y", "password": "guess guess"],
                                          headers: [.xForwardedFor: "203.0.113.1"])
            #expect(answer.status == .tooManyRequests)
        }
    }

    @Test("the user's own account: edit, change the password (other sessions end), search and profiles")
    func ownAccount() async throws {
        try await APITest().run { client in
            let token = try await client.user("alice")
            let edited = try await client.send(.patch, "/api/v1/me", token: token, json: ["displayName": "Alice A."])
            #expect(edited.status == .ok)
            #expect(try edited.json()["displayName"] as? String == "Alice A.")
            let emailWithoutPassword = try await client.send(.patch, "/api/v1/me", token: token, json: ["email": "new@example.org"])
            #expect(emailWithoutPassword.status == .unauthorized)

            let other = try await client.login("alice")
            let changed = try await client.send(.put, "/api/v1/me/password", token: token,
                                                json: ["currentPassword": "correct horse", "newPassword": "battery staple"])
            #expect(changed.status == .noContent)
            let oldSession = try await client.send(.get, "/api/v1/me", token: other)
            #expect(oldSession.status == .unauthorized)
            _ = try await client.login("alice", password: "battery staple")

            let found = try await client.send(.get, "/api/v1/users?q=ali")
            #expect(found.status == .ok)
            let items = try found.json()["items"] as? [[String: Any]]
            #expect(items?.map { $0["username"] as? String } == ["alice"])
            #expect(items?.first?["email"] == nil)
            let profile = try await client.send(.get, "/api/v1/users/alice")
            #expect(profile.status == .ok)
            let nobody = try await client.send(.get, "/api/v1/users/nobody")
            #expect(nobody.status == .notFound)
        }
    }
}
