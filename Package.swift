// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "Touchline",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Canvas", targets: ["Canvas"]),
        .library(name: "Tactics", targets: ["Tactics"]),
        .library(name: "Routes", targets: ["Routes"]),
        .library(name: "League", targets: ["League"]),
        .library(name: "Reports", targets: ["Reports"]),
        .library(name: "Stickers", targets: ["Stickers"]),
        .library(name: "Club", targets: ["Club"]),
        .library(name: "MapTiles", targets: ["MapTiles"]),
        .executable(name: "touchline", targets: ["TouchlineCLI"]),
        // Every reader under libFuzzer (`make fuzz`): a library, since libFuzzer brings main.
        .library(name: "TouchlineFuzz", type: .dynamic, targets: ["TouchlineFuzz"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/swiftcsv/SwiftCSV", from: "0.10.0"),
        // The HTTP server (`touchline serve`). Hummingbird's default traits would build
        // swift-configuration, which Touchline does not use.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        // Live boards: the owner's page publishes and viewers follow over WebSockets.
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        // Card albums packed as ZIP archives (album.json and its images), read in memory.
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        // The club database on a PostgreSQL server, shared by several `touchline serve`.
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
    ],
    targets: [
        // System libraries, found through pkg-config (scripts/bootstrap installs them).
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]
        ),
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        .systemLibrary(
            name: "CJPEG",
            pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg62-turbo-dev"])]
        ),
        // Animated GIF (giflib). Upstream giflib 5.2 installs no pkg-config file (Debian adds
        // one, other systems do not), so the module map names the library itself.
        .systemLibrary(
            name: "CGIF",
            providers: [.apt(["libgif-dev"])]
        ),
        // Animated WebP: libwebp's encoder under libwebpmux's WebPAnimEncoder.
        .systemLibrary(
            name: "CWebP",
            pkgConfig: "libwebpmux",
            providers: [.apt(["libwebp-dev"])]
        ),

        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),

        // What several domains need and none owns: JSON syntax positions, civil dates and seasons,
        // seeded random numbers, case folding, CSV split into records by SwiftCSV (league
        // seasons and sticker collections read CSV alike), and ZIP archives read with bounds by
        // ZIPFoundation (printed albums and collections sent over HTTP).
        .target(name: "Support", dependencies: [.product(name: "SwiftCSV", package: "SwiftCSV"),
                                                .product(name: "ZIPFoundation", package: "ZIPFoundation")]),

        // Drawing: a small, safe Swift API over Cairo. Knows nothing of football or maps.
        .target(name: "Canvas", dependencies: ["CCairo", "CPNG", "CJPEG", "CGIF", "CWebP"]),

        // Stroke logs, pitch geometry and board replay.
        .target(name: "Tactics", dependencies: ["Canvas", "Support"]),

        // GPS tracks and routes: readers, statistics, route maps, batch thumbnails (split into
        // shards by a SHA-256 of each path, from swift-crypto, the same on every machine).
        .target(name: "Routes", dependencies: ["Canvas", "Support", "CLibXML2",
                                               .product(name: "Crypto", package: "swift-crypto")]),

        // The football domain as plain values: matches, statistics, standings, fixtures, importers.
        .target(name: "League", dependencies: ["Support"]),

        // Sticker collections as plain values: the odds of finishing an album (later draws,
        // blocking and swap plans). No SQL, no drawing. ARCHITECTURE's "Collections", renamed:
        // swift-collections (through swift-nio) already has a target of that name.
        .target(name: "Stickers", dependencies: ["Support", .product(name: "HeapModule", package: "swift-collections")]),

        // Printable renderers fed with plain values: league tables, player cards, card sheets,
        // card albums (also read from a ZIP archive, through Support's BoundedArchive), city
        // guide booklets with their maps (drawn by Routes' map renderer).
        .target(name: "Reports", dependencies: ["Canvas", "League", "Routes", "Stickers", "Support"]),

        // The club services over one store: an SQLite file (GRDB) or a PostgreSQL server
        // (postgres-nio).
        .target(
            name: "Club",
            dependencies: [
                "Canvas",
                "Tactics",
                "League",
                "Routes",
                "Stickers",
                "Support",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
            ]
        ),

        // A guide taken offline as both front ends give it: Club's export (GuideArchive) made
        // into Reports' booklet and maps. Club never draws and Reports never sees Club, so the
        // mapping between them lives here, once, for the command line and the server.
        .target(name: "GuideOffline", dependencies: ["Club", "Reports", "Routes"]),

        // Offline map tiles from MBTiles files (SQLite), decoded for route maps: kept out of
        // Club, which never draws, and out of Routes, which does no SQL.
        .target(
            name: "MapTiles",
            dependencies: [
                "Canvas",
                "Routes",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),

        // The HTTP API over the same services and renderers (`touchline serve`): parse, call,
        // answer. No business rules here.
        .target(
            name: "TouchlineServer",
            dependencies: [
                "GuideOffline",
                "Canvas",
                "Tactics",
                "Routes",
                "MapTiles",
                "League",
                "Reports",
                "Club",
                "Stickers",
                "Support",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                // A board's frames sent as one ZIP archive, made in memory.
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]
        ),

        // The `touchline` command-line tool.
        .executableTarget(
            name: "TouchlineCLI",
            dependencies: [
                "TouchlineServer",
                "GuideOffline",
                "Canvas",
                "Tactics",
                "Routes",
                "League",
                "Reports",
                "Club",
                "MapTiles",
                "Stickers",
                "Support",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // The fuzz targets (fuzz/README.md), linked into a libFuzzer binary by fuzz/run.
        .target(
            name: "TouchlineFuzz",
            dependencies: ["Canvas", "Tactics", "Routes", "League", "Reports", "MapTiles", "Stickers"],
            path: "fuzz/Sources/TouchlineFuzz"
        ),

        // Benchmarks (`make bench`), built in release mode.
        .executableTarget(
            name: "TouchlineBench",
            dependencies: ["Canvas", "Tactics", "Routes", "League", "Reports", "Club", "Stickers", "Support", "CCairo"],
            path: "bench/Sources/TouchlineBench"
        ),

        .testTarget(name: "SupportTests", dependencies: ["Support", .product(name: "ZIPFoundation", package: "ZIPFoundation")]),
        .testTarget(name: "CanvasTests", dependencies: ["Canvas", "TestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "TacticsTests", dependencies: ["Tactics", "Canvas", "TestSupport"]),
        // What several test targets share: reading produced PDFs back with poppler, making ZIP
        // archives (album uploads, hostile ones too).
        .target(name: "TestSupport", dependencies: ["Club", .product(name: "ZIPFoundation", package: "ZIPFoundation")],
                path: "Tests/TestSupport"),
        .testTarget(name: "ReportsTests", dependencies: ["Reports", "League", "Canvas", "TestSupport"]),
        .testTarget(
            name: "ClubTests",
            dependencies: ["Club", "Routes", "League", "Stickers", "Support", "TestSupport", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(
            name: "MapTilesTests",
            dependencies: ["MapTiles", "Routes", "Canvas", "TestSupport", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(name: "RoutesTests", dependencies: ["Routes", "Canvas"], resources: [.copy("Fixtures")]),
        .testTarget(name: "LeagueTests", dependencies: ["League", "Support"], resources: [.copy("Fixtures")]),
        .testTarget(name: "StickersTests", dependencies: ["Stickers", "Support"]),
        .testTarget(
            name: "TouchlineServerTests",
            dependencies: ["TouchlineServer", "Club", "Stickers", "Canvas", "MapTiles", "Routes", "Tactics", "TestSupport",
                           .product(name: "HummingbirdTesting", package: "hummingbird"),
                           .product(name: "HummingbirdWSTesting", package: "hummingbird-websocket"),
                           .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                           .product(name: "HTTPTypes", package: "swift-http-types"),
                           .product(name: "GRDB", package: "GRDB.swift"),
                           .product(name: "Crypto", package: "swift-crypto"),
                           .product(name: "Logging", package: "swift-log"),
                           .product(name: "NIOEmbedded", package: "swift-nio"),
                           .product(name: "NIOHTTPTypes", package: "swift-nio-extras")]
        ),
        .testTarget(
            name: "TouchlineCLITests",
            dependencies: ["TouchlineCLI", "Canvas", "Club", "Reports", "Routes", "TestSupport",
                           .product(name: "GRDB", package: "GRDB.swift")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
