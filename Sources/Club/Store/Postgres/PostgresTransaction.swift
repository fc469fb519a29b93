import Foundation
import Logging
import PostgresNIO

/// A transaction on the PostgreSQL store: one pooled connection between BEGIN and COMMIT.
/// Statements are the shared SQL with `?` turned into `$1`, `$2`, ...; each waits for its
/// result on the calling thread (services run on worker threads, never on an event loop).
struct PostgresTransaction: StoreTransaction {
    let pooled: PooledConnection
    let logger: Logger
    /// Set for ``PostgresStore/writeOneStatement(_:)``, whose statements each commit alone:
    /// a second statement, which would not be atomic with the first, is refused.
    var oneStatement: OneStatement?

    var dialect: SQLDialect { .postgres }

    var connection: PostgresConnection { pooled.connection }

    @discardableResult
    func execute(_ sql: String, _ arguments: [any SQLBindable]) throws -> Int {
        try oneStatement?.spend(sql)
        let result = try connection.query(try Self.query(sql, arguments), logger: logger).wait()
        return result.metadata.rows ?? 0
    }

    func fetchAll(_ sql: String, _ arguments: [any SQLBindable]) throws -> [SQLRow] {
        try oneStatement?.spend(sql)
        let result = try connection.query(try Self.query(sql, arguments), logger: logger).wait()
        guard let first = result.rows.first else { return [] }
        let columns = SQLColumns(names: first.map(\.columnName))
        return result.rows.map { SQLRow(postgres: $0, columns: columns) }
    }

    /// Runs a hot query as a statement prepared once on this connection
    /// (``PooledConnection/run(_:_:)``).
    func fetchAllPrepared(_ sql: String, _ arguments: [any SQLBindable]) throws -> [SQLRow] {
        try oneStatement?.spend(sql)
        try checkStorable(arguments)
        let rows = try pooled.run(sql, arguments.map(\.postgresArgument))
        guard let first = rows.first else { return [] }
        let columns = SQLColumns(names: first.map(\.columnName))
        return rows.map { SQLRow(prepared: $0, columns: columns) }
    }

    /// Runs SQL without arguments that may hold several statements (a migration), one
    /// statement at a time: postgres-nio speaks only the extended protocol, which takes one.
    func executeScript(_ sql: String) throws {
        for statement in Self.statements(sql) {
            _ = try connection.query(PostgresQuery(unsafeSQL: statement), logger: logger).wait()
        }
    }

    /// `sql` cut at each `;` that ends a statement: not one inside quotes ('...', "..."),
    /// dollar quotes (`$$ ... $$`, `$body$ ... $body$`, as function bodies use) or comments.
    static func statements(_ sql: String) -> [String] {
        let characters = Array(sql)
        var statements: [String] = []
        var start = 0
        var index = 0
        func flush(_ end: Int) {
            let statement = String(characters[start..<end]).trimmingCharacters(in: .whitespacesAndNewlines)
            if !statement.isEmpty, !statement.split(separator: "\n").allSatisfy({ $0.trimmingCharacters(in: .whitespaces).hasPrefix("--") || $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
                statements.append(statement)
            }
        }
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "'", "\"":
                index += 1
                while index < characters.count, characters[index] != character { index += 1 }
            case "-" where index + 1 < characters.count && characters[index + 1] == "-":
                while index < characters.count, characters[index] != "\n" { index += 1 }
            case "/" where index + 1 < characters.count && characters[index + 1] == "*":
                index += 2
                while index + 1 < characters.count, !(characters[index] == "*" && characters[index + 1] == "/") { index += 1 }
                index += 1
            case "$":
                // A dollar quote's tag: $$ or $name$ (a letter or _ first, then letters, digits, _).
                var end = index + 1
                while end < characters.count, characters[end].isLetter || characters[end] == "_"
                        || (end > index + 1 && characters[end].isNumber) { end += 1 }
                guard end < characters.count, characters[end] == "$" else { break }
                let tag = characters[index...end]
                index = end + 1
                while index + tag.count <= characters.count, characters[index..<(index + tag.count)] != tag { index += 1 }
                index += tag.count - 1
            case ";":
                flush(index)
                start = index + 1
            default:
                break
            }
            index += 1
        }
        flush(characters.count)
        return statements
    }

    static func query(_ sql: String, _ arguments: [any SQLBindable]) throws -> PostgresQuery {
        try checkStorable(arguments)
        var bindings = PostgresBindings(capacity: arguments.count)
        for argument in arguments { argument.bind(to: &bindings) }
        return PostgresQuery(unsafeSQL: numberedPlaceholders(sql), binds: bindings)
    }

    /// `?` as `$1`, `$2`, ... in order, outside quoted strings, quoted names and comments;
    /// `spelled` writes placeholder `n` (with a type, say).
    static func numberedPlaceholders(_ sql: String, spelled: (Int) -> String = { "$\($0)" }) -> String {
        var result = ""
        result.reserveCapacity(sql.utf8.count + 16)
        var number = 0
        var quote: Character?
        var lineComment = false
        var previous: Character = " "
        for character in sql {
            defer { previous = character }
            if lineComment {
                if character == "\n" { lineComment = false }
            } else if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "-" && previous == "-" {
                lineComment = true
            } else if character == "?" {
                number += 1
                result += spelled(number)
                continue
            }
            result.append(character)
        }
        return result
    }
}

/// The one statement of a one-statement write (autocommit), spent by the first statement.
final class OneStatement {
    private var spent = false

    /// Lets the first statement run; throws for any after it.
    func spend(_ sql: String) throws {
        guard !spent else { throw StoreError.notOneStatement(sql) }
        spent = true
    }
}
