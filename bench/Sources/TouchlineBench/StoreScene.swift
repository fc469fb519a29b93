import Club
import Foundation
import League
import Support

/// How large the store scenes' database is, and how many messages the send scene sends.
struct StoreSize {
    var users: Int
    var messages: Int
    /// Messages per `sendAll` transaction, when building and in the send scene alike.
    var batch = 1_000
    /// Messages the send scene sends in each run.
    var sends: Int

    static let full = StoreSize(users: 10_000, messages: 1_000_000, sends: 10_000)
    static let smoke = StoreSize(users: 1_000, messages: 10_000, sends: 1_000)
}

/// The "store" scenes: a club database of users and messages is built in a temporary folder
/// (removed at the end), then a typical user's inbox, their unread count, a league table, a
/// swap day's plan (``StoreSwapDay``), bulk sending and a login with the production password
/// hash are timed on it.
///
/// Who writes to whom comes from SeededRandom with a fixed seed, so every run builds the same
/// messages (only the password salts and timestamps differ).
enum StoreScene {
    static let seed: UInt64 = 0x5C0_7E5_0C1B_0001
    /// The password of every generated user.
    static let password = "touchline-bench"
    /// The one user registered with the production hasher, for the login scene.
    static let loginUsername = "login.user"
    static let loginPassword = "correct horse battery staple"

    /// The generated users' hashes: registering 10,000 users with the production scrypt
    /// (N = 2^17, r = 8: 0.1 to 0.5 s and 128 MiB per hash) would take about an hour, so they
    /// get a trivially cheap one. Only the login scene's user is hashed for real.
    static let fastHasher = PasswordHasher(parameters: .init(logN: 4, blockSize: 1, parallelism: 1))

    /// The name prefix of the scenes on SQLite, and on PostgreSQL (`--postgres URL`).
    static let sqlitePrefix = "store", postgresPrefix = "store on postgres"

    static func sendName(_ size: StoreSize, prefix: String = sqlitePrefix) -> String { "\(prefix): send \(grouped(size.sends))" }

    /// Every store scene's name, to skip building a database when `--only` leaves them all out.
    static func names(_ size: StoreSize, prefix: String) -> [String] {
        ["inbox page", "inbox page 3", "unread count", "league table 380 matches"].map { "\(prefix): \($0)" }
            + [StoreSwapDay.sceneName(size, prefix: prefix), sendName(size, prefix: prefix), "\(prefix): login"]
    }

    /// Builds the SQLite database and runs the store scenes on it; then, given `postgres` (an
    /// empty database), builds the same users, messages and league there and runs them again,
    /// so that the two stores' figures sit side by side. None when `--only` excludes them all.
    /// - Parameter keep: leave the SQLite database folder in place (its path is printed), for
    ///   inspecting the file with the sqlite3 tool.
    static func run(bench: Bench, size: StoreSize, keep: Bool, postgres: String?) throws -> [SceneResult] {
        var results: [SceneResult] = []
        if names(size, prefix: sqlitePrefix).contains(where: bench.includes) {
            let folder = FileManager.default.temporaryDirectory
                .appendingPathComponent("touchline-bench-store-\(ProcessInfo.processInfo.processIdentifier)")
            try? FileManager.default.removeItem(at: folder)
            defer {
                if keep {
                    print("note: kept the store database at \(folder.path)")
                } else {
                    try? FileManager.default.removeItem(at: folder)
                }
            }
            let fixture = try StoreFixture.build(reference: folder.appendingPathComponent("club.sqlite").path, size: size)
            defer { fixture.store.close() }
            results += try scenes(fixture, bench: bench, size: size, prefix: sqlitePrefix)
        }
        if let postgres, names(size, prefix: postgresPrefix).contains(where: bench.includes) {
            let fixture = try StoreFixture.build(reference: postgres, size: size)
            defer { fixture.store.close() }
            results += try scenes(fixture, bench: bench, size: size, prefix: postgresPrefix)
        }
        return results
    }

    /// The read scenes first, then sending (which grows the database), then the login.
    private static func scenes(_ fixture: StoreFixture, bench: Bench, size: StoreSize, prefix: String) throws -> [SceneResult] {
        [try inboxScene(fixture, bench: bench, page: 1, prefix: prefix),
         try inboxScene(fixture, bench: bench, page: 3, prefix: prefix),
         try unreadScene(fixture, bench: bench, prefix: prefix),
         try leagueTableScene(fixture, bench: bench, prefix: prefix),
         try fixture.swapDay.scene(bench: bench, store: fixture.store, size: size, prefix: prefix),
         try sendScene(fixture, bench: bench, size: size, prefix: prefix),
         try loginScene(fixture, bench: bench, prefix: prefix)]
    }

    /// One inbox page of 20, the first or a later one through `before:` (the cursor is found untimed).
    private static func inboxScene(_ fixture: StoreFixture, bench: Bench, page: Int, prefix: String) throws -> SceneResult {
        let messaging = fixture.messaging, reader = fixture.reader
        let (before, reached) = try fixture.cursor(ofPage: page)
        let call = page == 1 ? "inbox(_:)" : "inbox(_:before:)"
        let shortfall = reached < page ? "; the inbox is shorter, so its last page (\(reached)) is timed" : ""
        return try bench.inProcess(page == 1 ? "\(prefix): inbox page" : "\(prefix): inbox page \(page)",
                                   note: "\(call) of \(reader.username), \(fixture.inboxSize) received\(shortfall)") {
            try timed {
                let listed = try messaging.inbox(reader, before: before)
                guard !listed.messages.isEmpty else { throw BenchError("inbox page \(reached) is empty") }
                return 0
            }
        }
    }

    private static func unreadScene(_ fixture: StoreFixture, bench: Bench, prefix: String) throws -> SceneResult {
        let messaging = fixture.messaging, reader = fixture.reader
        let unread = try messaging.unreadCount(reader)
        return try bench.inProcess("\(prefix): unread count", note: "unreadCount of \(reader.username): \(unread)") {
            try timed { _ = try messaging.unreadCount(reader); return 0 }
        }
    }

    /// `size.sends` messages from one user to random recipients, `sendAll` in batches of
    /// `size.batch` (one transaction each). The batches are made once, untimed.
    private static func sendScene(_ fixture: StoreFixture, bench: Bench, size: StoreSize, prefix: String) throws -> SceneResult {
        let messaging = fixture.messaging, sender = fixture.sender
        let batches = sendBatches(size: size, sender: fixture.senderIndex)
        var result = try bench.inProcess(sendName(size, prefix: prefix)) {
            try timed {
                for batch in batches { try messaging.sendAll(sender, batch) }
                return 0
            }
        }
        if result.runs > 0, result.medianMs > 0 {
            let rate = Int((Double(size.sends) / (result.medianMs / 1000)).rounded())
            result.note = "sendAll in batches of \(grouped(size.batch)) into the built database: \(grouped(rate)) messages/s (median)"
            print("note: \(result.scene): \(grouped(rate)) messages per second (median run; target 5,000)")
        }
        return result
    }

    /// La Liga 2022/23 (380 matches, la-liga rules with head-to-head), imported into the
    /// database untimed; its table read from the database and computed, as `league table` does.
    private static func leagueTableScene(_ fixture: StoreFixture, bench: Bench, prefix: String) throws -> SceneResult {
        let leagues = Leagues(store: fixture.store, viewer: fixture.reader)
        return try bench.inProcess("\(prefix): league table 380 matches", note: "Leagues.table of LaLiga 2022/23 from the database") {
            try timed {
                let standings = try leagues.table(.id(fixture.league))
                guard standings.rows.count == 20 else { throw BenchError("the league table has \(standings.rows.count) rows") }
                return 0
            }
        }
    }

    private static func sendBatches(size: StoreSize, sender: Int) -> [[OutgoingMessage]] {
        var random = SeededRandom(seed: seed ^ 0xD0_5E4D)
        return stride(from: 0, to: size.sends, by: size.batch).map { start in
            (start..<min(start + size.batch, size.sends)).map { number in
                message(number: number, from: sender, to: random.index(below: size.users, excluding: sender))
            }
        }
    }

    /// One `authenticate` with the production hasher, as `touchline login` does it.
    private static func loginScene(_ fixture: StoreFixture, bench: Bench, prefix: String) throws -> SceneResult {
        let accounts = Accounts(store: fixture.store)
        return try bench.inProcess("\(prefix): login", note: "authenticate with the production scrypt (ln=17, r=8, p=1)") {
            try timed { _ = try accounts.authenticate(username: loginUsername, password: loginPassword); return 0 }
        }
    }

    static func username(_ index: Int) -> String { "user" + String(format: "%05d", index) }

    /// Message number `number`, about 200 characters of body.
    static func message(number: Int, from sender: Int, to recipient: Int) -> OutgoingMessage {
        OutgoingMessage(
            to: username(recipient), subject: "Training, week \(number % 52 + 1)",
            body: "Hi \(username(recipient)), training moves to \(18 + number % 3):30 on pitch \(number % 4 + 1). "
                + "Bring boots, shin pads and water; we work on pressing and set pieces. "
                + "Message \(number) from \(username(sender)).")
    }

    /// `value` (not negative) with thousands separators, whatever the locale.
    static func grouped(_ value: Int) -> String {
        let digits = Array(String(value))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index).isMultiple(of: 3) { text.append(",") }
            text.append(digit)
        }
        return text
    }
}

/// The built database and the users the store scenes act as.
struct StoreFixture {
    var store: ClubStore
    var messaging: Messaging
    /// The user whose inbox is read: the first with the median number of messages received.
    var reader: ActingUser
    var inboxSize: Int
    /// The user the send scene sends from.
    var sender: ActingUser
    var senderIndex: Int

    /// The league the table scene reads.
    var league: Int64
    /// The collection the swap-plan scene plans.
    var swapDay: StoreSwapDay

    /// Creates and fills the database `reference` (an SQLite path, or an empty PostgreSQL
    /// database's URL), printing how long it took; then registers the login scene's user,
    /// imports the table scene's league and marks the reader's older mail read (all untimed).
    static func build(reference: String, size: StoreSize) throws -> StoreFixture {
        let store = try ClubStore(reference)
        var builder = StoreBuilder(store: store, size: size)
        let clock = ContinuousClock()
        let users = try clock.measure { try builder.registerUsers() }
        let messages = try clock.measure { try builder.sendMessages() }
        printBuildNote(store: store, size: size, users: users, messages: messages)

        try Accounts(store: store).register(username: StoreScene.loginUsername, displayName: "Login",
                                            email: "login@example.org", password: StoreScene.loginPassword)
        let readerIndex = builder.typicalUser()
        let reader = try builder.actor(readerIndex)
        let sender = try builder.actor(0)
        let season = try Data(contentsOf: URL(fileURLWithPath: "examples/leagues/laliga-2022-23.json"))
        let (league, _) = try Leagues(store: store).importSeason(reader, data: season, source: "laliga-2022-23.json",
                                                                 name: "LaLiga", rules: "la-liga")
        let swapDay = try StoreSwapDay.build(store: store, size: size) { try builder.actor($0) }
        let fixture = StoreFixture(store: store, messaging: Messaging(store: store), reader: reader,
                                   inboxSize: builder.received[readerIndex], sender: sender, senderIndex: 0,
                                   league: league.id, swapDay: swapDay)
        try fixture.markOlderMailRead()
        return fixture
    }

    private static func printBuildNote(store: ClubStore, size: StoreSize, users: Duration, messages: Duration) {
        let seconds = { (duration: Duration) in Bench.milliseconds(duration) / 1000 }
        let total = seconds(users + messages)
        let bytes = [store.path, store.path + "-wal"].compactMap {
            try? FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int
        }.reduce(0, +)
        let footprint = bytes > 0 ? "\(String(format: "%.0f", Double(bytes) / 1_048_576)) MiB" : store.path
        print("note: store database of \(StoreScene.grouped(size.users)) users and "
            + "\(StoreScene.grouped(size.messages)) messages built in \(String(format: "%.1f", total)) s "
            + "(users \(String(format: "%.1f", seconds(users))) s, messages \(String(format: "%.1f", seconds(messages))) s, "
            + "\(StoreScene.grouped(Int(Double(size.messages) / seconds(messages)))) messages/s); \(footprint)")
    }

    /// Opens every message of the reader's inbox past the first page, as a user who has read
    /// their older mail would have; the newest page stays unread.
    func markOlderMailRead() throws {
        var cursor = try messaging.inbox(reader).nextBefore
        while let before = cursor {
            let page = try messaging.inbox(reader, before: before)
            for summary in page.messages { _ = try messaging.read(reader, id: summary.id) }
            cursor = page.nextBefore
        }
    }

    /// The `before` cursor of inbox page `page` (1 is the newest, with no cursor), or of the
    /// last page when the inbox is shorter; and the page reached.
    func cursor(ofPage page: Int) throws -> (before: Int64?, page: Int) {
        var before: Int64?
        var reached = 1
        while reached < page {
            guard let next = try messaging.inbox(reader, before: before).nextBefore else { break }
            before = next
            reached += 1
        }
        return (before, reached)
    }
}

/// Fills a new store: users through `Accounts` (with the fast hasher), then messages through
/// `Messaging.sendAll` in batches of `size.batch`, each batch from one random sender to random
/// recipients.
struct StoreBuilder {
    let size: StoreSize
    let accounts: Accounts
    let messaging: Messaging
    /// How many messages each user has received, by user index.
    private(set) var received: [Int]
    private var actors: [Int: ActingUser] = [:]
    private var random = SeededRandom(seed: StoreScene.seed)

    init(store: ClubStore, size: StoreSize) {
        self.size = size
        accounts = Accounts(store: store, hasher: StoreScene.fastHasher)
        messaging = Messaging(store: store)
        received = Array(repeating: 0, count: size.users)
    }

    func registerUsers() throws {
        for index in 0..<size.users {
            let name = StoreScene.username(index)
            try accounts.register(username: name, displayName: "Player \(index)", email: "\(name)@example.org",
                                  password: StoreScene.password)
        }
    }

    mutating func sendMessages() throws {
        var sent = 0
        while sent < size.messages {
            let sender = random.index(below: size.users)
            let batch = nextBatch(from: sender, numbers: sent..<min(sent + size.batch, size.messages))
            try messaging.sendAll(try actor(sender), batch)
            sent += batch.count
        }
    }

    private mutating func nextBatch(from sender: Int, numbers: Range<Int>) -> [OutgoingMessage] {
        var batch: [OutgoingMessage] = []
        batch.reserveCapacity(numbers.count)
        for number in numbers {
            let recipient = random.index(below: size.users, excluding: sender)
            received[recipient] += 1
            batch.append(StoreScene.message(number: number, from: sender, to: recipient))
        }
        return batch
    }

    /// User `index`, logged in once (actors come only from `authenticate`).
    mutating func actor(_ index: Int) throws -> ActingUser {
        if let known = actors[index] { return known }
        let actor = try accounts.authenticate(username: StoreScene.username(index), password: StoreScene.password)
        actors[index] = actor
        return actor
    }

    /// The first user with the median number of messages received.
    func typicalUser() -> Int {
        let median = received.sorted()[received.count / 2]
        return received.firstIndex(of: median) ?? 0
    }
}

extension SeededRandom {
    /// A uniform index in `0..<count` other than `skipped` (`count` > 1).
    mutating func index(below count: Int, excluding skipped: Int) -> Int {
        let drawn = index(below: count - 1)
        return drawn >= skipped ? drawn + 1 : drawn
    }
}
