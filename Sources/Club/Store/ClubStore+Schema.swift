import Foundation
import GRDB
import Support

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
        migrator.registerMigration("v2 leagues, matches, events, deductions") { db in
            try db.execute(sql: """
                CREATE TABLE league (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
                    season TEXT NOT NULL CHECK (length(season) BETWEEN 1 AND 20),
                    kind TEXT NOT NULL CHECK (kind IN ('federation', 'friends', 'video-game')),
                    -- a preset of League.RuleSet, and the seed of any drawing of lots
                    rules TEXT NOT NULL,
                    -- points for a win, a draw and a loss, 'W-D-L'
                    points TEXT NOT NULL DEFAULT '3-1-0' CHECK (points GLOB '[0-9]*-[0-9]*-[0-9]*'),
                    seed INTEGER NOT NULL DEFAULT 0,
                    -- lets a user who knows it join as editor; a PHC scrypt string
                    passwordHash TEXT CHECK (passwordHash IS NULL OR passwordHash LIKE '$scrypt$%'),
                    ownerId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                    createdAt DATETIME NOT NULL,
                    UNIQUE (ownerId, name, season)
                );
                CREATE INDEX league_name ON league(name COLLATE NOCASE);

                CREATE TABLE leagueEditor (
                    leagueId INTEGER NOT NULL REFERENCES league(id) ON DELETE CASCADE,
                    userId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                    PRIMARY KEY (leagueId, userId)
                ) WITHOUT ROWID;

                -- A league's teams: a club team of the squads, or a plain name (imported data).
                CREATE TABLE leagueTeam (
                    id INTEGER PRIMARY KEY,
                    leagueId INTEGER NOT NULL REFERENCES league(id) ON DELETE CASCADE,
                    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
                    teamId INTEGER REFERENCES team(id) ON DELETE SET NULL,
                    UNIQUE (leagueId, name)
                );

                -- A match ("match" is an SQL keyword): of a league, or a friendly when leagueId is NULL.
                CREATE TABLE fixture (
                    id INTEGER PRIMARY KEY,
                    leagueId INTEGER REFERENCES league(id) ON DELETE CASCADE,
                    recordedBy INTEGER REFERENCES user(id) ON DELETE CASCADE,
                    home TEXT NOT NULL CHECK (length(home) BETWEEN 1 AND 100),
                    away TEXT NOT NULL CHECK (length(away) BETWEEN 1 AND 100),
                    matchday INTEGER CHECK (matchday >= 1),
                    round TEXT CHECK (length(round) <= 200),
                    date TEXT CHECK (date IS date(date)),
                    time TEXT CHECK (length(time) <= 20),
                    status TEXT NOT NULL CHECK (status IN ('scheduled', 'played', 'postponed', 'cancelled', 'abandoned', 'awarded')),
                    ftHome INTEGER CHECK (ftHome >= 0), ftAway INTEGER CHECK (ftAway >= 0),
                    htHome INTEGER CHECK (htHome >= 0), htAway INTEGER CHECK (htAway >= 0),
                    etHome INTEGER CHECK (etHome >= 0), etAway INTEGER CHECK (etAway >= 0),
                    penHome INTEGER CHECK (penHome >= 0), penAway INTEGER CHECK (penAway >= 0),
                    CHECK (home <> away),
                    CHECK ((ftHome IS NULL) = (ftAway IS NULL) AND (htHome IS NULL) = (htAway IS NULL)
                       AND (etHome IS NULL) = (etAway IS NULL) AND (penHome IS NULL) = (penAway IS NULL)),
                    CHECK (leagueId IS NOT NULL OR recordedBy IS NOT NULL)
                );
                CREATE INDEX fixture_league ON fixture(leagueId, matchday);
                CREATE INDEX fixture_recorder ON fixture(recordedBy) WHERE leagueId IS NULL;

                CREATE TABLE fixtureEvent (
                    id INTEGER PRIMARY KEY,
                    fixtureId INTEGER NOT NULL REFERENCES fixture(id) ON DELETE CASCADE,
                    team TEXT NOT NULL,
                    kind TEXT NOT NULL CHECK (kind IN ('goal', 'yellow', 'second-yellow', 'red', 'substitution')),
                    player TEXT NOT NULL CHECK (length(player) BETWEEN 1 AND 100),
                    -- the assist of a goal, or the player coming on
                    other TEXT CHECK (length(other) <= 100),
                    penalty BOOLEAN NOT NULL DEFAULT 0,
                    ownGoal BOOLEAN NOT NULL DEFAULT 0,
                    minute INTEGER NOT NULL CHECK (minute BETWEEN 0 AND 130),
                    stoppage INTEGER NOT NULL DEFAULT 0 CHECK (stoppage BETWEEN 0 AND 30)
                );
                CREATE INDEX fixtureEvent_fixture ON fixtureEvent(fixtureId);

                CREATE TABLE lineup (
                    fixtureId INTEGER NOT NULL REFERENCES fixture(id) ON DELETE CASCADE,
                    team TEXT NOT NULL,
                    player TEXT NOT NULL CHECK (length(player) BETWEEN 1 AND 100),
                    PRIMARY KEY (fixtureId, team, player)
                ) WITHOUT ROWID;

                CREATE TABLE deduction (
                    id INTEGER PRIMARY KEY,
                    leagueId INTEGER NOT NULL REFERENCES league(id) ON DELETE CASCADE,
                    team TEXT NOT NULL,
                    points INTEGER NOT NULL CHECK (points BETWEEN -100 AND 100 AND points <> 0),
                    reason TEXT NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
                    date TEXT CHECK (date IS date(date))
                );
                """)
        }
        migrator.registerMigration("v3 routes") { db in
            try db.execute(sql: """
                -- A user's stored GPS route: the whole RouteDocument as JSON, plus what listing needs.
                CREATE TABLE route (
                    id INTEGER PRIMARY KEY,
                    ownerId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
                    category TEXT CHECK (length(category) <= 50),
                    note TEXT CHECK (length(note) <= 2000),
                    heartRate INTEGER CHECK (heartRate BETWEEN 0 AND 250),
                    startLatitude REAL NOT NULL CHECK (startLatitude BETWEEN -90 AND 90),
                    startLongitude REAL NOT NULL CHECK (startLongitude BETWEEN -180 AND 180),
                    distanceMeters REAL NOT NULL CHECK (distanceMeters >= 0),
                    pointCount INTEGER NOT NULL CHECK (pointCount >= 1),
                    -- Routes.RouteDocument encoded by JSONEncoder, at most 64 MiB
                    document BLOB NOT NULL CHECK (length(document) <= 67108864),
                    createdAt DATETIME NOT NULL
                );
                CREATE INDEX route_owner ON route(ownerId);
                """)
        }
        migrator.registerMigration("v4 league zones") { db in
            try db.execute(sql: """
                -- The bands of a league's table (title, promotion, European places, play-off,
                -- relegation) that printed tables mark and explain.
                CREATE TABLE leagueZone (
                    id INTEGER PRIMARY KEY,
                    leagueId INTEGER NOT NULL REFERENCES league(id) ON DELETE CASCADE,
                    kind TEXT NOT NULL CHECK (kind IN ('champion', 'promotion', 'europe', 'playoff', 'relegation')),
                    firstPosition INTEGER NOT NULL CHECK (firstPosition >= 1),
                    lastPosition INTEGER NOT NULL CHECK (lastPosition BETWEEN firstPosition AND 1000),
                    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
                    mark TEXT NOT NULL CHECK (length(mark) BETWEEN 1 AND 3)
                );
                CREATE INDEX leagueZone_league ON leagueZone(leagueId);
                """)
        }
        migrator.registerMigration("v5 photos in PNG or JPEG") { db in
            // SQLite cannot change a CHECK in place: the table is rebuilt (GRDB runs migrations
            // with foreign keys off and checks them at the end, so squadMembership keeps its rows).
            try db.execute(sql: """
                CREATE TABLE newPlayer (
                    id INTEGER PRIMARY KEY,
                    firstName TEXT NOT NULL CHECK (length(firstName) BETWEEN 1 AND 100),
                    surnames TEXT NOT NULL CHECK (length(surnames) BETWEEN 1 AND 100),
                    birthDate TEXT CHECK (birthDate IS date(birthDate)),
                    position TEXT NOT NULL CHECK (position IN ('GK', 'DF', 'MF', 'FW')),
                    positionDetail TEXT CHECK (length(positionDetail) BETWEEN 1 AND 10),
                    -- A PNG or a JPEG (their signatures) of at most 2 MiB; the service checks the
                    -- header's dimensions too.
                    photo BLOB CHECK (photo IS NULL OR ((substr(photo, 1, 8) = X'89504E470D0A1A0A'
                                                         OR substr(photo, 1, 3) = X'FFD8FF')
                                                        AND length(photo) <= 2097152)),
                    notes TEXT CHECK (length(notes) <= 2000),
                    createdAt DATETIME NOT NULL
                );
                INSERT INTO newPlayer (id, firstName, surnames, birthDate, position, positionDetail, photo, notes, createdAt)
                    SELECT id, firstName, surnames, birthDate, position, positionDetail, photo, notes, createdAt FROM player;
                DROP TABLE player;
                ALTER TABLE newPlayer RENAME TO player;
                """)
        }
        migrator.registerMigration("v6 match ids never reused") { db in
            // SQLite gives a new row the largest id plus one, so deleting the newest match and
            // adding another reused its id. The highest id ever deleted is kept here, and
            // MatchStore numbers new matches above it.
            try db.execute(sql: """
                CREATE TABLE fixtureHighWater (id INTEGER NOT NULL);
                INSERT INTO fixtureHighWater (id) SELECT ifnull(max(id), 0) FROM fixture;
                CREATE TRIGGER fixture_highWater AFTER DELETE ON fixture
                BEGIN
                    UPDATE fixtureHighWater SET id = max(id, OLD.id);
                END;
                """)
        }
        migrator.registerMigration("v7 matches by their name, friendlies played by club teams") { db in
            // "fixture" named four things (a league's schedule in League and the CLI, test
            // data, and these rows, which hold every match, friendlies and results included):
            // the tables take the domain's word. SQLite takes `match` as a name (its MATCH
            // operator falls back to an identifier) and rewrites references and triggers.
            try db.execute(sql: """
                ALTER TABLE fixture RENAME TO match;
                ALTER TABLE fixtureEvent RENAME TO matchEvent;
                ALTER TABLE matchEvent RENAME COLUMN fixtureId TO matchId;
                ALTER TABLE lineup RENAME COLUMN fixtureId TO matchId;
                ALTER TABLE fixtureHighWater RENAME TO matchHighWater;
                DROP INDEX fixture_league;
                DROP INDEX fixture_recorder;
                DROP INDEX fixtureEvent_fixture;
                DROP TRIGGER fixture_highWater;
                CREATE INDEX match_league ON match(leagueId, matchday);
                CREATE INDEX match_recorder ON match(recordedBy) WHERE leagueId IS NULL;
                CREATE INDEX matchEvent_match ON matchEvent(matchId);
                CREATE TRIGGER match_highWater AFTER DELETE ON match
                BEGIN
                    UPDATE matchHighWater SET id = max(id, OLD.id);
                END;

                -- An event's id is what 'match event --delete' takes: never given to another
                -- event, as matchHighWater does for matches.
                CREATE TABLE matchEventHighWater (id INTEGER NOT NULL);
                INSERT INTO matchEventHighWater (id) SELECT ifnull(max(id), 0) FROM matchEvent;
                CREATE TRIGGER matchEvent_highWater AFTER DELETE ON matchEvent
                BEGIN
                    UPDATE matchEventHighWater SET id = max(id, OLD.id);
                END;
                """)
            // Friendlies stored only their teams' names, so deleting a team left them behind
            // and cards found them by name. Each side now links to its club team, if any. A
            // deleted team takes the friendlies no other linked club team played (the trigger,
            // which also runs when an account's teams go with it); the other side's link is
            // cleared. The links of existing friendlies are made with today's FriendlyLinks:
            // when its rule or the tables it reads change, copy the present rule here instead.
            try db.execute(sql: """
                ALTER TABLE match ADD COLUMN homeTeamId INTEGER REFERENCES team(id) ON DELETE SET NULL;
                ALTER TABLE match ADD COLUMN awayTeamId INTEGER REFERENCES team(id) ON DELETE SET NULL;
                CREATE INDEX match_homeTeam ON match(homeTeamId) WHERE homeTeamId IS NOT NULL;
                CREATE INDEX match_awayTeam ON match(awayTeamId) WHERE awayTeamId IS NOT NULL;
                CREATE TRIGGER team_friendlies BEFORE DELETE ON team
                BEGIN
                    DELETE FROM match WHERE leagueId IS NULL AND OLD.id IN (homeTeamId, awayTeamId)
                        AND coalesce(nullif(homeTeamId, OLD.id), nullif(awayTeamId, OLD.id)) IS NULL;
                END;
                """)
            try FriendlyLinks.link(SQLiteTransaction(database: db), .all)
            try normaliseLeagueSeasons(db)
        }
        migrator.registerMigration("v8 stored boards") { db in
            // A board's id is in the URLs people bookmark and share, so it must never name
            // another board: AUTOINCREMENT makes SQLite number new rows above every id the
            // table ever had (sqlite_sequence keeps it), which is what matchHighWater does for
            // the match table, whose declaration could not be changed in place.
            try db.execute(sql: """
                -- A user's stored tactics board: the stroke log exactly as posted, plus what
                -- listing needs (from Tactics' reading of the log when it was saved).
                CREATE TABLE board (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    ownerId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                    title TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 100),
                    -- a stroke document (JSON) or a pointer log (JSON Lines), byte for byte, at most 4 MiB
                    log BLOB NOT NULL CHECK (length(log) BETWEEN 1 AND 4194304),
                    bytes INTEGER NOT NULL CHECK (bytes = length(log)),
                    form TEXT NOT NULL CHECK (form IN ('touchline.strokes', 'touchline.pointer')),
                    events INTEGER NOT NULL CHECK (events >= 0),
                    strokes INTEGER NOT NULL CHECK (strokes BETWEEN 0 AND events),
                    -- from the first to the last recorded time; NULL when the log has no times
                    durationMilliseconds REAL CHECK (durationMilliseconds >= 0),
                    createdAt DATETIME NOT NULL
                );
                -- An owner's boards newest first, with keyset paging on the id.
                CREATE INDEX board_owner ON board(ownerId, id);
                """)
        }
        migrator.registerMigration("v9 calendars") { db in
            // What a subscribed calendar needs to follow changes: where a match is played, a
            // revision number raised whenever it moves or changes status, when it last changed
            // (in UTC, as GRDB writes dates), and a tombstone for every deleted match, shown as
            // cancelled. Kick-off times are local: leagues and teams say in which time zone
            // (IANA, checked by the services). A team's calendar is read with a secret token,
            // of which only the SHA-256 is kept.
            try db.execute(sql: """
                ALTER TABLE match ADD COLUMN venue TEXT CHECK (length(venue) BETWEEN 1 AND 200);
                ALTER TABLE match ADD COLUMN sequence INTEGER NOT NULL DEFAULT 0 CHECK (sequence >= 0);
                ALTER TABLE match ADD COLUMN changedAt DATETIME NOT NULL DEFAULT '1970-01-01 00:00:00.000';
                UPDATE match SET changedAt = strftime('%Y-%m-%d %H:%M:%f', 'now');
                ALTER TABLE league ADD COLUMN timeZone TEXT NOT NULL DEFAULT 'UTC' CHECK (length(timeZone) BETWEEN 1 AND 64);
                ALTER TABLE team ADD COLUMN timeZone TEXT NOT NULL DEFAULT 'UTC' CHECK (length(timeZone) BETWEEN 1 AND 64);
                ALTER TABLE team ADD COLUMN calendarTokenHash BLOB
                    CHECK (calendarTokenHash IS NULL OR length(calendarTokenHash) = 32);

                -- A moved match (date, time, venue or status) gets the next sequence; any change a
                -- calendar shows (those, the teams or the score) a new changedAt.
                CREATE TRIGGER match_calendarChange AFTER UPDATE OF date, time, venue, status, home, away, ftHome, ftAway ON match
                WHEN OLD.date IS NOT NEW.date OR OLD.time IS NOT NEW.time OR OLD.venue IS NOT NEW.venue
                  OR OLD.status IS NOT NEW.status OR OLD.home IS NOT NEW.home OR OLD.away IS NOT NEW.away
                  OR OLD.ftHome IS NOT NEW.ftHome OR OLD.ftAway IS NOT NEW.ftAway
                BEGIN
                    UPDATE match SET
                        sequence = sequence + (OLD.date IS NOT NEW.date OR OLD.time IS NOT NEW.time
                                               OR OLD.venue IS NOT NEW.venue OR OLD.status IS NOT NEW.status),
                        changedAt = strftime('%Y-%m-%d %H:%M:%f', 'now')
                    WHERE id = NEW.id;
                END;

                -- A deleted match, however it went (match delete, fixtures regenerated, a team
                -- taken out of its league or deleted, an account deleted), kept 90 days so that
                -- subscribed calendars see it cancelled. The club teams are those the sides were
                -- linked to (a friendly's own links, a league team's club team), for team
                -- calendars. A deleted league takes its tombstones with it: its calendar is gone.
                CREATE TABLE matchTombstone (
                    id INTEGER PRIMARY KEY,
                    leagueId INTEGER REFERENCES league(id) ON DELETE CASCADE,
                    homeTeamId INTEGER REFERENCES team(id) ON DELETE SET NULL,
                    awayTeamId INTEGER REFERENCES team(id) ON DELETE SET NULL,
                    home TEXT NOT NULL,
                    away TEXT NOT NULL,
                    matchday INTEGER,
                    round TEXT,
                    date TEXT,
                    time TEXT,
                    venue TEXT,
                    sequence INTEGER NOT NULL,
                    deletedAt DATETIME NOT NULL
                );
                CREATE INDEX matchTombstone_league ON matchTombstone(leagueId) WHERE leagueId IS NOT NULL;
                CREATE INDEX matchTombstone_homeTeam ON matchTombstone(homeTeamId) WHERE homeTeamId IS NOT NULL;
                CREATE INDEX matchTombstone_awayTeam ON matchTombstone(awayTeamId) WHERE awayTeamId IS NOT NULL;
                CREATE INDEX matchTombstone_deletedAt ON matchTombstone(deletedAt);

                CREATE TRIGGER match_tombstone AFTER DELETE ON match
                BEGIN
                    DELETE FROM matchTombstone WHERE deletedAt < strftime('%Y-%m-%d %H:%M:%f', 'now', '-90 days');
                    INSERT OR REPLACE INTO matchTombstone (id, leagueId, homeTeamId, awayTeamId, home, away, matchday, round,
                                                           date, time, venue, sequence, deletedAt)
                    SELECT OLD.id, OLD.leagueId, sides.homeTeamId, sides.awayTeamId, OLD.home, OLD.away, OLD.matchday,
                           OLD.round, OLD.date, OLD.time, OLD.venue, OLD.sequence + 1,
                           strftime('%Y-%m-%d %H:%M:%f', 'now')
                    FROM (SELECT
                            (SELECT id FROM team WHERE id = coalesce(OLD.homeTeamId, (SELECT teamId FROM leagueTeam
                                WHERE leagueId = OLD.leagueId AND name = OLD.home))) AS homeTeamId,
                            (SELECT id FROM team WHERE id = coalesce(OLD.awayTeamId, (SELECT teamId FROM leagueTeam
                                WHERE leagueId = OLD.leagueId AND name = OLD.away))) AS awayTeamId) AS sides
                    -- Nothing is kept for a league being deleted, nor for a friendly whose teams are gone.
                    WHERE CASE WHEN OLD.leagueId IS NULL
                               THEN coalesce(sides.homeTeamId, sides.awayTeamId) IS NOT NULL
                               ELSE EXISTS (SELECT 1 FROM league WHERE id = OLD.leagueId) END;
                END;

                -- A friendly's tombstone lives while a club team it was linked to does.
                CREATE TRIGGER team_tombstones AFTER DELETE ON team
                BEGIN
                    DELETE FROM matchTombstone WHERE leagueId IS NULL AND homeTeamId IS NULL AND awayTeamId IS NULL;
                END;

                -- The right-hand side of every event's UID (match-42@...): random, made once per
                -- database, so that two databases never give the same UID to different matches.
                CREATE TABLE calendarDomain (name TEXT NOT NULL);
                """)
            let random = UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
            try db.execute(sql: "INSERT INTO calendarDomain (name) VALUES (?)", arguments: ["touchline-" + random])
        }
        migrator.registerMigration("v10 private leagues") { db in
            // A private league is seen only by its owner and editors; its calendar is read
            // without logging in with a secret token, of which only the SHA-256 is kept (as v9
            // keeps a team's).
            try db.execute(sql: """
                ALTER TABLE league ADD COLUMN private INTEGER NOT NULL DEFAULT 0 CHECK (private IN (0, 1));
                ALTER TABLE league ADD COLUMN calendarTokenHash BLOB
                    CHECK (calendarTokenHash IS NULL OR length(calendarTokenHash) = 32);
                """)
        }
        migrator.registerMigration("v11 board view links") { db in
            // A board is read without logging in with its view token (128 random bits, 32 hex
            // digits), of which only the SHA-256 is kept, in hex; the owner rotates or removes
            // it. Unique, since a token is looked up by its hash.
            try db.execute(sql: """
                ALTER TABLE board ADD COLUMN viewTokenHash TEXT
                    CHECK (viewTokenHash IS NULL OR (length(viewTokenHash) = 64 AND viewTokenHash NOT GLOB '*[^0-9a-f]*'));
                CREATE UNIQUE INDEX board_viewToken ON board(viewTokenHash);
                """)
        }
        migrator.registerMigration(FoldedKeyMigration.identifier) { db in
            // Names and emails compared ignoring the case of every letter, not only ASCII's as
            // NOCASE does: by a key Swift folds (CaseFold), the same on both stores. The email's
            // key is unique (NOCASE's UNIQUE stays; the key's is stricter). Usernames are ASCII,
            // so they keep NOCASE.
            try db.execute(sql: """
                ALTER TABLE user ADD COLUMN emailKey TEXT NOT NULL DEFAULT '';
                ALTER TABLE team ADD COLUMN nameKey TEXT NOT NULL DEFAULT '';
                ALTER TABLE league ADD COLUMN nameKey TEXT NOT NULL DEFAULT '';
                ALTER TABLE leagueTeam ADD COLUMN nameKey TEXT NOT NULL DEFAULT '';
                DROP INDEX team_name;
                DROP INDEX league_name;
                """)
            try FoldedKeyMigration.fill(SQLiteTransaction(database: db))
            try db.execute(sql: """
                CREATE UNIQUE INDEX user_emailKey ON user(emailKey);
                CREATE INDEX team_name ON team(nameKey);
                CREATE INDEX league_name ON league(nameKey);
                """)
        }
        migrator.registerMigration(CollectionSchema.identifier) { db in
            try db.execute(sql: CollectionSchema.sqlite)
        }
        migrator.registerMigration(SwapSchema.identifier) { db in
            try db.execute(sql: SwapSchema.sqlite)
        }
        migrator.registerMigration(ContestSchema.identifier) { db in
            try db.execute(sql: ContestSchema.sqlite)
        }
        migrator.registerMigration(SwapRingSchema.identifier) { db in
            try db.execute(sql: SwapRingSchema.sqlite)
        }
        migrator.registerMigration(SocialSchema.identifier) { db in
            try db.execute(sql: SocialSchema.sqlite)
        }
        migrator.registerMigration(PostSchema.identifier) { db in
            try db.execute(sql: PostSchema.sqlite)
        }
        migrator.registerMigration(EventSchema.identifier) { db in
            try db.execute(sql: EventSchema.sqlite)
        }
        migrator.registerMigration(GuideSchema.identifier) { db in
            try db.execute(sql: GuideSchema.sqlite)
        }
        return migrator
    }

    /// Writes every league's season that is a season as ``CivilSeason`` writes it (`2024-25` and
    /// `2024/2025` become `2024/25`), as new leagues are, so that cards match them to teams of
    /// that season. A league whose owner already has one of that name in the written season
    /// keeps its label. Part of v7; freeze a copy here if CivilSeason's forms ever change.
    private static func normaliseLeagueSeasons(_ db: Database) throws {
        for row in try Row.fetchAll(db, sql: "SELECT id, ownerId, name, season FROM league ORDER BY id") {
            let season: String = row["season"]
            guard let label = CivilSeason(season)?.label, label != season else { continue }
            try db.execute(sql: """
                UPDATE league SET season = ? WHERE id = ? AND NOT EXISTS (
                    SELECT 1 FROM league AS other WHERE other.ownerId = ? AND other.name = ? AND other.season = ?)
                """, arguments: [label, row["id"], row["ownerId"], row["name"], label])
        }
    }
}
