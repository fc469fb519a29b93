import Foundation

/// How much one account may keep of one kind of thing (stored boards, stored routes): a
/// number of items and their bytes in all, so that one user cannot fill a server's disk.
public struct StorageQuota: Sendable, Equatable {
    /// The most items an account keeps.
    public var items: Int
    /// The most bytes an account's items take, in all.
    public var bytes: Int

    public init(items: Int, bytes: Int) {
        self.items = items
        self.bytes = bytes
    }

    /// Refuses one more item of `newBytes` bytes for an account that keeps `heldItems` items of
    /// `heldBytes` bytes; `kind` is the items' plural ("boards").
    ///
    /// - Throws: ``ClubError/invalid(field:message:)`` naming the kind, the limit and what to do.
    func check(adding newBytes: Int, heldItems: Int, heldBytes: Int, kind: String) throws {
        guard heldItems < items else {
            throw ClubError.invalid(field: kind, message: "an account keeps at most \(items) \(kind); delete one first")
        }
        guard heldBytes + newBytes <= bytes else {
            throw ClubError.invalid(field: kind, message: "an account keeps at most \(Self.size(bytes)) of \(kind), and its "
                + "\(heldItems) take \(Self.size(heldBytes)): this one (\(Self.size(newBytes))) would go over; delete some first")
        }
    }

    /// "512 bytes", "6.7 KiB", "256 MiB", "1.5 MiB".
    static func size(_ bytes: Int) -> String {
        func decimal(_ value: Double, _ unit: String) -> String {
            let text = String(format: "%.1f", value)
            return (text.hasSuffix(".0") ? String(text.dropLast(2)) : text) + " " + unit
        }
        if bytes < 1024 { return "\(bytes) bytes" }
        if bytes < 1 << 20 { return decimal(Double(bytes) / 1024, "KiB") }
        return decimal(Double(bytes) / Double(1 << 20), "MiB")
    }
}
