/// Where the parts of a collection manifest are, as its problems name them: JSON paths for
/// `collection.json` (`families[0].cards[2].number`), lines for `collection.csv`
/// (`line 4, number`), so that one set of rules speaks of the file the user wrote.
struct ManifestPlaces {
    /// A collection-wide field (`name`, `packSize`, ...).
    let collectionField: (String) -> String
    /// The families as a whole.
    let families: String
    /// Family `index`, as another problem refers to it.
    let family: (Int) -> String
    /// The name of family `index`.
    let familyName: (Int) -> String
    /// Card `position` of family `index`.
    let card: (Int, Int) -> String
    /// A field of a card's place.
    let field: (String, String) -> String

    /// `collection.json`'s JSON paths.
    static var json: ManifestPlaces {
        ManifestPlaces(
            collectionField: { $0 }, families: "families", family: { "families[\($0)]" },
            familyName: { "families[\($0)].name" }, card: { "families[\($0)].cards[\($1)]" }, field: { "\($0).\($1)" })
    }

    /// A CSV manifest's lines: `lines[index][position]` is the line card `position` of family
    /// `index` was read from (a family is named where its first card is).
    static func csv(lines: [[Int]]) -> ManifestPlaces {
        func first(_ index: Int) -> Int { lines[index].first ?? 0 }
        return ManifestPlaces(
            collectionField: { "the collection's \($0)" }, families: "families", family: { "the family on line \(first($0))" },
            familyName: { "line \(first($0)), family" }, card: { "line \(lines[$0][$1])" }, field: { "\($0), \($1)" })
    }
}
