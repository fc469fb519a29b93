/// Schema v20: city guides, on both stores (the SQLite text and its PostgreSQL mirror side by
/// side, as ``EventSchema``'s).
///
/// A guide (`guide`, a city) has a name unique ignoring case and accents (`nameKey`, folded
/// by ``Validation/searchKey(_:)``: `guide export NAME` names one), a country, a description,
/// an owner and editors (`guideEditor`), and optional cover and transit-map pictures
/// (`guideCover`, `guideTransitMap`). Its places (`place`) have a category, opening hours (the canonical
/// `opening_hours` text ``OpeningHours`` writes), a price range, an address, coordinates
/// (indexed by `place_position` for the search near a point) and a picture (`placePicture`);
/// its name is unique in its guide ignoring case and accents (`place_guide`).
/// Its itineraries (`itinerary`) last some days; `itineraryStop` orders their places day by
/// day, and its composite foreign keys make a place of another guide impossible. Photos
/// (`guidePhoto`) belong to the guide or to one of its places, stored in the database as the
/// other pictures are: one file (or one server) holds everything, transactions and `db copy`
/// cover them, and servers sharing a PostgreSQL database see the same photos.
///
/// A vote (`guideVote`, one a user and thing) is for a place, an itinerary or a photo, and
/// carries its guide and, for a place or a place's photo, the place: a place's score is
/// `count(*)` of the votes with its `placeId` (its own and its photos'), a guide's of those with
/// its `guideId`. Scores and the counts of a guide's places, itineraries and photos are always
/// counted, never stored, so they cannot drift. `placeComment` holds comments on places;
/// `guideDownload` when a user last took a guide offline.
///
/// A guide goes with its places, itineraries, photos, votes and comments. Places and
/// itineraries outlive their author (`authorId` becomes NULL); photos, votes and comments go
/// with their author's account.
enum GuideSchema {
    static let identifier = "v20 guides"

    static let sqlite = """
        CREATE TABLE guide (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
            nameKey TEXT NOT NULL UNIQUE,
            country TEXT NOT NULL CHECK (length(country) BETWEEN 1 AND 60),
            description TEXT CHECK (length(description) BETWEEN 1 AND 5000),
            ownerId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
            createdAt DATETIME NOT NULL,
            updatedAt DATETIME NOT NULL
        );
        CREATE INDEX guide_owner ON guide(ownerId);

        CREATE TABLE guideEditor (
            guideId INTEGER NOT NULL REFERENCES guide(id) ON DELETE CASCADE,
            userId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
            addedAt DATETIME NOT NULL,
            PRIMARY KEY (guideId, userId)
        ) WITHOUT ROWID;
        CREATE INDEX guideEditor_user ON guideEditor(userId);

        CREATE TABLE guideCover (
            guideId INTEGER PRIMARY KEY REFERENCES guide(id) ON DELETE CASCADE,
            format TEXT NOT NULL CHECK (format IN ('png', 'jpeg')),
            width INTEGER NOT NULL CHECK (width BETWEEN 1 AND 16384),
            height INTEGER NOT NULL CHECK (height BETWEEN 1 AND 16384),
            data BLOB NOT NULL CHECK (length(data) BETWEEN 1 AND 8388608)
        );

        CREATE TABLE guideTransitMap (
            guideId INTEGER PRIMARY KEY REFERENCES guide(id) ON DELETE CASCADE,
            format TEXT NOT NULL CHECK (format IN ('png', 'jpeg')),
            width INTEGER NOT NULL CHECK (width BETWEEN 1 AND 16384),
            height INTEGER NOT NULL CHECK (height BETWEEN 1 AND 16384),
            data BLOB NOT NULL CHECK (length(data) BETWEEN 1 AND 8388608)
        );

        CREATE TABLE place (
            id INTEGER PRIMARY KEY,
            guideId INTEGER NOT NULL REFERENCES guide(id) ON DELETE CASCADE,
            name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
            nameKey TEXT NOT NULL,
            description TEXT CHECK (length(description) BETWEEN 1 AND 5000),
            category TEXT NOT NULL CHECK (category IN ('ground', 'food', 'drink', 'sight', 'shop', 'transport', 'stay', 'other')),
            openingHours TEXT CHECK (length(openingHours) BETWEEN 1 AND 2000),
            priceRange TEXT CHECK (length(priceRange) BETWEEN 1 AND 40),
            address TEXT CHECK (length(address) BETWEEN 1 AND 200),
            latitude REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90),
            longitude REAL NOT NULL CHECK (longitude BETWEEN -180 AND 180),
            authorId INTEGER REFERENCES user(id) ON DELETE SET NULL,
            createdAt DATETIME NOT NULL,
            updatedAt DATETIME NOT NULL,
            UNIQUE (id, guideId)
        );
        CREATE UNIQUE INDEX place_guide ON place(guideId, nameKey);
        CREATE INDEX place_position ON place(latitude, longitude);
        CREATE INDEX place_author ON place(authorId) WHERE authorId IS NOT NULL;
        CREATE INDEX place_name ON place(nameKey);

        CREATE TABLE placePicture (
            placeId INTEGER PRIMARY KEY REFERENCES place(id) ON DELETE CASCADE,
            format TEXT NOT NULL CHECK (format IN ('png', 'jpeg')),
            width INTEGER NOT NULL CHECK (width BETWEEN 1 AND 16384),
            height INTEGER NOT NULL CHECK (height BETWEEN 1 AND 16384),
            data BLOB NOT NULL CHECK (length(data) BETWEEN 1 AND 8388608)
        );

        CREATE TABLE itinerary (
            id INTEGER PRIMARY KEY,
            guideId INTEGER NOT NULL REFERENCES guide(id) ON DELETE CASCADE,
            name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
            days INTEGER NOT NULL CHECK (days BETWEEN 1 AND 30),
            description TEXT CHECK (length(description) BETWEEN 1 AND 5000),
            authorId INTEGER REFERENCES user(id) ON DELETE SET NULL,
            createdAt DATETIME NOT NULL,
            updatedAt DATETIME NOT NULL,
            UNIQUE (id, guideId)
        );
        CREATE INDEX itinerary_guide ON itinerary(guideId, days);

        CREATE TABLE itineraryStop (
            itineraryId INTEGER NOT NULL,
            guideId INTEGER NOT NULL,
            day INTEGER NOT NULL CHECK (day BETWEEN 1 AND 30),
            position INTEGER NOT NULL CHECK (position BETWEEN 1 AND 100),
            placeId INTEGER NOT NULL,
            PRIMARY KEY (itineraryId, day, position),
            FOREIGN KEY (itineraryId, guideId) REFERENCES itinerary(id, guideId) ON DELETE CASCADE,
            FOREIGN KEY (placeId, guideId) REFERENCES place(id, guideId) ON DELETE CASCADE
        ) WITHOUT ROWID;
        CREATE INDEX itineraryStop_place ON itineraryStop(placeId, guideId);

        CREATE TABLE guidePhoto (
            id INTEGER PRIMARY KEY,
            guideId INTEGER NOT NULL REFERENCES guide(id) ON DELETE CASCADE,
            placeId INTEGER,
            authorId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
            caption TEXT CHECK (length(caption) BETWEEN 1 AND 200),
            format TEXT NOT NULL CHECK (format IN ('png', 'jpeg')),
            width INTEGER NOT NULL CHECK (width BETWEEN 1 AND 16384),
            height INTEGER NOT NULL CHECK (height BETWEEN 1 AND 16384),
            sha256 BLOB NOT NULL CHECK (length(sha256) = 32),
            data BLOB NOT NULL CHECK (length(data) BETWEEN 1 AND 8388608),
            createdAt DATETIME NOT NULL,
            UNIQUE (guideId, sha256),
            FOREIGN KEY (placeId, guideId) REFERENCES place(id, guideId) ON DELETE CASCADE
        );
        CREATE INDEX guidePhoto_place ON guidePhoto(placeId, id) WHERE placeId IS NOT NULL;
        CREATE INDEX guidePhoto_author ON guidePhoto(authorId);

        CREATE TABLE guideVote (
            kind TEXT NOT NULL CHECK (kind IN ('place', 'itinerary', 'photo')),
            targetId INTEGER NOT NULL,
            userId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
            guideId INTEGER NOT NULL REFERENCES guide(id) ON DELETE CASCADE,
            placeId INTEGER REFERENCES place(id) ON DELETE CASCADE,
            itineraryId INTEGER REFERENCES itinerary(id) ON DELETE CASCADE,
            photoId INTEGER REFERENCES guidePhoto(id) ON DELETE CASCADE,
            createdAt DATETIME NOT NULL,
            PRIMARY KEY (kind, targetId, userId),
            CHECK (kind <> 'place' OR (placeId = targetId AND itineraryId IS NULL AND photoId IS NULL)),
            CHECK (kind <> 'itinerary' OR (itineraryId = targetId AND placeId IS NULL AND photoId IS NULL)),
            CHECK (kind <> 'photo' OR (photoId = targetId AND itineraryId IS NULL))
        ) WITHOUT ROWID;
        CREATE INDEX guideVote_guide ON guideVote(guideId);
        CREATE INDEX guideVote_place ON guideVote(placeId) WHERE placeId IS NOT NULL;
        CREATE INDEX guideVote_user ON guideVote(userId, createdAt);
        CREATE INDEX guideVote_itinerary ON guideVote(itineraryId) WHERE itineraryId IS NOT NULL;
        CREATE INDEX guideVote_photo ON guideVote(photoId) WHERE photoId IS NOT NULL;

        CREATE TABLE placeComment (
            id INTEGER PRIMARY KEY,
            placeId INTEGER NOT NULL REFERENCES place(id) ON DELETE CASCADE,
            authorId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
            title TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 120),
            text TEXT NOT NULL CHECK (length(text) BETWEEN 1 AND 5000),
            createdAt DATETIME NOT NULL
        );
        CREATE INDEX placeComment_place ON placeComment(placeId, id);
        CREATE INDEX placeComment_author ON placeComment(authorId);

        CREATE TABLE guideDownload (
            userId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
            guideId INTEGER NOT NULL REFERENCES guide(id) ON DELETE CASCADE,
            downloadedAt DATETIME NOT NULL,
            PRIMARY KEY (userId, guideId)
        ) WITHOUT ROWID;
        CREATE INDEX guideDownload_guide ON guideDownload(guideId);
        """

    static let postgres = #"""
        CREATE TABLE guide (
            id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
            nameKey TEXT NOT NULL UNIQUE,
            country TEXT NOT NULL CHECK (length(country) BETWEEN 1 AND 60),
            description TEXT CHECK (length(description) BETWEEN 1 AND 5000),
            ownerId BIGINT NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
            createdAt TIMESTAMPTZ NOT NULL,
            updatedAt TIMESTAMPTZ NOT NULL
        );
        CREATE INDEX guide_owner ON guide(ownerId);

        CREATE TABLE guideEditor (
            guideId BIGINT NOT NULL REFERENCES guide(id) ON DELETE CASCADE,
            userId BIGINT NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
            addedAt TIMESTAMPTZ NOT NULL,
            PRIMARY KEY (guideId, userId)
        );
        CREATE INDEX guideEditor_user ON guideEditor(userId);

        CREATE TABLE guideCover (
            guideId BIGINT PRIMARY KEY REFERENCES guide(id) ON DELETE CASCADE,
            format TEXT NOT NULL CHECK (format IN ('png', 'jpeg')),
            width BIGINT NOT NULL CHECK (width BETWEEN 1 AND 16384),
            height BIGINT NOT NULL CHECK (height BETWEEN 1 AND 16384),
            data BYTEA NOT NULL CHECK (octet_length(data) BETWEEN 1 AND 8388608)
        );

        CREATE TABLE guideTransitMap (
            guideId BIGINT PRIMARY KEY REFERENCES guide(id) ON DELETE CASCADE,
            format TEXT NOT NULL CHECK (format IN ('png', 'jpeg')),
            width BIGINT NOT NULL CHECK (width BETWEEN 1 AND 16384),
            height BIGINT NOT NULL CHECK (height BETWEEN 1 AND 16384),
            data BYTEA NOT NULL CHECK (octet_length(data) BETWEEN 1 AND 8388608)
        );

        CREATE TABLE place (
            id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            guideId BIGINT NOT NULL REFERENCES guide(id) ON DELETE CASCADE,
            name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
            nameKey TEXT NOT NULL,
            description TEXT CHECK (length(description) BETWEEN 1 AND 5000),
            category TEXT NOT NULL CHECK (category IN ('ground', 'food', 'drink', 'sight', 'shop', 'transport', 'stay', 'other')),
            openingHours TEXT CHECK (length(openingHours) BETWEEN 1 AND 2000),
            priceRange TEXT CHECK (length(priceRange) BETWEEN 1 AND 40),
            address TEXT CHECK (length(address) BETWEEN 1 AND 200),
            latitude DOUBLE PRECISION NOT NULL CHECK (latitude BETWEEN -90 AND 90),
            longitude DOUBLE PRECISION NOT NULL CHECK (longitude BETWEEN -180 AND 180),
            authorId BIGINT REFERENCES "user"(id) ON DELETE SET NULL,
            createdAt TIMESTAMPTZ NOT NULL,
            updatedAt TIMESTAMPTZ NOT NULL,
            UNIQUE (id, guideId)
        );
        CREATE UNIQUE INDEX place_guide ON place(guideId, nameKey);
        CREATE INDEX place_position ON place(latitude, longitude);
        CREATE INDEX place_author ON place(authorId) WHERE authorId IS NOT NULL;
        CREATE INDEX place_name ON place(nameKey);

        CREATE TABLE placePicture (
            placeId BIGINT PRIMARY KEY REFERENCES place(id) ON DELETE CASCADE,
            format TEXT NOT NULL CHECK (format IN ('png', 'jpeg')),
            width BIGINT NOT NULL CHECK (width BETWEEN 1 AND 16384),
            height BIGINT NOT NULL CHECK (height BETWEEN 1 AND 16384),
            data BYTEA NOT NULL CHECK (octet_length(data) BETWEEN 1 AND 8388608)
        );

        CREATE TABLE itinerary (
            id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            guideId BIGINT NOT NULL REFERENCES guide(id) ON DELETE CASCADE,
            name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
            days BIGINT NOT NULL CHECK (days BETWEEN 1 AND 30),
            description TEXT CHECK (length(description) BETWEEN 1 AND 5000),
            authorId BIGINT REFERENCES "user"(id) ON DELETE SET NULL,
            createdAt TIMESTAMPTZ NOT NULL,
            updatedAt TIMESTAMPTZ NOT NULL,
            UNIQUE (id, guideId)
        );
        CREATE INDEX itinerary_guide ON itinerary(guideId, days);

        CREATE TABLE itineraryStop (
            itineraryId BIGINT NOT NULL,
            guideId BIGINT NOT NULL,
            day BIGINT NOT NULL CHECK (day BETWEEN 1 AND 30),
            position BIGINT NOT NULL CHECK (position BETWEEN 1 AND 100),
            placeId BIGINT NOT NULL,
            PRIMARY KEY (itineraryId, day, position),
            FOREIGN KEY (itineraryId, guideId) REFERENCES itinerary(id, guideId) ON DELETE CASCADE,
            FOREIGN KEY (placeId, guideId) REFERENCES place(id, guideId) ON DELETE CASCADE
        );
        CREATE INDEX itineraryStop_place ON itineraryStop(placeId, guideId);

        CREATE TABLE guidePhoto (
            id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            guideId BIGINT NOT NULL REFERENCES guide(id) ON DELETE CASCADE,
            placeId BIGINT,
            authorId BIGINT NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
            caption TEXT CHECK (length(caption) BETWEEN 1 AND 200),
            format TEXT NOT NULL CHECK (format IN ('png', 'jpeg')),
            width BIGINT NOT NULL CHECK (width BETWEEN 1 AND 16384),
            height BIGINT NOT NULL CHECK (height BETWEEN 1 AND 16384),
            sha256 BYTEA NOT NULL CHECK (octet_length(sha256) = 32),
            data BYTEA NOT NULL CHECK (octet_length(data) BETWEEN 1 AND 8388608),
            createdAt TIMESTAMPTZ NOT NULL,
            UNIQUE (guideId, sha256),
            FOREIGN KEY (placeId, guideId) REFERENCES place(id, guideId) ON DELETE CASCADE
        );
        CREATE INDEX guidePhoto_place ON guidePhoto(placeId, id) WHERE placeId IS NOT NULL;
        CREATE INDEX guidePhoto_author ON guidePhoto(authorId);

        CREATE TABLE guideVote (
            kind TEXT NOT NULL CHECK (kind IN ('place', 'itinerary', 'photo')),
            targetId BIGINT NOT NULL,
            userId BIGINT NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
            guideId BIGINT NOT NULL REFERENCES guide(id) ON DELETE CASCADE,
            placeId BIGINT REFERENCES place(id) ON DELETE CASCADE,
            itineraryId BIGINT REFERENCES itinerary(id) ON DELETE CASCADE,
            photoId BIGINT REFERENCES guidePhoto(id) ON DELETE CASCADE,
            createdAt TIMESTAMPTZ NOT NULL,
            PRIMARY KEY (kind, targetId, userId),
            CHECK (kind <> 'place' OR (placeId = targetId AND itineraryId IS NULL AND photoId IS NULL)),
            CHECK (kind <> 'itinerary' OR (itineraryId = targetId AND placeId IS NULL AND photoId IS NULL)),
            CHECK (kind <> 'photo' OR (photoId = targetId AND itineraryId IS NULL))
        );
        CREATE INDEX guideVote_guide ON guideVote(guideId);
        CREATE INDEX guideVote_place ON guideVote(placeId) WHERE placeId IS NOT NULL;
        CREATE INDEX guideVote_user ON guideVote(userId, createdAt);
        CREATE INDEX guideVote_itinerary ON guideVote(itineraryId) WHERE itineraryId IS NOT NULL;
        CREATE INDEX guideVote_photo ON guideVote(photoId) WHERE photoId IS NOT NULL;

        CREATE TABLE placeComment (
            id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            placeId BIGINT NOT NULL REFERENCES place(id) ON DELETE CASCADE,
            authorId BIGINT NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
            title TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 120),
            text TEXT NOT NULL CHECK (length(text) BETWEEN 1 AND 5000),
            createdAt TIMESTAMPTZ NOT NULL
        );
        CREATE INDEX placeComment_place ON placeComment(placeId, id);
        CREATE INDEX placeComment_author ON placeComment(authorId);

        CREATE TABLE guideDownload (
            userId BIGINT NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
            guideId BIGINT NOT NULL REFERENCES guide(id) ON DELETE CASCADE,
            downloadedAt TIMESTAMPTZ NOT NULL,
            PRIMARY KEY (userId, guideId)
        );
        CREATE INDEX guideDownload_guide ON guideDownload(guideId);
        """#
}
