import NIOConcurrencyHelpers

/// Counts the open connections, in all and per client address, and refuses new ones over the
/// limits, so that one client (or many) cannot hold every file descriptor or every byte of
/// memory the server has. Reverse proxies the server trusts carry many clients and count only
/// towards the total.
final class ConnectionRegistry: Sendable {
    private struct Counts {
        var total = 0
        var byAddress: [String: Int] = [:]
    }

    let maximum: Int
    let maximumPerClient: Int
    let exempt: Set<String>
    private let counts = NIOLockedValueBox(Counts())

    init(maximum: Int, maximumPerClient: Int, exempt: Set<String>) {
        self.maximum = max(1, maximum)
        self.maximumPerClient = max(1, maximumPerClient)
        self.exempt = exempt
    }

    /// Counts a new connection from `address`; false (and nothing counted) when it would go
    /// over a limit.
    func admit(_ address: String) -> Bool {
        counts.withLockedValue { counts in
            guard counts.total < maximum else { return false }
            if !exempt.contains(address) {
                let current = counts.byAddress[address, default: 0]
                guard current < maximumPerClient else { return false }
                counts.byAddress[address] = current + 1
            }
            counts.total += 1
            return true
        }
    }

    /// Forgets a connection `admit` counted.
    func release(_ address: String) {
        counts.withLockedValue { counts in
            counts.total = max(0, counts.total - 1)
            guard !exempt.contains(address), let current = counts.byAddress[address] else { return }
            counts.byAddress[address] = current > 1 ? current - 1 : nil
        }
    }

    /// The connections open now, in all.
    var openCount: Int { counts.withLockedValue { $0.total } }
}
