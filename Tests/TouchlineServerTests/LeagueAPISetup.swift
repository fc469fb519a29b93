import Foundation
import HTTPTypes

/// A league over HTTP with one user of each kind: alice owns it, bob edits it, carol is
/// another user; its teams are Rápidos, Lentos, Medianos and Otros.
struct LeagueAPISetup: Sendable {
    static let teams = ["Los Rápidos", "Lentos", "Medianos", "Otros"]

    let alice: String
    let bob: String
    let carol: String
    let id: Int

    var path: String { "/api/v1/leagues/\(id)" }

    static func make(_ client: TestClient) async throws -> LeagueAPISetup {
        let alice = try await client.user("alice")
        let bob = try await client.user("bob")
        let carol = try await client.user("carol")
        let created = try await client.send(.post, "/api/v1/leagues", token: alice,
                                            json: ["name": "Liga Amigos", "season": "2024/25", "rules": "la-liga"])
        guard created.status == .created, let id = try created.json()["id"] as? Int else {
            throw TestFailure("create the league: \(created.status) \(created.text)")
        }
        for team in teams {
            let added = try await client.send(.post, "/api/v1/leagues/\(id)/teams", token: alice, json: ["name": team])
            guard added.status == .created else { throw TestFailure("add \(team): \(added.status) \(added.text)") }
        }
        let granted = try await client.send(.put, "/api/v1/leagues/\(id)/editors/bob", token: alice)
        guard granted.status == .noContent else { throw TestFailure("grant bob: \(granted.status) \(granted.text)") }
        return LeagueAPISetup(alice: alice, bob: bob, carol: carol, id: id)
    }

    /// Adds a match between two of the teams and returns its id.
    func match(_ client: TestClient, _ home: String, _ away: String, matchday: Int) async throws -> Int {
        let added = try await client.send(.post, "\(path)/matches", token: alice,
                                          json: ["home": home, "away": away, "matchday": matchday])
        guard added.status == .created, let id = try added.json()["id"] as? Int else {
            throw TestFailure("add \(home) v \(away): \(added.status) \(added.text)")
        }
        return id
    }

    /// Enters a played result.
    func result(_ client: TestClient, match: Int, _ home: Int, _ away: Int) async throws {
        let entered = try await client.send(.put, "/api/v1/matches/\(match)/result", token: alice,
                                            json: ["fullTime": ["home": home, "away": away]])
        guard entered.status == .ok else { throw TestFailure("result of \(match): \(entered.status) \(entered.text)") }
    }
}

/// A name as one path segment: `Los Rápidos` → `Los%20R%C3%A1pidos`.
func pathSegment(_ text: String) -> String {
    let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    return text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
}
