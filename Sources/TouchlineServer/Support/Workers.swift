import NIOPosix

/// A bounded pool of threads for the services' blocking calls (SQLite through GRDB, scrypt,
/// Cairo), so that they never hold up the server's event loops.
final class Workers: Sendable {
    private let pool: NIOThreadPool

    /// Starts `threads` threads.
    init(threads: Int) {
        pool = NIOThreadPool(numberOfThreads: max(1, threads))
        pool.start()
    }

    /// Runs `body` on one of the threads and returns what it returned or threw.
    func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await pool.runIfActive(body)
    }

    /// Lets running work finish, then stops the threads.
    func shutdown() async throws {
        try await pool.shutdownGracefully()
    }
}
