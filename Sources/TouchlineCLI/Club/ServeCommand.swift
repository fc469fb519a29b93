import ArgumentParser
import Club
import Foundation
import TouchlineServer

/// `touchline serve`: the club as an HTTP API.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the club database as an HTTP API (see docs/openapi.json).",
        discussion: """
            Listens on loopback unless --host says otherwise; put a reverse proxy in front for \
            TLS. Stops cleanly on SIGTERM or SIGINT: requests in flight finish, then the database \
            is closed. One log line per request goes to standard error. The web board is at \
            /board (sign in at /login); its pages are built in, or read from --web-root.

            Examples:
              touchline serve --port 8080 --db club.sqlite
              touchline serve --db postgresql://app@db/club --db-pool 16 --no-migrate
              touchline serve --host 0.0.0.0 --trusted-proxy 127.0.0.1 --log-format json
              touchline serve --web-root Resources/web
            """)

    @Option(help: "The address to listen on.") var host = "127.0.0.1"
    @Option(help: "The port to listen on (0 picks a free one, printed on standard error).") var port = 8080
    @OptionGroup var database: DatabaseOption
    @Option(help: ArgumentHelp("Database connections at once (default: twice the cores).", valueName: "n"))
    var dbPool: Int?
    @Flag(help: ArgumentHelp("Refuse to start on a database whose schema is older than this touchline's, instead of "
                             + "migrating it (migrate with 'touchline db migrate')."))
    var noMigrate = false
    @Option(help: ArgumentHelp("Log lines as text or json.", valueName: "format"))
    var logFormat: ServerOptions.LogFormat = .text
    @Option(help: ArgumentHelp("The largest upload in bytes (season files, stroke logs).", valueName: "bytes"))
    var maxUpload = 20 << 20
    @Option(help: ArgumentHelp("Let browsers on this origin call the API (CORS); off unless given.", valueName: "origin"))
    var allowOrigin: String?
    @Option(help: ArgumentHelp("A reverse proxy whose X-Forwarded-For names the client (repeatable).", valueName: "address"))
    var trustedProxy: [String] = []
    @Option(help: ArgumentHelp("Requests a client address may make a minute (0: no limit).", valueName: "n"))
    var rateLimit = 6000
    @Option(help: ArgumentHelp("Connections open at once, in all.", valueName: "n"))
    var maxConnections = 1024
    @Option(help: ArgumentHelp("Connections open at once from one client address.", valueName: "n"))
    var maxConnectionsPerClient = 256
    @Option(help: ArgumentHelp("Offline PNG or JPEG map tiles under route maps and thumbnails, from an MBTiles file.",
                               valueName: "file.mbtiles"))
    var tiles: String?
    @Option(help: ArgumentHelp("Serve the web pages from this folder, read on every request (for working on them), "
                               + "instead of the copy built in.", valueName: "dir"))
    var webRoot: String?

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535") }
        if let dbPool, !(1...StoreOptions.maximumPoolSize).contains(dbPool) {
            throw ValidationError("--db-pool must be from 1 to \(StoreOptions.maximumPoolSize)")
        }
        guard (1...(1 << 30)).contains(maxUpload) else { throw ValidationError("--max-upload must be from 1 to \(1 << 30) bytes") }
        guard (0...10_000_000).contains(rateLimit) else { throw ValidationError("--rate-limit must be from 0 to 10000000") }
        guard (1...1_000_000).contains(maxConnections) else { throw ValidationError("--max-connections must be from 1 to 1000000") }
        guard (1...maxConnections).contains(maxConnectionsPerClient) else {
            throw ValidationError("--max-connections-per-client must be from 1 to --max-connections (\(maxConnections))")
        }
        if let webRoot {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: webRoot, isDirectory: &isFolder), isFolder.boolValue,
                  FileManager.default.fileExists(atPath: (webRoot as NSString).appendingPathComponent("login.html")) else {
                throw ValidationError("--web-root must be a folder of the web pages, with login.html (Resources/web of a checkout)")
            }
        }
    }

    func run() async throws {
        var options = ServerOptions(databasePath: database.path)
        options.database = StoreOptions(poolSize: dbPool ?? StoreOptions.defaultPoolSize,
                                        migration: noMigrate ? .refuseOutdated : .apply)
        options.host = host
        options.port = port
        options.logFormat = logFormat
        options.maxUploadBytes = maxUpload
        options.allowOrigin = allowOrigin
        options.trustedProxies = Set(trustedProxy)
        options.requestsPerClientPerMinute = rateLimit
        options.maximumConnections = maxConnections
        options.maximumConnectionsPerClient = maxConnectionsPerClient
        options.tiles = try RouteCommand.openTiles(tiles)
        options.webRoot = webRoot
        try await TouchlineServer(options: options).run()
    }
}

extension ServerOptions.LogFormat: ExpressibleByArgument {}
