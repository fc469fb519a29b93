/// Schema v17, the social side's first part: profiles and follows, on both stores (the SQLite
/// text and its PostgreSQL mirror side by side, as ``SwapSchema``'s).
///
/// A user's profile gains optional `city`, `bio` and `sport` (a sport, or a rider's vehicle)
/// and a privacy switch (`private`); its photo (`userPhoto`, a PNG or JPEG of at most 2 MiB)
/// is a row of its own so that reading users never reads pictures. `follow` says that
/// `followerId` follows `followedId` (`accepted`) or asks to (a pending request to a private
/// profile). The block list is v1's `block`, which messaging already reads; ``Follows``
/// removes the follows both ways when one user blocks another.
enum SocialSchema {
    static let identifier = "v17 profiles and follows"

    static let sqlite = """
        ALTER TABLE user ADD COLUMN private BOOLEAN NOT NULL DEFAULT 0 CHECK (private IN (0, 1));
        ALTER TABLE user ADD COLUMN city TEXT CHECK (length(city) BETWEEN 1 AND 100);
        ALTER TABLE user ADD COLUMN bio TEXT CHECK (length(bio) BETWEEN 1 AND 1000);
        ALTER TABLE user ADD COLUMN sport TEXT CHECK (length(sport) BETWEEN 1 AND 100);

        CREATE TABLE userPhoto (
            userId INTEGER PRIMARY KEY REFERENCES user(id) ON DELETE CASCADE,
            format TEXT NOT NULL CHECK (format IN ('png', 'jpeg')),
            width INTEGER NOT NULL CHECK (width BETWEEN 1 AND 16384),
            height INTEGER NOT NULL CHECK (height BETWEEN 1 AND 16384),
            data BLOB NOT NULL CHECK (length(data) BETWEEN 1 AND 2097152)
        );

        CREATE TABLE follow (
            followerId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
            followedId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
            accepted BOOLEAN NOT NULL CHECK (accepted IN (0, 1)),
            createdAt DATETIME NOT NULL,
            PRIMARY KEY (followerId, followedId),
            CHECK (followerId <> followedId)
        ) WITHOUT ROWID;
        CREATE INDEX follow_followed ON follow(followedId, accepted, followerId);
        CREATE INDEX follow_follower ON follow(followerId, accepted, followedId);
        CREATE INDEX block_blocked ON block(blockedId, blockerId);
        """

    static let postgres = #"""
        ALTER TABLE "user" ADD COLUMN private BOOLEAN NOT NULL DEFAULT FALSE;
        ALTER TABLE "user" ADD COLUMN city TEXT CHECK (length(city) BETWEEN 1 AND 100);
        ALTER TABLE "user" ADD COLUMN bio TEXT CHECK (length(bio) BETWEEN 1 AND 1000);
        ALTER TABLE "user" ADD COLUMN sport TEXT CHECK (length(sport) BETWEEN 1 AND 100);

        CREATE TABLE userPhoto (
            userId BIGINT PRIMARY KEY REFERENCES "user"(id) ON DELETE CASCADE,
            format TEXT NOT NULL CHECK (format IN ('png', 'jpeg')),
            width BIGINT NOT NULL CHECK (width BETWEEN 1 AND 16384),
            height BIGINT NOT NULL CHECK (height BETWEEN 1 AND 16384),
            data BYTEA NOT NULL CHECK (octet_length(data) BETWEEN 1 AND 2097152)
        );

        CREATE TABLE follow (
            followerId BIGINT NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
            followedId BIGINT NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
            accepted BOOLEAN NOT NULL,
            createdAt TIMESTAMPTZ NOT NULL,
            PRIMARY KEY (followerId, followedId),
            CHECK (followerId <> followedId)
        );
        CREATE INDEX follow_followed ON follow(followedId, accepted, followerId);
        CREATE INDEX follow_follower ON follow(followerId, accepted, followedId);
        CREATE INDEX block_blocked ON block(blockedId, blockerId);
        """#
}
