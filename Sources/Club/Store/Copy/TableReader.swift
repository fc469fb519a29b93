import Foundation

/// Reads a table's rows in primary-key order (text keys by their bytes, as SQLite's BINARY
/// collation sorts them, on either store) as ``SQLValue``s in the shape's column order, a
/// page at a time when the key is one integer column.
struct TableReader {
    let table: CopiedTable
    let shape: TableShape
    /// The dialect of the database read.
    let dialect: SQLDialect
    /// The dialect of the copy's target, whose timestamp precision the values take.
    let target: SQLDialect

    /// The rows read at once from a table keyed by an integer: a bounded batch however many
    /// rows the table has (a route's document may reach 64 MiB).
    static let pageRows = 256

    /// Calls `body` with each page of rows, in key order.
    func forEachPage(in transaction: StoreTransaction, _ body: ([[SQLValue]]) throws -> Void) throws {
        let selection = shape.columns.map { SQLValue.selection($0.name, kind: $0.kind, dialect: dialect) }.joined(separator: ", ")
        let order = shape.order.map { $0.kind == .text ? dialect.orderBytewise($0.name) : $0.name }.joined(separator: ", ")
        let select = "SELECT \(selection) FROM \(table.sqlName)"
        guard let key = shape.integerKey, let keyIndex = shape.columns.firstIndex(of: key) else {
            let rows = try transaction.fetchAll("\(select) ORDER BY \(order)", [])
            try body(try rows.map(convert))
            return
        }
        var last = Int64.min
        while true {
            let rows = try transaction.fetchAll("\(select) WHERE \(key.name) > ? ORDER BY \(order) LIMIT \(Self.pageRows)", [last])
            guard !rows.isEmpty else { return }
            let page = try rows.map(convert)
            guard let next = page.last?[keyIndex].integer else { return }
            try body(page)
            last = next
            if rows.count < Self.pageRows { return }
        }
    }

    private func convert(_ row: SQLRow) throws -> [SQLValue] {
        var values: [SQLValue] = []
        values.reserveCapacity(shape.columns.count)
        for (index, column) in shape.columns.enumerated() {
            let stored = try row.value(at: index)
            do {
                values.append(try SQLValue(copying: stored, kind: column.kind, target: target))
            } catch {
                // (init(copying:) throws nothing but its CopyProblem.)
                throw StoreCopyError.unreadableValue(table: table.name, row: try describeKey(row), column: column.name,
                                                     problem: error.description)
            }
        }
        return values
    }

    /// The row's key as messages name it: `id 42`, or `matchId 3, team 'Bilbao', ...`.
    private func describeKey(_ row: SQLRow) throws -> String {
        let columns = shape.key
        guard !columns.isEmpty else { return "(the table's only row)" }
        return try columns.map { name in
            guard let index = shape.columns.firstIndex(where: { $0.name == name }) else { return name }
            switch try row.value(at: index) {
            case .text(let text): return "\(name) '\(text.prefix(40))'"
            case .integer(let integer): return "\(name) \(integer)"
            case let other: return "\(name) \(other.summary)"
            }
        }.joined(separator: ", ")
    }
}
