import Foundation
import HTTPTypes
import Testing
@testable import TouchlineServer

/// Calls that hash a password go through the hashing gate (2 at once, a short queue, 503
/// beyond), but what refuses them without a hash is checked before: a stranger setting a
/// league's password, joining a league without one, a taken username, a short new password
/// never wait for the gate nor take a place in it. Observed by filling the gate (1 place, no
/// queue): a call that went through it would be 503.
@Suite("The hashing gate over HTTP")
struct HashGateAPITests {
    @Test("refusals that need no hash are answered while the gate is full; the owner's call waits for it")
    func refusalsDoNotWaitForTheGate() async throws {
        let test = try APITest { options in
            options.concurrentHashes = 1
            options.queuedHashes = 0
        }
        try await test.run { client in
            let setup = try await LeagueAPISetup.make(client)
            let gate = test.server.api.hashGate
            let (release, releaser) = AsyncStream<Void>.makeStream()
            let holder = Task { try await gate.run { for await _ in release {} } }
            defer { releaser.finish() }
            // Wait until the holder is inside: a probe is turned away then.
            for _ in 0..<500 {
                do {
                    try await gate.run {}
                    try await Task.sleep(for: .milliseconds(10))
                } catch {
                    break
                }
            }

            let stranger = try await client.send(.put, "\(setup.path)/password", token: setup.carol, json: ["password": "jueves 19h"])
            #expect(stranger.status == .forbidden)
            let missing = try await client.send(.put, "/api/v1/leagues/999/password", token: setup.alice,
                                                json: ["password": "jueves 19h"])
            #expect(missing.status == .notFound)
            let short = try await client.send(.put, "\(setup.path)/password", token: setup.alice, json: ["password": "x"])
            #expect(short.status == .unprocessableContent)
            let noPassword = try await client.send(.post, "\(setup.path)/join", token: setup.carol, json: ["password": "jueves 19h"])
            #expect(noPassword.status == .forbidden)
            let taken = try await client.send(.post, "/api/v1/users",
                                              json: ["username": "ALICE", "email": "x@example.org", "password": "long enough"])
            #expect(taken.status == .conflict)
            let weak = try await client.send(.post, "/api/v1/users", json: ["username": "eve", "email": "eve@example.org", "password": "x"])
            #expect(weak.status == .unprocessableContent)
            let newPassword = try await client.send(.put, "/api/v1/me/password", token: setup.carol,
                                                    json: ["currentPassword": "correct horse", "newPassword": "x"])
            #expect(newPassword.status == .unprocessableContent)

            // What does need a hash goes through the gate: full, so 503.
            let owner = try await client.send(.put, "\(setup.path)/password", token: setup.alice, json: ["password": "jueves 19h"])
            #expect(owner.status == .serviceUnavailable)
            #expect(try owner.problem().type == "overloaded")
            let signup = try await client.send(.post, "/api/v1/users",
                                               json: ["username": "eve", "email": "eve@example.org", "password": "long enough"])
            #expect(signup.status == .serviceUnavailable)

            releaser.finish()
            try await holder.value
            let later = try await client.send(.put, "\(setup.path)/password", token: setup.alice, json: ["password": "jueves 19h"])
            #expect(later.status == .noContent)
        }
    }
}
