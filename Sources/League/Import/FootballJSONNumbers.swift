import Foundation

/// A number of goals: a whole number from 0 to ``SeasonImporter/maximumGoals``.
struct FootballJSONGoals: Decodable, Equatable {
    var value: Int

    init(from decoder: any Decoder) throws {
        value = try FootballJSONNumber.whole(decoder, in: 0...SeasonImporter.maximumGoals, "a number of goals",
                                             negative: "goals cannot be negative")
    }
}

/// A score written `[home, away]`.
struct FootballJSONScorePair: Decodable {
    var score: Score

    init(from decoder: any Decoder) throws {
        guard var pair = try? decoder.unkeyedContainer() else {
            throw ImportJSONProblem(.invalidValue, at: decoder.codingPath,
                                    "expected an array, found \(ImportJSONKind.of(decoder))")
        }
        guard pair.count == 2 else {
            throw ImportJSONProblem(.invalidValue, at: decoder.codingPath,
                                    "expected a score [home, away], found an array of \(pair.count ?? 0)")
        }
        let home = try pair.decode(FootballJSONGoals.self)
        let away = try pair.decode(FootballJSONGoals.self)
        score = Score(home.value, away.value)
    }
}

/// The minute a goal was scored in, 0 to 200.
struct FootballJSONMinute: Decodable {
    var value: Int

    init(from decoder: any Decoder) throws {
        value = try FootballJSONNumber.whole(decoder, in: 0...200, "a minute")
    }
}

/// Minutes of stoppage time after the minute, 0 to 60.
struct FootballJSONStoppage: Decodable {
    var value: Int

    init(from decoder: any Decoder) throws {
        value = try FootballJSONNumber.whole(decoder, in: 0...60, "minutes of stoppage time")
    }
}

/// Whole numbers read strictly: `JSONDecoder` refuses `2.5` as an `Int` (and takes `2.0` as
/// 2), but with no place in its error, so fractions are told apart here.
enum FootballJSONNumber {
    /// The whole number `decoder` is at, within `range`; `what` names it in messages, and
    /// `negative` words the message for a number below zero when given.
    static func whole(_ decoder: any Decoder, in range: ClosedRange<Int>, _ what: String,
                      negative: String? = nil) throws -> Int {
        func problem(_ message: String) -> ImportJSONProblem {
            ImportJSONProblem(.invalidValue, at: decoder.codingPath, message)
        }
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            if number < 0, let negative { throw problem("\(negative), found \(number)") }
            guard range.contains(number) else {
                throw problem("expected \(what) from \(range.lowerBound) to \(range.upperBound), found \(number)")
            }
            return number
        }
        if let number = try? container.decode(Double.self) {
            if number < 0, let negative { throw problem("\(negative), found \(format(number))") }
            throw problem("expected \(what) as a whole number, found \(format(number))")
        }
        let kind = ImportJSONKind.of(decoder)
        if kind == "a number" {
            throw problem("expected \(what) from \(range.lowerBound) to \(range.upperBound), found a number too large to read")
        }
        throw problem("expected \(what), found \(kind)")
    }

    /// `number` as written in JSON: `3` for a whole number, `1.5` or `1e+20` otherwise.
    static func format(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}
