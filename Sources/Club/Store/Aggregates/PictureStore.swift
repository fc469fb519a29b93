import Foundation
import Support

/// The tables of pictures that belong to one row each: a user's photo (`userPhoto`), a
/// group's avatar (`groupAvatar`), a note's image (`postImage`), a guide's cover and transit
/// map (`guideCover`, `guideTransitMap`) and a place's picture (`placePicture`), all of the same shape
/// (`format`, `width`, `height`, `data`) under their owner's key. The services check a picture
/// (``Validation/image(_:field:side:pixels:)``) before it comes here.
struct PictureStore {
    let db: StoreTransaction

    /// A table of pictures, by its name and owner key column, never input.
    enum Table: String {
        case userPhoto, groupAvatar, postImage, guideCover, guideTransitMap, placePicture

        var key: String {
            switch self {
            case .userPhoto: "userId"
            case .groupAvatar: "groupId"
            case .postImage: "postId"
            case .guideCover, .guideTransitMap: "guideId"
            case .placePicture: "placeId"
            }
        }
    }

    /// Sets (or, with nil, removes) the picture of `owner` in `table`; `header` is what its
    /// check read of it.
    func set(_ picture: (data: Data, header: ImageHeader)?, in table: Table, of owner: Int64) throws {
        try db.execute("DELETE FROM \(table.rawValue) WHERE \(table.key) = ?", [owner])
        guard let picture else { return }
        try db.execute("INSERT INTO \(table.rawValue) (\(table.key), format, width, height, data) VALUES (?, ?, ?, ?, ?)",
                       [owner, picture.header.format == .png ? "png" : "jpeg", picture.header.width, picture.header.height,
                        picture.data])
    }

    /// The picture of `owner` in `table`; nil for none.
    func picture(in table: Table, of owner: Int64) throws -> Picture? {
        guard let row = try db.fetchOne("SELECT data, format FROM \(table.rawValue) WHERE \(table.key) = ?", [owner]) else {
            return nil
        }
        return Picture(data: try row("data"), format: try row("format"))
    }
}

extension StoreTransaction {
    /// Profile photos, group avatars and note images.
    var pictures: PictureStore { PictureStore(db: self) }
}
