import Club
import Hummingbird

extension APIServices {
    /// Logs `name` (a username or an email) in with `password` and opens a session: what
    /// `POST /api/v1/sessions` and the sign-in page both do, under the same login limits and
    /// counted in the same metrics. Both limits count before the password is checked, whether
    /// or not the account exists, so a refusal says nothing about it.
    ///
    /// - Returns: the new session's token and the user's account.
    /// - Throws: ``Problem`` 429 over a login limit, 503 when the hashing queue is full;
    ///   ``ClubError/invalidCredentials(_:)`` for a wrong name or password.
    func signIn(name: String, password: String, request: Request, context: APIContext) async throws -> (token: String, account: Account) {
        let address = clientAddress(request, context)
        do {
            try limit(loginsByAccount, key: name.lowercased(), name: "login-account", what: "login attempts for this account")
            try limit(loginsByAddress, key: "login " + address, name: "login-address", what: "login attempts from this address")
        } catch {
            metrics.login("limited")
            throw error
        }
        do {
            let signedIn = try await hashing {
                let actor = try accounts.authenticate(username: name, password: password)
                return (token: try accounts.startSession(for: actor), account: try accounts.account(of: actor))
            }
            metrics.login("success")
            return signedIn
        } catch {
            metrics.login("failure")
            throw error
        }
    }
}
