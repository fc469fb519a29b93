import Routes
import Testing

/// `Shard`, the rule `touchline route thumbs --shard K/N` picks its files by.
@Suite struct ShardTests {
    @Test(arguments: [("1/1", 1, 1), ("1/4", 1, 4), ("4/4", 4, 4), ("2/3", 2, 3), ("10000/10000", 10_000, 10_000),
                      ("07/10", 7, 10)])
    func readsKOfN(_ text: String, _ index: Int, _ count: Int) throws {
        let shard = try #require(Shard(text))
        #expect(shard.index == index && shard.count == count)
        #expect(shard == Shard(index: index, count: count))
        #expect(shard.description == "\(index)/\(count)")
    }

    @Test(arguments: ["0/3", "4/3", "1/0", "0/0", "a/b", "1/3/4", "3", "", "/", "1/", "/3", " 1/3", "1/3 ", "+1/3", "-1/3",
                      "1/-3", "1.0/3", "1/10001", "99999999999999999999/3", "1/99999999999999999999", "\u{0661}/3", "1\\3"])
    func refusesAnythingElse(_ text: String) {
        #expect(Shard(text) == nil, "\(text)")
    }

    @Test func theLimitsAreTheRule() {
        #expect(Shard.rule == "K/N with N from 1 to 10000 and K from 1 to N")
        #expect(Shard(index: 1, count: Shard.maximumCount) != nil)
        #expect(Shard(index: 1, count: Shard.maximumCount + 1) == nil)
        #expect(Shard(index: 0, count: 1) == nil && Shard(index: 2, count: 1) == nil)
    }

    @Test func everyPathIsInExactlyOneShardAndTheShardsAreEven() throws {
        let paths = (1...1_000).map { "tracks/\(2_020 + $0 % 5)/run-\($0).gpx" }
        for count in 1...7 {
            let shards = try (1...count).map { try #require(Shard(index: $0, count: count)) }
            var sizes = Array(repeating: 0, count: count)
            for path in paths {
                let holders = shards.filter { $0.contains(path) }
                #expect(holders.count == 1, "\(path) is in \(holders.count) of \(count) shards")
                if let holder = holders.first { sizes[holder.index - 1] += 1 }
            }
            #expect(sizes.reduce(0, +) == paths.count)
            // Each within a quarter of an even share (the counts are fixed, so this never flakes).
            let even = Double(paths.count) / Double(count)
            #expect(sizes.allSatisfy { abs(Double($0) - even) <= even / 4 }, "\(count) shards: \(sizes)")
        }
    }

    /// Pins the hash across releases: jobs of one batch may run different Touchline builds (a
    /// rolling upgrade, a Slurm array over mixed nodes), and all must split it the same way. The
    /// values came from this implementation and agree with SHA-256 computed outside Swift
    /// (the first 8 bytes of `printf %s PATH | sha256sum`, big-endian, modulo N, plus 1). If
    /// this fails, the split changed: that breaks batches split across versions.
    @Test(arguments: [("tracks/2024-06-01-morning-run.gpx", 4, 1),
                      ("./tracks/2024-06-01-morning-run.gpx", 4, 3),
                      ("tracks/\u{F1}and\u{FA}-\u{FC}ber.gpx", 4, 4),
                      ("examples/routes/garmin-hike.gpx", 4, 1),
                      ("/data/tracks/2024-06-01-morning-run.gpx", 10_000, 6_933)])
    func theShardOfAPathIsPinned(_ path: String, _ count: Int, _ index: Int) throws {
        let holders = (1...count).filter { Shard(index: $0, count: count)?.contains(path) == true }
        #expect(holders == [index], "\(path) of \(count)")
    }
}
