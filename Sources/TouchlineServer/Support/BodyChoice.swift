/// Text fields of a JSON body that take one of a fixed set of values (a kind, a status).
enum BodyChoice {
    /// The value `text` names, nil when `text` is nil.
    ///
    /// - Throws: ``Problem`` 400 naming the field and the values it takes.
    static func parse<T: RawRepresentable & CaseIterable>(_ text: String?, field: String, _ type: T.Type) throws -> T?
    where T.RawValue == String {
        guard let text else { return nil }
        guard let value = T(rawValue: text) else {
            throw Problem.malformed("field '\(field)': expected one of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return value
    }
}
