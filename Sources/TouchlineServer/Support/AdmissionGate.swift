/// Lets at most `limit` callers in at once, with at most `queueLimit` more waiting in line;
/// any beyond those are turned away at once. Password hashing goes through one, so that a
/// hundred simultaneous logins cannot take a hundred times scrypt's 128 MiB.
actor AdmissionGate {
    private let limit: Int
    private let queueLimit: Int
    /// What is turned away, for the 503's detail: "password checks", "renders".
    private let work: String
    private var inside = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(limit: Int, queueLimit: Int, work: String) {
        self.limit = max(1, limit)
        self.queueLimit = max(0, queueLimit)
        self.work = work
    }

    /// Runs `body` once let in.
    ///
    /// - Throws: ``Problem/overloaded(_:)`` when the line is full, or what `body` throws.
    nonisolated func run<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        try await enter()
        do {
            let value = try await body()
            await leave()
            return value
        } catch {
            await leave()
            throw error
        }
    }

    private func enter() async throws {
        if inside < limit {
            inside += 1
            return
        }
        guard waiting.count < queueLimit else {
            throw Problem.overloaded("too many \(work) at once; try again in a moment")
        }
        // The place is handed over by `leave`, which keeps `inside` as it is.
        await withCheckedContinuation { waiting.append($0) }
    }

    private func leave() {
        if !waiting.isEmpty {
            let next = waiting.removeFirst()
            next.resume()
        } else {
            inside -= 1
        }
    }
}
