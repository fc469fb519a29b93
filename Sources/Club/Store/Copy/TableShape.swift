import Foundation

/// The type of a column as a copy carries it: what the SQLite declaration or the PostgreSQL
/// type means (``PostgresSchema``'s mapping, read backwards).
enum ColumnKind: String, Sendable, Equatable {
    /// SQLite `INTEGER`; PostgreSQL `BIGINT`.
    case integer
    /// SQLite `REAL`; PostgreSQL `DOUBLE PRECISION`.
    case real
    /// SQLite `TEXT` (with or without `COLLATE NOCASE`); PostgreSQL `TEXT` or `CITEXT`.
    case text
    /// SQLite `BLOB`; PostgreSQL `BYTEA`.
    case blob
    /// SQLite `BOOLEAN` (the integers 0 and 1); PostgreSQL `BOOLEAN`.
    case boolean
    /// SQLite `DATETIME` (GRDB's text, `yyyy-MM-dd HH:mm:ss.SSS`, UTC); PostgreSQL `TIMESTAMPTZ`.
    case timestamp

    /// The kind of an SQLite column declared `type`.
    init?(sqliteDeclaration type: String) {
        switch type.uppercased() {
        case "INTEGER": self = .integer
        case "REAL": self = .real
        case "TEXT": self = .text
        case "BLOB": self = .blob
        case "BOOLEAN": self = .boolean
        case "DATETIME": self = .timestamp
        default: return nil
        }
    }

    /// The kind of a PostgreSQL column of `information_schema.columns`' `data_type`.
    init?(postgresType type: String) {
        switch type {
        case "bigint", "integer", "smallint": self = .integer
        case "double precision", "real": self = .real
        case "text", "character varying": self = .text
        case "bytea": self = .blob
        case "boolean": self = .boolean
        case "timestamp with time zone": self = .timestamp
        default: return nil
        }
    }
}

/// A table's columns and key as one database's catalogue gives them, in the form both stores
/// share: names lower-cased (PostgreSQL folds them), columns sorted by name (so that the
/// physical order, which a rebuilt SQLite table may change, does not matter).
struct TableShape: Sendable, Equatable {
    struct Column: Sendable, Equatable {
        /// Lower-cased.
        let name: String
        let kind: ColumnKind
    }

    /// Sorted by name.
    let columns: [Column]
    /// The primary key's columns in key order; empty for a table without one.
    let key: [String]

    /// The columns rows are read in order of: the key, else every column.
    var order: [Column] {
        key.isEmpty ? columns : key.compactMap { name in columns.first { $0.name == name } }
    }

    /// The single integer key column, by which a table is read in pages.
    var integerKey: Column? {
        guard key.count == 1, let column = columns.first(where: { $0.name == key[0] }), column.kind == .integer else { return nil }
        return column
    }

    /// The names of the tables of the database `transaction` is on, lower-cased, without the
    /// store's own (`sqlite_...`) and the migrations' bookkeeping.
    static func tables(in transaction: StoreTransaction) throws -> Set<String> {
        let names: [String]
        switch transaction.dialect {
        case .sqlite:
            names = try transaction.values(String.self, "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")
        case .postgres:
            names = try transaction.values(String.self, "SELECT tablename::text FROM pg_tables WHERE schemaname = current_schema()")
        }
        let bookkeeping = Set(CopiedTable.bookkeeping.map { $0.lowercased() })
        return Set(names.map { $0.lowercased() }).subtracting(bookkeeping)
    }

    /// The shape of `table` in the database `transaction` is on.
    ///
    /// - Throws: ``StoreCopyError/unknownTable(database:table:)`` when it has no such table,
    ///   ``StoreCopyError/schemaMismatch(table:message:)`` for a column of a type the copy
    ///   does not carry.
    static func read(_ table: CopiedTable, in transaction: StoreTransaction, database: String) throws -> TableShape {
        var columns: [Column] = []
        var keyed: [(position: Int, name: String)] = []
        switch transaction.dialect {
        case .sqlite:
            for row in try transaction.fetchAll("SELECT name, type, pk FROM pragma_table_info(?)", [table.name]) {
                let name: String = try row("name")
                let type: String = try row("type")
                guard let kind = ColumnKind(sqliteDeclaration: type) else {
                    throw StoreCopyError.schemaMismatch(table: table.name, message: "column \(name) is declared \(type), which a copy does not carry")
                }
                columns.append(Column(name: name.lowercased(), kind: kind))
                let position: Int = try row("pk")
                if position > 0 { keyed.append((position, name.lowercased())) }
            }
        case .postgres:
            for row in try transaction.fetchAll("""
                SELECT column_name::text AS name, data_type::text AS type, udt_name::text AS udt FROM information_schema.columns
                WHERE table_schema = current_schema() AND table_name = ?
                """, [table.name.lowercased()]) {
                let name: String = try row("name")
                let type: String = try row("type")
                let udt: String = try row("udt")
                guard let kind = ColumnKind(postgresType: type) else {
                    throw StoreCopyError.schemaMismatch(table: table.name, message: "column \(name) is of type \(udt), which a copy does not carry")
                }
                columns.append(Column(name: name.lowercased(), kind: kind))
            }
            for row in try transaction.fetchAll("""
                SELECT usage.column_name::text AS name, usage.ordinal_position::integer AS position
                FROM information_schema.table_constraints AS constraints
                JOIN information_schema.key_column_usage AS usage
                  ON usage.constraint_schema = constraints.constraint_schema
                 AND usage.constraint_name = constraints.constraint_name
                 AND usage.table_name = constraints.table_name
                WHERE constraints.table_schema = current_schema() AND constraints.table_name = ?
                  AND constraints.constraint_type = 'PRIMARY KEY'
                """, [table.name.lowercased()]) {
                let position: Int = try row("position")
                let name: String = try row("name")
                keyed.append((position, name.lowercased()))
            }
        }
        guard !columns.isEmpty else { throw StoreCopyError.unknownTable(database: database, table: table.name) }
        return TableShape(columns: columns.sorted { $0.name < $1.name },
                          key: keyed.sorted { $0.position < $1.position }.map(\.name))
    }

    /// What differs between this shape (the source's) and `target`'s, in words, or nil.
    func difference(from target: TableShape) -> String? {
        let mine = Dictionary(uniqueKeysWithValues: columns.map { ($0.name, $0.kind) })
        let theirs = Dictionary(uniqueKeysWithValues: target.columns.map { ($0.name, $0.kind) })
        for column in columns where theirs[column.name] == nil {
            return "the source has a column \(column.name) that the target lacks"
        }
        for column in target.columns where mine[column.name] == nil {
            return "the target has a column \(column.name) that the source lacks"
        }
        for column in columns where theirs[column.name] != column.kind {
            return "column \(column.name) holds \(column.kind.rawValue) values in the source, "
                + "\(theirs[column.name]?.rawValue ?? "none") in the target"
        }
        if key != target.key {
            return "the primary key is (\(key.joined(separator: ", "))) in the source, (\(target.key.joined(separator: ", "))) in the target"
        }
        return nil
    }
}
