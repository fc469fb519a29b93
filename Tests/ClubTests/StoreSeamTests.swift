import Foundation
import Testing

/// ARCHITECTURE.md: "SQL lives only in Club's stores, behind the services". The services decide
/// and call the aggregates' stores (`Sources/Club/Store/Aggregates`); no SQL text, statement or
/// dialect may creep back into them, nor into the front ends.
@Suite struct StoreSeamTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    /// What only a store may write: statements run on a transaction, the dialect, rows, and SQL's
    /// own words as they start a statement in a string.
    static let storeOnly = [
        "db.execute(", "db.fetchAll(", "db.fetchOne(", "db.value(", "db.values(", "db.exists(", "db.insert(",
        "db.insertAll(", ".dialect", "SQLRow", "Keyset(", "\"SELECT ", "\"INSERT ", "\"UPDATE ", "\"DELETE ",
        "SELECT ", "INSERT INTO", "DELETE FROM",
    ]

    static func swiftFiles(under folder: String) throws -> [URL] {
        let root = sources.appendingPathComponent(folder)
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        let files = (enumerator?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
        return files.sorted { $0.path < $1.path }
    }

    static func offences(in folder: String) throws -> [String] {
        var found: [String] = []
        for file in try swiftFiles(under: folder) {
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (number, line) in lines.enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//") else { continue }
                for word in storeOnly where code.contains(word) {
                    found.append("\(file.lastPathComponent):\(number + 1): \(word)")
                }
            }
        }
        return found
    }

    @Test func theServicesHoldNoSQL() throws {
        let files = try Self.swiftFiles(under: "Club/Services")
        #expect(files.count > 10, "the services were not found under \(Self.sources.path)")
        #expect(try Self.offences(in: "Club/Services") == [])
    }

    @Test func theFrontEndsHoldNoSQL() throws {
        for folder in ["TouchlineCLI", "TouchlineServer"] {
            #expect(try !Self.swiftFiles(under: folder).isEmpty, "\(folder) was not found")
            #expect(try Self.offences(in: folder) == [], "\(folder)")
        }
    }

    /// The check finds what it looks for (so an empty result above means something).
    @Test func theCheckFindsSQLInTheStores() throws {
        #expect(try Self.offences(in: "Club/Store/Aggregates").count > 50)
    }
}
