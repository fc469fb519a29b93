import Foundation

/// How the stores compare names and email addresses ignoring case, in every script and the
/// same on SQLite and PostgreSQL: by a key that Swift folds, kept in a column beside the text
/// (`team.nameKey`, `league.nameKey`, `leagueTeam.nameKey`, `user.emailKey`) and compared
/// byte for byte.
///
/// Neither database can do this alone. SQLite's `NOCASE` folds the 26 ASCII letters only, so
/// `ÉQUIPE` and `équipe` were two teams; PostgreSQL's `lower` and `citext` fold by the
/// database's locale, so the answer depended on how the cluster was made (under a Turkish
/// locale, `KIM` is not `kim`). A key folded here is the same whichever store holds it.
///
/// Usernames are ASCII (Club's `Validation.username`), where `NOCASE` is right; the
/// PostgreSQL store compares them as `lower(x COLLATE "C")`, which folds ASCII alone too
/// (Club's `SQLDialect.equalsIgnoringCase`), and a name with any other character matches no
/// user (``isUsername(_:)``). Here in Support so that the domain modules (a sticker
/// collection's family names) tell names apart by the same rule.
public enum CaseFold {
    /// `text` with every letter's case folded and its accents composed (NFC): `ÉQUIPE`,
    /// `équipe` and `e` + U+0301 + `quipe` give one key, as do `STRASSE` and `Straße`.
    /// Full case folding as Swift's Unicode tables map upper then lower case; accents are
    /// kept (`Equipe` is not `Équipe`).
    public static func key(_ text: String) -> String {
        text.uppercased().lowercased().precomposedStringWithCanonicalMapping
    }

    /// Whether `a` and `b` are the same name ignoring case: the same ``key(_:)``. The services
    /// compare names they hold in memory (a match's two sides, a line-up's players) by it, so
    /// that they agree with the stores.
    public static func same(_ a: String, _ b: String) -> Bool {
        key(a) == key(b)
    }

    /// Whether `name` could be a username: ASCII only. Lookups skip any other name, since the
    /// databases would fold some of them to ASCII letters (the Kelvin sign to `k`) and find a
    /// user who never had that name.
    public static func isUsername(_ name: String) -> Bool {
        name.utf8.allSatisfy { $0 < 0x80 }
    }
}
