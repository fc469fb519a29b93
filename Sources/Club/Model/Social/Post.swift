import Foundation
import Routes

/// What a post is.
public enum PostKind: String, Sendable, Equatable, Codable, CaseIterable {
    /// Text, with an optional image.
    case note
    /// One of its author's stored routes, with its statistics and thumbnail.
    case route
    /// One of its author's stored boards, with its image.
    case board
    /// An event its author organises, with its times and place.
    case event
}

/// Who may see a post (besides its author, who always does; never a user the author blocks).
public enum PostAudience: Sendable, Equatable, Hashable {
    /// Anyone, logged in or not.
    case everyone
    /// The author's accepted followers.
    case followers
    /// The members of one group (by name), while they are members.
    case group(String)
    /// The author alone.
    case onlyMe

    /// `public`, `followers`, `me` or `group:NAME`, as the command line and the API write it.
    public init?(_ text: String) {
        switch text {
        case "public": self = .everyone
        case "followers": self = .followers
        case "me": self = .onlyMe
        default:
            guard text.hasPrefix("group:"), text.count > 6 else { return nil }
            self = .group(String(text.dropFirst(6)))
        }
    }

    /// The form ``init(_:)`` reads.
    public var text: String {
        switch self {
        case .everyone: "public"
        case .followers: "followers"
        case .onlyMe: "me"
        case .group(let name): "group:" + name
        }
    }

    /// The stored kind: `public`, `followers`, `group` or `me`.
    var kind: String {
        switch self {
        case .everyone: "public"
        case .followers: "followers"
        case .group: "group"
        case .onlyMe: "me"
        }
    }
}

/// A post as its reader sees it. Its `Codable` form is the stable schema of `touchline post
/// show --json`, of the feed's items and of the HTTP API's posts.
public struct Post: Sendable, Equatable, Codable {
    public var id: Int64
    /// The author's username.
    public var author: String
    public var authorName: String
    public var kind: PostKind
    /// `public`, `followers`, `me` or `group:NAME`.
    public var audience: String
    public var text: String?
    /// Whether a note carries an image (`touchline post show ID -o FILE`, `GET /api/v1/posts/{id}/image`).
    public var hasImage: Bool
    /// A route post's route, as its author stored it.
    public var route: RouteSummary?
    /// A board post's board.
    public var board: StoredBoardSummary?
    /// An event post's event (its guest lists left out: `touchline event show` gives them).
    public var event: Event?
    public var likes: Int
    public var comments: Int
    /// Whether the reader likes it; nil for nobody logged in.
    public var liked: Bool?
    public var createdAt: Date
    /// In the route feed: how far the route starts from the point asked about, in metres.
    public var distanceMeters: Double?

    enum CodingKeys: String, CodingKey {
        case id, author, authorName, kind, audience, text, hasImage = "image", route, board, event, likes, comments, liked, createdAt, distanceMeters
    }
}

/// A new post (``Posts/publish(_:_:)``).
public struct PostDraft: Sendable, Equatable {
    public var kind: PostKind
    public var audience: PostAudience
    public var text: String?
    /// A note's image: PNG or JPEG bytes.
    public var image: Data?
    /// A route post's stored route, one of the author's.
    public var routeID: Int64?
    /// A board post's stored board, one of the author's.
    public var boardID: Int64?
    /// An event post's event, one the author organises.
    public var eventID: Int64?

    public init(kind: PostKind = .note, audience: PostAudience, text: String? = nil, image: Data? = nil,
                routeID: Int64? = nil, boardID: Int64? = nil, eventID: Int64? = nil) {
        self.kind = kind
        self.audience = audience
        self.text = text
        self.image = image
        self.routeID = routeID
        self.boardID = boardID
        self.eventID = eventID
    }

    /// A note.
    public static func note(_ text: String, audience: PostAudience, image: Data? = nil) -> PostDraft {
        PostDraft(kind: .note, audience: audience, text: text, image: image)
    }
}

/// A comment on a post.
public struct PostComment: Sendable, Equatable, Codable {
    public var id: Int64
    public var postID: Int64
    public var author: String
    public var authorName: String
    public var text: String
    public var createdAt: Date
    public var editedAt: Date?

    enum CodingKeys: String, CodingKey {
        case id, postID = "postId", author, authorName, text, createdAt, editedAt
    }
}

/// What a post shows as its picture (``Posts/picture(_:_:)``): the front ends draw a route's
/// thumbnail and a board's image from what this carries.
public enum PostPicture: Sendable {
    /// A note's image, as uploaded.
    case image(Picture)
    /// A route post's route.
    case route(RouteDocument)
    /// A board post's log, as saved.
    case board(log: Data)
}
