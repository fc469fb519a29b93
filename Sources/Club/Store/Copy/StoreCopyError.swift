import Foundation

/// Why ``StoreCopy`` refused or failed, naming the database, table, row and column involved.
/// Whatever the error, the target keeps what it held before (one transaction), and a new
/// SQLite target file is removed again.
public enum StoreCopyError: Error, Equatable, LocalizedError {
    /// The source is an SQLite file that does not exist (it is never created).
    case sourceMissing(path: String)
    /// The source and the target are one database.
    case sameDatabase(source: String, target: String)
    /// The target holds rows and the copy was not told to replace them; `table` is the first
    /// table, in ``StoreCopy/tableOrder``, that holds any.
    case targetNotEmpty(target: String, table: String, rows: Int)
    /// A table that one database has and the copy does not know, or that lacks a table it knows.
    case unknownTable(database: String, table: String)
    /// A table whose columns, their types or its key differ between the two databases, or
    /// use a type the copy does not carry.
    case schemaMismatch(table: String, message: String)
    /// A stored value that does not fit its column's type (SQLite stores what it is given).
    case unreadableValue(table: String, row: String, column: String, problem: String)
    /// The target refused a row of `table` (a constraint of its schema).
    case rowRefused(table: String, message: String)
    /// What the target holds after the copy is not what the source holds: the rows were
    /// changed on the way (a trigger, a conversion) and nothing was kept.
    case verificationFailed(table: String, sourceRows: Int, targetRows: Int, sourceChecksum: String, targetChecksum: String)

    public var errorDescription: String? {
        switch self {
        case .sourceMissing(let path):
            return "\(path): no such database to copy from (a copy never creates its source)"
        case .sameDatabase(let source, let target):
            return "\(target) is the database \(source) itself: copy into another database"
        case .targetNotEmpty(let target, let table, let rows):
            return "\(target) is not empty (table \(table) holds \(rows) \(rows == 1 ? "row" : "rows")): "
                + "copy into an empty database, or replace what it holds with --replace"
        case .unknownTable(let database, let table):
            return "\(database): table \(table) is not one this touchline copies; both databases must have this touchline's schema"
        case .schemaMismatch(let table, let message):
            return "table \(table): \(message)"
        case .unreadableValue(let table, let row, let column, let problem):
            return "table \(table), row \(row), column \(column): \(problem)"
        case .rowRefused(let table, let message):
            return "table \(table): the target refused a row: \(message)"
        case .verificationFailed(let table, let sourceRows, let targetRows, let sourceChecksum, let targetChecksum):
            let what = sourceRows == targetRows
                ? "SHA-256 \(sourceChecksum.prefix(16)) in the source, \(targetChecksum.prefix(16)) in the target"
                : "\(sourceRows) rows in the source, \(targetRows) in the target"
            return "table \(table) did not arrive intact (\(what)); nothing was copied"
        }
    }
}
