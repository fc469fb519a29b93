import Foundation

/// What ``StoreCopy`` copied: every table in the order it was written, with its row count and
/// checksum, which the target matched before the copy was committed. The same rows give the
/// same checksums on either store, so the report of a copy from SQLite to PostgreSQL and that
/// of the copy back list the same figures.
public struct StoreCopyReport: Sendable, Equatable, Codable {
    /// One table's figures.
    public struct Table: Sendable, Equatable, Codable {
        /// The table's name, as the SQLite schema spells it (`matchEvent`).
        public var table: String
        /// How many rows it holds.
        public var rows: Int
        /// The SHA-256 of its rows in primary-key order, 64 lower-case hex digits (see
        /// ``StoreCopy`` for the encoding).
        public var sha256: String

        public init(table: String, rows: Int, sha256: String) {
            self.table = table
            self.rows = rows
            self.sha256 = sha256
        }
    }

    /// The source, as messages name it (an SQLite path, or a URL without password).
    public var source: String
    /// The target, named the same way.
    public var target: String
    /// Whether the target held rows, which were deleted first (`--replace`).
    public var replaced: Bool
    /// Every table, in ``StoreCopy/tableOrder``.
    public var tables: [Table]

    public init(source: String, target: String, replaced: Bool, tables: [Table]) {
        self.source = source
        self.target = target
        self.replaced = replaced
        self.tables = tables
    }

    /// The rows of every table.
    public var rows: Int { tables.reduce(0) { $0 + $1.rows } }
}
