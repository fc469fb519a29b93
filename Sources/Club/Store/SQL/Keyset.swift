import Foundation
import Support

/// The order of a list, as keyset paging reads it: a page resumes after the sort key of the
/// last item of the page before (carried in its cursor, ``PagingCursor/encode(key:)``), with a
/// `WHERE` condition rather than an offset, so that no page scans the ones before it and
/// items added or removed meanwhile never shift a page. The SQL comes in the transaction's
/// dialect, since a column sorted ignoring case is spelled differently in each store.
///
/// ```swift
/// static let order = Keyset(list: "user search", [.text("username", ignoringCase: true), .integer("id")])
/// let (condition, arguments) = try order.after(cursor, db.dialect)   // "TRUE" for the first page
/// let sql = "SELECT id, \(order.selection) FROM \"user\" WHERE \(condition) ORDER BY \(order.orderBy(db.dialect)) LIMIT ?"
/// ```
struct Keyset: Sendable {
    /// One sort column: an SQL expression that is never NULL (write `coalesce(...)` and a
    /// `CASE WHEN ... IS NULL THEN 1 ELSE 0 END` column before it for a nullable one), text
    /// compared byte by byte or ignoring ASCII case (usernames; names sort by their
    /// ``CaseFold`` key column, byte by byte), or an integer.
    struct Column: Sendable {
        var expression: String
        var ignoringCase: Bool
        var isInteger: Bool
        var descending: Bool

        static func text(_ expression: String, ignoringCase: Bool = false, _ direction: Direction = .ascending) -> Column {
            Column(expression: expression, ignoringCase: ignoringCase, isInteger: false, descending: direction == .descending)
        }

        static func integer(_ expression: String, _ direction: Direction = .ascending) -> Column {
            Column(expression: expression, ignoringCase: false, isInteger: true, descending: direction == .descending)
        }

        /// The expression as compared and sorted: in parentheses (`a IS NULL > ?` would read
        /// as `a IS (NULL > ?)`), text folded when it is compared ignoring case, else by its
        /// bytes, so that both stores list in the same order whatever PostgreSQL's locale.
        func operand(_ dialect: SQLDialect) -> String {
            if isInteger { return "(\(expression))" }
            return ignoringCase ? dialect.orderIgnoringCase("(\(expression))") : dialect.orderBytewise("(\(expression))")
        }

        /// A bound argument as compared with ``operand(_:)``.
        func argument(_ dialect: SQLDialect) -> String {
            ignoringCase ? dialect.orderIgnoringCase("?") : "?"
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
    func orderBy(_ dialect: SQLDialect) -> String {
        columns.map { "\($0.operand(dialect)) \($0.descending ? "DESC" : "ASC")" }.joined(separator: ", ")
    }

    /// The select list's terms that read the key back (`keyset0`, `keyset1`, ...).
    var selection: String {
        columns.indices.map { "(\(columns[$0].expression)) AS keyset\($0)" }.joined(separator: ", ")
    }

    /// The condition selecting the items after the cursor's position, with its arguments;
    /// `TRUE` (every item) without a cursor.
    ///
    /// - Throws: ``ClubError/invalid(field:message:)`` for a cursor that this list did not give.
    func after(_ cursor: String?, _ dialect: SQLDialect) throws -> (condition: String, arguments: [any SQLBindable]) {
        guard let cursor else { return ("TRUE", []) }
        guard let key = PagingCursor.decodeKey(cursor), key.count == columns.count else { throw refusal(cursor) }
        var values: [any SQLBindable] = []
        for (column, text) in zip(columns, key) {
            if column.isInteger {
                guard let number = Int64(text) else { throw refusal(cursor) }
                values.append(number)
            } else {
                values.append(text)
            }
        }
        // (a, b, c) after (x, y, z): a > x OR (a = x AND (b > y OR (b = y AND c > z))), each
        // comparison turned for a descending column.
        var condition = ""
        var bound: [any SQLBindable] = []
        for (index, column) in columns.enumerated().reversed() {
            let operand = column.operand(dialect), argument = column.argument(dialect)
            let comparison = "\(operand) \(column.descending ? "<" : ">") \(argument)"
            if condition.isEmpty {
                condition = comparison
                bound = [values[index]]
            } else {
                condition = "\(comparison) OR (\(operand) = \(argument) AND (\(condition)))"
                bound = [values[index], values[index]] + bound
            }
        }
        return ("(\(condition))", bound)
    }

    /// A page of at most `limit` items (brought into 1...``PagingCursor/maximumLimit``): `fetch`
    /// is asked for one row more than that, which tells whether another page follows, and its
    /// rows (holding ``selection``) are made the page's `items`.
    func page<Item>(limit: Int, fetch: (_ rows: Int) throws -> [SQLRow],
                    items: ([SQLRow]) throws -> [Item]) throws -> ListPage<Item> {
        let limit = Self.clamp(limit)
        let rows = try fetch(limit + 1)
        return ListPage(items: try items(Array(rows.prefix(limit))), next: try next(after: rows, limit: limit))
    }

    /// The cursor of the page after `rows` when there are more items than `limit`, else nil.
    /// The rows must hold ``selection``.
    func next(after rows: [SQLRow], limit: Int) throws -> String? {
        guard rows.count > limit, let last = rows.prefix(limit).last else { return nil }
        return PagingCursor.encode(key: try columns.indices.map { index in
            // Sort columns are integers or text, never NULL (see `Column`).
            columns[index].isInteger ? String(try last("keyset\(index)") as Int64) : try last("keyset\(index)") as String
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
