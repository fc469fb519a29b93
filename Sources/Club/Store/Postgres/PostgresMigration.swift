/// One version of the PostgreSQL schema: the SQLite migration of the same identifier
/// (``ClubStore/migrator``), written in PostgreSQL's dialect.
///
/// The runner applies the migrations of ``PostgresSchema/migrations`` in order, each as one
/// simple query (several statements), then ``fill`` and ``sqlAfterFill`` when given, inside one
/// transaction, and records `identifier` as applied, as GRDB records the SQLite ones.
struct PostgresMigration: Sendable {
    /// The SQLite migration's identifier, character for character ("v1 accounts, teams, squads,
    /// messaging"), so that both stores name a version the same way.
    let identifier: String
    /// The statements that bring a database at the previous version to this one.
    let sql: String
    /// Swift that writes what SQL cannot compute (``FoldedKeyMigration/fill(_:)``), the same
    /// function the SQLite migration calls.
    let fill: (@Sendable (StoreTransaction) throws -> Void)?
    /// The statements that need ``fill``'s rows, such as a unique index on what it wrote.
    let sqlAfterFill: String?

    init(identifier: String, sql: String, fill: (@Sendable (StoreTransaction) throws -> Void)? = nil,
         sqlAfterFill: String? = nil) {
        self.identifier = identifier
        self.sql = sql
        self.fill = fill
        self.sqlAfterFill = sqlAfterFill
    }
}
