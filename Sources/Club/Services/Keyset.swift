import Foundation
import GRDB
import Support

/// The order of a list, as keyset paging reads it: a page resumes after the sort key of the
/// last item of the page before (carried in its cursor, ``PagingCursor/encode(key:)``), with a
/// `WHERE` condition rather than an offset, so that no page scans the ones before it and
/// items added or removed meanwhile never shift a page.
///
/// ```swift
/// static let order = Keyset(list: "team listing", [.text("team.season", .descending),
///                                                  .text("team.name", collation: "NOCASE"), .integer("team.id")])
/// let (condition, arguments) = try order.after(cursor)   // "1" for the first page
/// let sql = "SELECT team.*, \(order.selection) FROM team WHERE \(condition) ORDER BY \(order.orderBy) LIMIT ?"
/// ```
struct Keyset: Sendable {
    /// One sort column: an SQL expression that is never NULL (write `ifnull(...)` and an
    /// `IS NULL` column before it for a nullable one), with its collation when it has one.
    struct Column: Sendable {
        var expression: String
        var collation: String?
        var isInteger: Bool
        var descending: Bool

        static func text(_ expression: String, collation: String? = nil, _ direction: Direction = .ascending) -> Column {
            Column(expression: expression, collation: collation, isInteger: false, descending: direction == .descending)
        }

        static func integer(_ expression: String, _ direction: Direction = .ascending) -> Column {
            Column(expression: expression, collation: nil, isInteger: true, descending: direction == .descending)
        }

        /// The expression as compared and sorted: in parentheses (`date IS NULL > ?` would
        /// read as `date IS (NULL > ?)`), then its collation.
        var operand: String {
            "(\(expression))" + (collation.map { " COLLATE \($0)" } ?? "")
        }
    }

    enum Direction: Sendable { case ascending, descending }

    /// Names the list in the message about a cursor it did not give ("team listing").
    let list: String
    /// The sort columns, the last one unique.
    let columns: [Column]

    init(list: String, _ columns: [Column]) {
        self.list = list
        self.columns = columns
    }

    /// The `ORDER BY` clause's terms.
    var orderBy: String {
        columns.map { "\($0.operand) \($0.descending ? "DESC" : "ASC")" }.joined(separator: ", ")
    }

    /// The select list's terms that read the key back (`keyset0`, `keyset1`, ...).
    var selection: String {
        columns.indices.map { "(\(columns[$0].expression)) AS keyset\($0)" }.joined(separator: ", ")
    }

    /// The condition selecting the items after the cursor's position, with its arguments;
    /// `"1"` (every item) without a cursor.
    ///
    /// - Throws: ``ClubError/invalid(field:message:)`` for a cursor that this list did not give.
    func after(_ cursor: String?) throws -> (condition: String, arguments: StatementArguments) {
        guard let cursor else { return ("1", []) }
        guard let key = PagingCursor.decodeKey(cursor), key.count == columns.count else { throw refusal(cursor) }
        var values: [DatabaseValue] = []
        for (column, text) in zip(columns, key) {
            if column.isInteger {
                guard let number = Int64(text) else { throw refusal(cursor) }
                values.append(number.databaseValue)
            } else {
                values.append(text.databaseValue)
            }
        }
        // (a, b, c) after (x, y, z): a > x OR (a = x AND (b > y OR (b = y AND c > z))), each
        // comparison turned for a descending column.
        var condition = ""
        var bound: [DatabaseValue] = []
        for (index, column) in columns.enumerated().reversed() {
            let comparison = "\(column.operand) \(column.descending ? "<" : ">") ?"
            if condition.isEmpty {
                condition = comparison
                bound = [values[index]]
            } else {
                condition = "\(comparison) OR (\(column.operand) = ? AND (\(condition)))"
                bound = [values[index], values[index]] + bound
            }
        }
        let arguments = StatementArguments(bound)
        return ("(\(condition))", arguments)
    }

    /// A page of at most `limit` items (brought into 1...``PagingCursor/maximumLimit``): `fetch`
    /// is asked for one row more than that, which tells whether another page follows, and its
    /// rows (holding ``selection``) are made the page's `items`.
    func page<Item>(limit: Int, fetch: (_ rows: Int) throws -> [Row],
                    items: ([Row]) throws -> [Item]) throws -> ListPage<Item> {
        let limit = Self.clamp(limit)
        let rows = try fetch(limit + 1)
        return ListPage(items: try items(Array(rows.prefix(limit))), next: next(after: rows, limit: limit))
    }

    /// The cursor of the page after `rows` when there are more items than `limit`, else nil.
    /// The rows must hold ``selection``.
    func next(after rows: [Row], limit: Int) -> String? {
        guard rows.count > limit, let last = rows.prefix(limit).last else { return nil }
        return PagingCursor.encode(key: columns.indices.map { index in
            let value = last["keyset\(index)"] as DatabaseValue
            switch value.storage {
            case .int64(let number): return String(number)
            case .string(let text): return text
            // Sort columns are integers or text, never NULL (see `Column`).
            case .double, .blob, .null: return ""
            }
        })
    }

    /// A page size brought into 1...``PagingCursor/maximumLimit``.
    private static func clamp(_ limit: Int) -> Int {
        max(1, min(limit, PagingCursor.maximumLimit))
    }

    private func refusal(_ cursor: String) -> ClubError {
        .invalid(field: "after", message: "'\(cursor.prefix(PagingCursor.maximumLength))' is not a cursor from a \(list)")
    }
}
