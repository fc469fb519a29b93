import NIOConcurrencyHelpers

/// The request-body bytes the server holds at once, over all requests: each request with a
/// body reserves its `Content-Length` (or the largest upload, when it does not say) before it
/// is read, and gives it back when it is answered. A request that does not fit waits for
/// nothing: it gets 503, so a thousand slow uploads cannot hold a thousand times 20 MiB.
final class BodyBudget: Sendable {
    let capacity: Int
    private let used = NIOLockedValueBox(0)

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Reserves `bytes`; false (nothing reserved) when they do not fit beside what is held.
    func reserve(_ bytes: Int) -> Bool {
        used.withLockedValue { used in
            guard bytes <= capacity - used else { return false }
            used += bytes
            return true
        }
    }

    /// Gives back what ``reserve(_:)`` took.
    func release(_ bytes: Int) {
        used.withLockedValue { $0 = max(0, $0 - bytes) }
    }

    /// The bytes held now.
    var held: Int { used.withLockedValue { $0 } }
}
