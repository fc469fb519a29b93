import Foundation

/// A fault between the services and a store that no input causes: a statement that does not
/// match the schema. Reported, never trapped, so a damaged database cannot crash the process.
enum StoreError: Error, LocalizedError, Equatable {
    /// A result column that is missing or holds another type.
    case column(String, problem: String)
    /// A second statement in a one-statement write (``ClubStore/writeOneStatement(_:)``),
    /// where it would commit apart from the first: a programming error.
    case notOneStatement(String)

    var errorDescription: String? {
        switch self {
        case .column(let name, let problem): return "the database's column \(name) \(problem)"
        case .notOneStatement(let sql): return "a one-statement write ran a second statement: \(sql.prefix(80))"
        }
    }
}
