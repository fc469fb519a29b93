import GRDB

extension ClubStore {
    /// The schema's versions, applied in order; never edit a shipped migration, add one.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1 accounts, teams, squads, messaging") { db in
            try db.execute(sql: """
                CREATE TABLE user (
                    id INTEGER PRIMARY KEY,
                    username TEXT NOT NULL COLLATE NOCASE UNIQUE
                        CHECK (length(username) BETWEEN 2 AND 32 AND username NOT GLOB '*[^A-Za-z0-9._-]*'),
                    displayName TEXT NOT NULL CHECK (length(displayName) BETWEEN 1 AND 100),
                    email TEXT NOT NULL COLLATE NOCASE UNIQUE CHECK (length(email) BETWEEN 3 AND 254 AND email LIKE '%_@_%'),
                    -- username and display name folded for case- and accent-insensitive search
                    searchKey TEXT NOT NULL,
                    -- PHC string: $scrypt$ln=..,r=..,p=..$salt$hash
                    passwordHash TEXT NOT NULL CHECK (passwordHash LIKE '$scrypt$%'),
                    createdAt DATETIME NOT NULL
                );

                CREATE TABLE session (
                    id INTEGER PRIMARY KEY,
                    userId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                    tokenHash BLOB NOT NULL UNIQUE CHECK (length(tokenHash) = 32),
                    createdAt DATETIME NOT NULL,
                    expiresAt DATETIME NOT NULL
                );
                CREATE INDEX session_user ON session(userId);

                CREATE TABLE team (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
                    season TEXT NOT NULL CHECK (season GLOB '[0-9][0-9][0-9][0-9]' OR season GLOB '[0-9][0-9][0-9][0-9]/[0-9][0-9]'),
                    category TEXT CHECK (length(category) <= 100),
                    region TEXT CHECK (length(region) <= 100),
                    primaryColor TEXT CHECK (primaryColor GLOB '#[0-9A-F][0-9A-F][0-9A-F][0-9A-F][0-9A-F][0-9A-F]'),
                    secondaryColor TEXT CHECK (secondaryColor GLOB '#[0-9A-F][0-9A-F][0-9A-F][0-9A-F][0-9A-F][0-9A-F]'),
                    ownerId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                    createdAt DATETIME NOT NULL,
                    UNIQUE (ownerId, name, season)
                );
                CREATE INDEX team_name ON team(name COLLATE NOCASE);

                CREATE TABLE teamMember (
                    teamId INTEGER NOT NULL REFERENCES team(id) ON DELETE CASCADE,
                    userId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                    role TEXT NOT NULL CHECK (role IN ('editor', 'viewer')),
                    PRIMARY KEY (teamId, userId)
                ) WITHOUT ROWID;
                CREATE INDEX teamMember_user ON teamMember(userId);

                CREATE TABLE player (
                    id INTEGER PRIMARY KEY,
                    firstName TEXT NOT NULL CHECK (length(firstName) BETWEEN 1 AND 100),
                    surnames TEXT NOT NULL CHECK (length(surnames) BETWEEN 1 AND 100),
                    birthDate TEXT CHECK (birthDate IS date(birthDate)),
                    position TEXT NOT NULL CHECK (position IN ('GK', 'DF', 'MF', 'FW')),
                    positionDetail TEXT CHECK (length(positionDetail) BETWEEN 1 AND 10),
                    photo BLOB CHECK (photo IS NULL OR (substr(photo, 1, 8) = X'89504E470D0A1A0A' AND length(photo) <= 2097152)),
                    notes TEXT CHECK (length(notes) <= 2000),
                    createdAt DATETIME NOT NULL
                );

                -- A player's spells in teams; the open one (leftAt NULL) is the current team.
                CREATE TABLE squadMembership (
                    id INTEGER PRIMARY KEY,
                    playerId INTEGER NOT NULL REFERENCES player(id) ON DELETE CASCADE,
                    teamId INTEGER NOT NULL REFERENCES team(id) ON DELETE CASCADE,
                    number INTEGER NOT NULL CHECK (number BETWEEN 1 AND 99),
                    joinedAt DATETIME NOT NULL,
                    leftAt DATETIME CHECK (leftAt IS NULL OR leftAt >= joinedAt)
                );
                CREATE UNIQUE INDEX squad_number ON squadMembership(teamId, number) WHERE leftAt IS NULL;
                CREATE UNIQUE INDEX squad_current ON squadMembership(playerId) WHERE leftAt IS NULL;
                CREATE INDEX squad_player ON squadMembership(playerId);

                CREATE TABLE message (
                    id INTEGER PRIMARY KEY,
                    -- NULL once the sender's account is deleted ("deleted user")
                    senderId INTEGER REFERENCES user(id) ON DELETE SET NULL,
                    recipientId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                    subject TEXT NOT NULL CHECK (length(subject) BETWEEN 1 AND 200),
                    body TEXT NOT NULL CHECK (length(body) BETWEEN 1 AND 20000),
                    replyToId INTEGER REFERENCES message(id) ON DELETE SET NULL,
                    sentAt DATETIME NOT NULL,
                    readAt DATETIME,
                    deletedBySender BOOLEAN NOT NULL DEFAULT 0,
                    deletedByRecipient BOOLEAN NOT NULL DEFAULT 0,
                    CHECK (senderId IS NULL OR senderId <> recipientId)
                );
                -- Keyset paging, newest first, and the unread count, per side.
                CREATE INDEX message_inbox ON message(recipientId, id) WHERE NOT deletedByRecipient;
                CREATE INDEX message_unread ON message(recipientId) WHERE readAt IS NULL AND NOT deletedByRecipient;
                CREATE INDEX message_sent ON message(senderId, id) WHERE NOT deletedBySender;
                CREATE INDEX message_reply ON message(replyToId);

                CREATE TABLE block (
                    blockerId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                    blockedId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                    PRIMARY KEY (blockerId, blockedId),
                    CHECK (blockerId <> blockedId)
                ) WITHOUT ROWID;
                """)
        }
        return migrator
    }
}
