/// Schema v18, the social side's second part: groups, posts, likes and comments, on both
/// stores (the SQLite text and its PostgreSQL mirror side by side, as ``SocialSchema``'s).
///
/// A group (`socialGroup`; `group` is a reserved word) has a name unique ignoring case (its
/// ``CaseFold`` key), a description, a join policy and an optional avatar (`groupAvatar`).
/// `groupMember` holds its members by role, and those invited or asking to join, which are
/// rows too (`invited`, `requested`); exactly one owner. A post (`post`) is a note, a route
/// (one of its author's stored routes), a board (one of its author's stored boards) or, from
/// a later version, an event, with an audience: public, the author's followers, one group, or
/// only the author. A note may carry an image (`postImage`). Likes (`postLike`, one a user) and
/// comments (`postComment`) belong to a post; the post keeps their counts, which ``Posts``
/// changes in the same transaction as the rows. Posts, likes and comments go with their
/// author's account, and a group's posts with the group.
enum PostSchema {
    static let identifier = "v18 groups, posts, likes and comments"

    static let sqlite = """
        CREATE TABLE socialGroup (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
            nameKey TEXT NOT NULL UNIQUE,
            description TEXT CHECK (length(description) BETWEEN 1 AND 2000),
            joinPolicy TEXT NOT NULL CHECK (joinPolicy IN ('open', 'request', 'invite')),
            createdAt DATETIME NOT NULL
        );

        CREATE TABLE groupAvatar (
            groupId INTEGER PRIMARY KEY REFERENCES socialGroup(id) ON DELETE CASCADE,
            format TEXT NOT NULL CHECK (format IN ('png', 'jpeg')),
            width INTEGER NOT NULL CHECK (width BETWEEN 1 AND 16384),
            height INTEGER NOT NULL CHECK (height BETWEEN 1 AND 16384),
            data BLOB NOT NULL CHECK (length(data) BETWEEN 1 AND 2097152)
        );

        CREATE TABLE groupMember (
            groupId INTEGER NOT NULL REFERENCES socialGroup(id) ON DELETE CASCADE,
            userId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
            role TEXT NOT NULL CHECK (role IN ('owner', 'admin', 'member', 'invited', 'requested')),
            since DATETIME NOT NULL,
            PRIMARY KEY (groupId, userId)
        ) WITHOUT ROWID;
        CREATE INDEX groupMember_user ON groupMember(userId, role, groupId);
        CREATE UNIQUE INDEX groupMember_owner ON groupMember(groupId) WHERE role = 'owner';

        CREATE TABLE post (
            id INTEGER PRIMARY KEY,
            authorId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
            kind TEXT NOT NULL CHECK (kind IN ('note', 'route', 'board', 'event')),
            audience TEXT NOT NULL CHECK (audience IN ('public', 'followers', 'group', 'me')),
            groupId INTEGER REFERENCES socialGroup(id) ON DELETE CASCADE,
            text TEXT CHECK (length(text) BETWEEN 1 AND 5000),
            routeId INTEGER REFERENCES route(id) ON DELETE CASCADE,
            boardId INTEGER REFERENCES board(id) ON DELETE CASCADE,
            likeCount INTEGER NOT NULL DEFAULT 0 CHECK (likeCount >= 0),
            commentCount INTEGER NOT NULL DEFAULT 0 CHECK (commentCount >= 0),
            createdAt DATETIME NOT NULL,
            CHECK ((audience = 'group') = (groupId IS NOT NULL)),
            CHECK ((kind = 'route') = (routeId IS NOT NULL)),
            CHECK ((kind = 'board') = (boardId IS NOT NULL)),
            CHECK (kind <> 'note' OR text IS NOT NULL)
        );
        CREATE INDEX post_author ON post(authorId, id);
        CREATE INDEX post_group ON post(groupId, id) WHERE groupId IS NOT NULL;
        CREATE INDEX post_route ON post(routeId) WHERE routeId IS NOT NULL;
        CREATE INDEX post_board ON post(boardId) WHERE boardId IS NOT NULL;

        CREATE TABLE postImage (
            postId INTEGER PRIMARY KEY REFERENCES post(id) ON DELETE CASCADE,
            format TEXT NOT NULL CHECK (format IN ('png', 'jpeg')),
            width INTEGER NOT NULL CHECK (width BETWEEN 1 AND 16384),
            height INTEGER NOT NULL CHECK (height BETWEEN 1 AND 16384),
            data BLOB NOT NULL CHECK (length(data) BETWEEN 1 AND 2097152)
        );

        CREATE TABLE postLike (
            postId INTEGER NOT NULL REFERENCES post(id) ON DELETE CASCADE,
            userId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
            createdAt DATETIME NOT NULL,
            PRIMARY KEY (postId, userId)
        ) WITHOUT ROWID;
        CREATE INDEX postLike_user ON postLike(userId, postId);

        CREATE TABLE postComment (
            id INTEGER PRIMARY KEY,
            postId INTEGER NOT NULL REFERENCES post(id) ON DELETE CASCADE,
            authorId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
            text TEXT NOT NULL CHECK (length(text) BETWEEN 1 AND 2000),
            createdAt DATETIME NOT NULL,
            editedAt DATETIME
        );
        CREATE INDEX postComment_post ON postComment(postId, id);
        CREATE INDEX postComment_author ON postComment(authorId, postId);
        """

    static let postgres = #"""
        CREATE TABLE socialGroup (
            id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
            nameKey TEXT NOT NULL UNIQUE,
            description TEXT CHECK (length(description) BETWEEN 1 AND 2000),
            joinPolicy TEXT NOT NULL CHECK (joinPolicy IN ('open', 'request', 'invite')),
            createdAt TIMESTAMPTZ NOT NULL
        );

        CREATE TABLE groupAvatar (
            groupId BIGINT PRIMARY KEY REFERENCES socialGroup(id) ON DELETE CASCADE,
            format TEXT NOT NULL CHECK (format IN ('png', 'jpeg')),
            width BIGINT NOT NULL CHECK (width BETWEEN 1 AND 16384),
            height BIGINT NOT NULL CHECK (height BETWEEN 1 AND 16384),
            data BYTEA NOT NULL CHECK (octet_length(data) BETWEEN 1 AND 2097152)
        );

        CREATE TABLE groupMember (
            groupId BIGINT NOT NULL REFERENCES socialGroup(id) ON DELETE CASCADE,
            userId BIGINT NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
            role TEXT NOT NULL CHECK (role IN ('owner', 'admin', 'member', 'invited', 'requested')),
            since TIMESTAMPTZ NOT NULL,
            PRIMARY KEY (groupId, userId)
        );
        CREATE INDEX groupMember_user ON groupMember(userId, role, groupId);
        CREATE UNIQUE INDEX groupMember_owner ON groupMember(groupId) WHERE role = 'owner';

        CREATE TABLE post (
            id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            authorId BIGINT NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
            kind TEXT NOT NULL CHECK (kind IN ('note', 'route', 'board', 'event')),
            audience TEXT NOT NULL CHECK (audience IN ('public', 'followers', 'group', 'me')),
            groupId BIGINT REFERENCES socialGroup(id) ON DELETE CASCADE,
            text TEXT CHECK (length(text) BETWEEN 1 AND 5000),
            routeId BIGINT REFERENCES route(id) ON DELETE CASCADE,
            boardId BIGINT REFERENCES board(id) ON DELETE CASCADE,
            likeCount BIGINT NOT NULL DEFAULT 0 CHECK (likeCount >= 0),
            commentCount BIGINT NOT NULL DEFAULT 0 CHECK (commentCount >= 0),
            createdAt TIMESTAMPTZ NOT NULL,
            CHECK ((audience = 'group') = (groupId IS NOT NULL)),
            CHECK ((kind = 'route') = (routeId IS NOT NULL)),
            CHECK ((kind = 'board') = (boardId IS NOT NULL)),
            CHECK (kind <> 'note' OR text IS NOT NULL)
        );
        CREATE INDEX post_author ON post(authorId, id);
        CREATE INDEX post_group ON post(groupId, id) WHERE groupId IS NOT NULL;
        CREATE INDEX post_route ON post(routeId) WHERE routeId IS NOT NULL;
        CREATE INDEX post_board ON post(boardId) WHERE boardId IS NOT NULL;

        CREATE TABLE postImage (
            postId BIGINT PRIMARY KEY REFERENCES post(id) ON DELETE CASCADE,
            format TEXT NOT NULL CHECK (format IN ('png', 'jpeg')),
            width BIGINT NOT NULL CHECK (width BETWEEN 1 AND 16384),
            height BIGINT NOT NULL CHECK (height BETWEEN 1 AND 16384),
            data BYTEA NOT NULL CHECK (octet_length(data) BETWEEN 1 AND 2097152)
        );

        CREATE TABLE postLike (
            postId BIGINT NOT NULL REFERENCES post(id) ON DELETE CASCADE,
            userId BIGINT NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
            createdAt TIMESTAMPTZ NOT NULL,
            PRIMARY KEY (postId, userId)
        );
        CREATE INDEX postLike_user ON postLike(userId, postId);

        CREATE TABLE postComment (
            id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            postId BIGINT NOT NULL REFERENCES post(id) ON DELETE CASCADE,
            authorId BIGINT NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
            text TEXT NOT NULL CHECK (length(text) BETWEEN 1 AND 2000),
            createdAt TIMESTAMPTZ NOT NULL,
            editedAt TIMESTAMPTZ
        );
        CREATE INDEX postComment_post ON postComment(postId, id);
        CREATE INDEX postComment_author ON postComment(authorId, postId);
        """#
}
