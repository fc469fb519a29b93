/// Schema v13, sticker collections, on both stores (the SQLite text and its PostgreSQL mirror,
/// side by side so that they change together; ``PostgresSchema``'s mapping turns one into the
/// other).
///
/// A collection is administered by its owner and editors; its families and numbered cards
/// belong to it, and a card (`sticker`: title and description) may be reused in another
/// collection with its own number, family, image and rarity there (`collectionCard`). Images
/// are kept once by content (`stickerImage`, keyed by SHA-256). A collector (`collector`) holds
/// unopened envelopes (`envelope`, each with why and by whom it was granted) and copies
/// (`ownedCard`, a row while at least one copy is owned, with `0 <= blocked <= owned`); every
/// envelope opened and every card an administrator gives is recorded (`cardDraw`). Swaps,
/// battles and treasure hunts come in later versions.
enum CollectionSchema {
    static let identifier = "v13 sticker collections"

    static let sqlite = """
        CREATE TABLE stickerImage (
            id INTEGER PRIMARY KEY,
            sha256 TEXT NOT NULL UNIQUE CHECK (length(sha256) = 64 AND sha256 NOT GLOB '*[^0-9a-f]*'),
            format TEXT NOT NULL CHECK (format IN ('png', 'jpeg')),
            width INTEGER NOT NULL CHECK (width BETWEEN 1 AND 16384),
            height INTEGER NOT NULL CHECK (height BETWEEN 1 AND 16384),
            data BLOB NOT NULL CHECK (length(data) BETWEEN 1 AND 16777216)
        );

        CREATE TABLE collection (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
            nameKey TEXT NOT NULL UNIQUE,
            description TEXT NOT NULL DEFAULT '' CHECK (length(description) <= 2000),
            coverImageId INTEGER REFERENCES stickerImage(id),
            packSize INTEGER NOT NULL DEFAULT 5 CHECK (packSize BETWEEN 1 AND 50),
            commonWeight REAL NOT NULL DEFAULT 1 CHECK (commonWeight > 0 AND commonWeight <= 1000000),
            rareWeight REAL NOT NULL DEFAULT 0.25 CHECK (rareWeight > 0 AND rareWeight <= 1000000),
            specialWeight REAL NOT NULL DEFAULT 0.05 CHECK (specialWeight > 0 AND specialWeight <= 1000000),
            ownerId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
            createdAt DATETIME NOT NULL
        );
        CREATE INDEX collection_owner ON collection(ownerId);

        CREATE TABLE collectionEditor (
            collectionId INTEGER NOT NULL REFERENCES collection(id) ON DELETE CASCADE,
            userId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
            PRIMARY KEY (collectionId, userId)
        );
        CREATE INDEX collectionEditor_user ON collectionEditor(userId);

        CREATE TABLE cardFamily (
            id INTEGER PRIMARY KEY,
            collectionId INTEGER NOT NULL REFERENCES collection(id) ON DELETE CASCADE,
            name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
            nameKey TEXT NOT NULL,
            UNIQUE (collectionId, nameKey),
            UNIQUE (collectionId, id)
        );

        CREATE TABLE sticker (
            id INTEGER PRIMARY KEY,
            title TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 100),
            description TEXT NOT NULL DEFAULT '' CHECK (length(description) <= 2000),
            createdAt DATETIME NOT NULL
        );

        -- A family in use by a card cannot be removed (no ON DELETE): the reference fails.
        CREATE TABLE collectionCard (
            collectionId INTEGER NOT NULL REFERENCES collection(id) ON DELETE CASCADE,
            number INTEGER NOT NULL CHECK (number BETWEEN 1 AND 99999),
            stickerId INTEGER NOT NULL REFERENCES sticker(id),
            familyId INTEGER NOT NULL,
            rarity TEXT NOT NULL DEFAULT 'common' CHECK (rarity IN ('common', 'rare', 'special')),
            imageId INTEGER REFERENCES stickerImage(id),
            PRIMARY KEY (collectionId, number),
            UNIQUE (collectionId, stickerId),
            FOREIGN KEY (collectionId, familyId) REFERENCES cardFamily(collectionId, id)
        );
        CREATE INDEX collectionCard_sticker ON collectionCard(stickerId);
        CREATE INDEX collectionCard_family ON collectionCard(familyId);

        CREATE TABLE collector (
            collectionId INTEGER NOT NULL REFERENCES collection(id) ON DELETE CASCADE,
            userId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
            startedAt DATETIME NOT NULL,
            PRIMARY KEY (collectionId, userId)
        );
        CREATE INDEX collector_user ON collector(userId);

        CREATE TABLE ownedCard (
            collectionId INTEGER NOT NULL,
            userId INTEGER NOT NULL,
            number INTEGER NOT NULL,
            owned INTEGER NOT NULL CHECK (owned BETWEEN 1 AND 1000000),
            blocked INTEGER NOT NULL DEFAULT 0 CHECK (blocked BETWEEN 0 AND owned),
            PRIMARY KEY (collectionId, userId, number),
            FOREIGN KEY (collectionId, userId) REFERENCES collector(collectionId, userId) ON DELETE CASCADE,
            FOREIGN KEY (collectionId, number) REFERENCES collectionCard(collectionId, number) ON DELETE CASCADE
        );

        CREATE TABLE envelope (
            id INTEGER PRIMARY KEY,
            collectionId INTEGER NOT NULL,
            userId INTEGER NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('regular', 'special')),
            source TEXT NOT NULL CHECK (source IN ('start', 'grant', 'challenge', 'treasure', 'battle')),
            grantedById INTEGER REFERENCES user(id) ON DELETE SET NULL,
            grantedAt DATETIME NOT NULL,
            FOREIGN KEY (collectionId, userId) REFERENCES collector(collectionId, userId) ON DELETE CASCADE
        );
        CREATE INDEX envelope_collector ON envelope(collectionId, userId, id);

        -- What each envelope opened gave, and each card an administrator gave: numbers in the
        -- order drawn, comma-separated.
        CREATE TABLE cardDraw (
            id INTEGER PRIMARY KEY,
            collectionId INTEGER NOT NULL REFERENCES collection(id) ON DELETE CASCADE,
            userId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
            source TEXT NOT NULL CHECK (source IN ('start', 'grant', 'challenge', 'treasure', 'battle', 'gift')),
            kind TEXT CHECK (kind IN ('regular', 'special')),
            grantedById INTEGER REFERENCES user(id) ON DELETE SET NULL,
            grantedAt DATETIME NOT NULL,
            cards TEXT NOT NULL CHECK (length(cards) BETWEEN 1 AND 6000 AND cards NOT GLOB '*[^0-9,]*'),
            createdAt DATETIME NOT NULL
        );
        CREATE INDEX cardDraw_collector ON cardDraw(collectionId, userId, id);
        """

    static let postgres = #"""
        CREATE TABLE stickerImage (
            id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            sha256 TEXT NOT NULL UNIQUE CHECK (length(sha256) = 64 AND sha256 ~ '^[0-9a-f]*$'),
            format TEXT NOT NULL CHECK (format IN ('png', 'jpeg')),
            width BIGINT NOT NULL CHECK (width BETWEEN 1 AND 16384),
            height BIGINT NOT NULL CHECK (height BETWEEN 1 AND 16384),
            data BYTEA NOT NULL CHECK (octet_length(data) BETWEEN 1 AND 16777216)
        );

        CREATE TABLE collection (
            id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
            nameKey TEXT NOT NULL UNIQUE,
            description TEXT NOT NULL DEFAULT '' CHECK (length(description) <= 2000),
            coverImageId BIGINT REFERENCES stickerImage(id),
            packSize BIGINT NOT NULL DEFAULT 5 CHECK (packSize BETWEEN 1 AND 50),
            commonWeight DOUBLE PRECISION NOT NULL DEFAULT 1 CHECK (commonWeight > 0 AND commonWeight <= 1000000),
            rareWeight DOUBLE PRECISION NOT NULL DEFAULT 0.25 CHECK (rareWeight > 0 AND rareWeight <= 1000000),
            specialWeight DOUBLE PRECISION NOT NULL DEFAULT 0.05 CHECK (specialWeight > 0 AND specialWeight <= 1000000),
            ownerId BIGINT NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
            createdAt TIMESTAMPTZ NOT NULL
        );
        CREATE INDEX collection_owner ON collection(ownerId);

        CREATE TABLE collectionEditor (
            collectionId BIGINT NOT NULL REFERENCES collection(id) ON DELETE CASCADE,
            userId BIGINT NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
            PRIMARY KEY (collectionId, userId)
        );
        CREATE INDEX collectionEditor_user ON collectionEditor(userId);

        CREATE TABLE cardFamily (
            id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            collectionId BIGINT NOT NULL REFERENCES collection(id) ON DELETE CASCADE,
            name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
            nameKey TEXT NOT NULL,
            UNIQUE (collectionId, nameKey),
            UNIQUE (collectionId, id)
        );

        CREATE TABLE sticker (
            id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            title TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 100),
            description TEXT NOT NULL DEFAULT '' CHECK (length(description) <= 2000),
            createdAt TIMESTAMPTZ NOT NULL
        );

        -- A family in use by a card cannot be removed (no ON DELETE): the reference fails.
        CREATE TABLE collectionCard (
            collectionId BIGINT NOT NULL REFERENCES collection(id) ON DELETE CASCADE,
            number BIGINT NOT NULL CHECK (number BETWEEN 1 AND 99999),
            stickerId BIGINT NOT NULL REFERENCES sticker(id),
            familyId BIGINT NOT NULL,
            rarity TEXT NOT NULL DEFAULT 'common' CHECK (rarity IN ('common', 'rare', 'special')),
            imageId BIGINT REFERENCES stickerImage(id),
            PRIMARY KEY (collectionId, number),
            UNIQUE (collectionId, stickerId),
            FOREIGN KEY (collectionId, familyId) REFERENCES cardFamily(collectionId, id)
        );
        CREATE INDEX collectionCard_sticker ON collectionCard(stickerId);
        CREATE INDEX collectionCard_family ON collectionCard(familyId);

        CREATE TABLE collector (
            collectionId BIGINT NOT NULL REFERENCES collection(id) ON DELETE CASCADE,
            userId BIGINT NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
            startedAt TIMESTAMPTZ NOT NULL,
            PRIMARY KEY (collectionId, userId)
        );
        CREATE INDEX collector_user ON collector(userId);

        CREATE TABLE ownedCard (
            collectionId BIGINT NOT NULL,
            userId BIGINT NOT NULL,
            number BIGINT NOT NULL,
            owned BIGINT NOT NULL CHECK (owned BETWEEN 1 AND 1000000),
            blocked BIGINT NOT NULL DEFAULT 0 CHECK (blocked BETWEEN 0 AND owned),
            PRIMARY KEY (collectionId, userId, number),
            FOREIGN KEY (collectionId, userId) REFERENCES collector(collectionId, userId) ON DELETE CASCADE,
            FOREIGN KEY (collectionId, number) REFERENCES collectionCard(collectionId, number) ON DELETE CASCADE
        );

        CREATE TABLE envelope (
            id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            collectionId BIGINT NOT NULL,
            userId BIGINT NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('regular', 'special')),
            source TEXT NOT NULL CHECK (source IN ('start', 'grant', 'challenge', 'treasure', 'battle')),
            grantedById BIGINT REFERENCES "user"(id) ON DELETE SET NULL,
            grantedAt TIMESTAMPTZ NOT NULL,
            FOREIGN KEY (collectionId, userId) REFERENCES collector(collectionId, userId) ON DELETE CASCADE
        );
        CREATE INDEX envelope_collector ON envelope(collectionId, userId, id);

        -- What each envelope opened gave, and each card an administrator gave: numbers in the
        -- order drawn, comma-separated.
        CREATE TABLE cardDraw (
            id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            collectionId BIGINT NOT NULL REFERENCES collection(id) ON DELETE CASCADE,
            userId BIGINT NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
            source TEXT NOT NULL CHECK (source IN ('start', 'grant', 'challenge', 'treasure', 'battle', 'gift')),
            kind TEXT CHECK (kind IN ('regular', 'special')),
            grantedById BIGINT REFERENCES "user"(id) ON DELETE SET NULL,
            grantedAt TIMESTAMPTZ NOT NULL,
            cards TEXT NOT NULL CHECK (length(cards) BETWEEN 1 AND 6000 AND cards ~ '^[0-9,]*$'),
            createdAt TIMESTAMPTZ NOT NULL
        );
        CREATE INDEX cardDraw_collector ON cardDraw(collectionId, userId, id);
        """#
}
