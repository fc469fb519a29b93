/// An entry of a PDF's outline, made by ``Canvas/addBookmark(_:parent:open:)``.
public struct Bookmark: Sendable, Hashable {
    let id: Int32

    /// The outline's top level.
    public static let root = Bookmark(id: 0)
}
