/// One version of the PostgreSQL schema: the SQLite migration of the same identifier
/// (``ClubStore/migrator``), written in PostgreSQL's dialect.
///
/// The runner applies the migrations of ``PostgresSchema/migrations`` in order, each as one
/// simple query (several statements) inside one transaction, and records `identifier` as
/// applied, as GRDB records the SQLite ones.
struct PostgresMigration: Sendable {
    /// The SQLite migration's identifier, character for character ("v1 accounts, teams, squads,
    /// messaging"), so that both stores name a version the same way.
    let identifier: String
    /// The statements that bring a database at the previous version to this one.
    let sql: String
}
