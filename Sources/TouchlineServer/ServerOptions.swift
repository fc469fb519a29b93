import Club
import Foundation
import MapTiles

/// What `touchline serve` is told: where to listen, which database, and the limits it keeps.
///
/// ```swift
/// var options = ServerOptions(databasePath: "club.sqlite")
/// options.port = 8080
/// try await TouchlineServer(options: options).run()
/// ```
public struct ServerOptions: Sendable {
    /// The address to listen on; loopback unless told otherwise (a reverse proxy terminates TLS).
    public var host: String = "127.0.0.1"
    /// The port; 0 picks a free one (see ``TouchlineServer/run(onListening:)``).
    public var port: Int = 8080
    /// The database the services use: an SQLite file's path or a PostgreSQL URL.
    public var databasePath: String
    /// How the database is opened: its pool of connections, and whether an old schema is
    /// migrated or refused.
    public var database = StoreOptions()
    /// How each log line is written on standard error.
    public var logFormat: LogFormat = .text
    /// The largest upload (a season file, a stroke log, a GPS file), in bytes.
    public var maxUploadBytes: Int = 20 << 20
    /// The largest JSON body, in bytes.
    public var maxJSONBytes: Int = 1 << 20
    /// The request-body bytes held at once over all requests (each reserves its length while it
    /// is handled; beyond, 503). At least ``maxUploadBytes`` is kept, so one upload always fits.
    public var bodyBytesInFlight: Int = 256 << 20
    /// The one origin browsers may call from (CORS); nil turns CORS off.
    public var allowOrigin: String?
    /// Addresses of reverse proxies whose `X-Forwarded-For` names the client.
    public var trustedProxies: Set<String> = []
    /// Login attempts allowed per account a minute.
    public var loginsPerAccountPerMinute: Int = 10
    /// Login and registration attempts allowed per client address a minute (higher than per
    /// account: a club's wifi puts many members behind one address).
    public var loginsPerAddressPerMinute: Int = 30
    /// Password hashes computed at once (scrypt takes 128 MiB each).
    public var concurrentHashes: Int = 2
    /// Password hashes allowed to wait for one of those; more are refused with 503.
    public var queuedHashes: Int = 16
    /// How long a connection may sit idle, reading or writing, before it is closed.
    public var idleTimeoutSeconds: Int = 30
    /// Requests one client address may make a minute (429 beyond); 0 for no limit. Health
    /// checks and metrics do not count.
    public var requestsPerClientPerMinute: Int = 6000
    /// Viewers following one board live at once (429 beyond).
    public var viewersPerBoard: Int = 50
    /// Connections open at once, in all; more are closed as they come.
    public var maximumConnections: Int = 1024
    /// Connections open at once from one client address (trusted proxies count only in the total).
    public var maximumConnectionsPerClient: Int = 256
    /// How fast a request's head and body must arrive: 20 s, and a second more for every 8 KiB
    /// (a slower request is answered 408 and its connection closed).
    public var requestPace = TransferPace(graceSeconds: 20, minimumBytesPerSecond: 8192)
    /// How fast a client must take a large response: 30 s, and a second more for every 8 KiB
    /// (else its connection is closed).
    public var responsePace = TransferPace(graceSeconds: 30, minimumBytesPerSecond: 8192)
    /// Offline map tiles drawn under route maps and thumbnails (unless a request says
    /// `tiles=false`), as `route render --tiles` draws them; nil for none.
    public var tiles: MBTilesSource?
    /// The most frames one request for a board's frames may have (the command line writes up
    /// to 10,000): each is a whole render, all of them in one of the few render slots, so 600
    /// (a minute at 10 frames a second) keeps a request at a default size to seconds of work.
    public var maxFrames: Int = 600
    /// The largest ZIP archive of frames one request may make, in bytes: it grows in memory and
    /// is copied once into the response, so a render slot holds up to about three times this.
    /// 128 MiB holds 600 frames of a 1024 x 768 board at scale 2 (about 100 KB each). A
    /// collection's export is held to it too (its images, checked before they are read).
    public var maxFrameArchiveBytes: Int = 128 << 20
    /// The most pixels one request for a board's animation may draw over all its frames
    /// (frames x pixels a frame; ``maxFrames`` bounds the frames too): 600 frames of 1600 x 1040,
    /// seconds of work in one render slot. The file itself is made frame by frame, never
    /// holding more than a few frames' pixels.
    public var maxAnimationPixels: Int = 600 * 1600 * 1040
    /// A folder to serve the web pages from (`Resources/web` of a checkout), read afresh on
    /// every request, for working on them; nil serves the copy built into the binary.
    public var webRoot: String?
    /// What one account may keep of stored boards.
    public var boardQuota = Boards.defaultQuota
    /// What one account may keep of stored routes.
    public var routeQuota = StoredRoutes.defaultQuota
    /// How new passwords are hashed (OWASP's scrypt unless a test asks for a cheaper one);
    /// stored hashes are checked with the parameters they were made with.
    public var passwordHasher = PasswordHasher()
    /// Threads for database and rendering work, off the event loops.
    public var workerThreads: Int = max(4, 2 * ProcessInfo.processInfo.activeProcessorCount)

    /// The defaults, over the database at `databasePath`.
    public init(databasePath: String) {
        self.databasePath = databasePath
    }

    /// How log lines are written.
    public enum LogFormat: String, Sendable, CaseIterable {
        /// `key=value` words, one request a line.
        case text
        /// One JSON object a line.
        case json
    }
}
