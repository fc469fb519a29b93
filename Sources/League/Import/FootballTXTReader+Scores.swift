/// Score expressions in Football.TXT match lines, scanned as bytes.
///
/// ```
/// 2-1                              full time
/// 2-1 (1-0)                        full time, half time
/// 2-1 a.e.t. (1-1, 0-0)            after extra time (full time, half time)
/// 3-4 pen. 2-2 a.e.t. (1-1, 1-1)   penalties first
/// 1-1 a.e.t. (1-1, 0-0), 3-4 pen.  penalties last
/// 3-4 pen. (1-1, 0-0)              penalties straight after full time
/// 2-2aet  3-4p  2-1 pso            markers: pen, pen., p. (p only without a space), pso; aet, a.e.t., n.v.
/// ```
extension FootballTXTReader {
    /// The scores one score expression gives.
    struct ScoreParts: Equatable {
        var fullTime: Score?
        var halfTime: Score?
        var extraTime: Score?
        var penalties: Score?

        var isEmpty: Bool { fullTime == nil && halfTime == nil && extraTime == nil && penalties == nil }
    }

    /// A score expression that starts well but is malformed further on.
    struct ScoreSyntaxError: Error {
        var message: String
    }

    private enum Marker { case penalties, extraTime }

    /// The first score expression in `range` of `line` that starts after some text and a space
    /// and ends at a space or the end of the range: where it is and its parts.
    static func findScore(_ line: Bytes, _ range: Range<Int>) throws(ScoreSyntaxError) -> (start: Int, end: Int, parts: ScoreParts)? {
        var index = range.lowerBound + 1
        while index < range.upperBound {
            defer { index += 1 }
            guard isSpace(line[index - 1]), isDigit(line[index]) else { continue }
            if let (parts, end) = try scoreExpression(line, at: index, limit: range.upperBound),
               end == range.upperBound || isSpace(line[end]) {
                return (index, end, parts)
            }
        }
        return nil
    }

    /// `12-3` at `index`: the score and where it ends. Nil when the text there is not a score
    /// (a digit or another separator follows, or a letter that is not a marker).
    private static func pair(_ line: Bytes, at index: Int, limit: Int) -> (score: Score, end: Int)? {
        var position = index
        func number() -> Int? {
            var value = 0
            let start = position
            while position < limit, isDigit(line[position]) {
                guard position - start < 3 else { return nil }
                value = value * 10 + Int(line[position] - 0x30)
                position += 1
            }
            return position > start ? value : nil
        }
        guard let home = number(), position < limit, line[position] == UInt8(ascii: "-") else { return nil }
        position += 1
        guard let away = number() else { return nil }
        if position < limit {
            let next = line[position]
            if next == UInt8(ascii: "-") || next == UInt8(ascii: ":") || next >= 0x80 { return nil }
            if isLetter(next), marker(line, at: position, limit: limit, attached: true) == nil { return nil }
        }
        return (Score(home, away), position)
    }

    /// A marker (`pen.`, `a.e.t.`) at `index`: what it marks and where it ends.
    private static func marker(_ line: Bytes, at index: Int, limit: Int, attached: Bool) -> (marker: Marker, end: Int)? {
        var position = index
        while position < limit, isLetter(line[position]) || line[position] == UInt8(ascii: ".") { position += 1 }
        guard position > index, position - index <= 6 else { return nil }
        if position < limit, !(isSpace(line[position]) || line[position] == UInt8(ascii: "(") || line[position] == UInt8(ascii: ",")) {
            return nil
        }
        switch string(line, index..<position).lowercased() {
        case "pen", "pen.", "pso", "p.": return (.penalties, position)
        case "p": return attached ? (.penalties, position) : nil
        case "aet", "aet.", "a.e.t.", "a.e.t", "n.v.", "nv": return (.extraTime, position)
        default: return nil
        }
    }

    private static func skipSpaces(_ line: Bytes, _ index: Int, limit: Int) -> Int {
        var position = index
        while position < limit, isSpace(line[position]) { position += 1 }
        return position
    }

    /// The score expression at `index`, or nil when there is none there.
    private static func scoreExpression(_ line: Bytes, at index: Int, limit: Int) throws(ScoreSyntaxError) -> (ScoreParts, Int)? {
        guard let first = pair(line, at: index, limit: limit) else { return nil }
        var parts = ScoreParts()
        var position = first.end
        let afterFirst = skipSpaces(line, position, limit: limit)
        if let mark = marker(line, at: afterFirst, limit: limit, attached: afterFirst == position) {
            position = mark.end
            if mark.marker == .penalties {
                parts.penalties = first.score
                let next = skipSpaces(line, position, limit: limit)
                if next > position, let second = pair(line, at: next, limit: limit) {
                    position = second.end
                    let afterSecond = skipSpaces(line, position, limit: limit)
                    if let mark2 = marker(line, at: afterSecond, limit: limit, attached: afterSecond == position),
                       mark2.marker == .extraTime {
                        parts.extraTime = second.score
                        position = mark2.end
                    } else {
                        parts.fullTime = second.score
                    }
                }
            } else {
                parts.extraTime = first.score
            }
        } else {
            parts.fullTime = first.score
        }

        // (1-1, 0-0)
        let open = skipSpaces(line, position, limit: limit)
        if open < limit, line[open] == UInt8(ascii: "(") {
            let malformed = ScoreSyntaxError(message: "malformed score in parentheses after \(first.score) (expected '(1-0)' or '(1-1, 0-0)')")
            var entries: [Score?] = []
            var cursor = open + 1
            while true {
                cursor = skipSpaces(line, cursor, limit: limit)
                var entry: Score?
                if let found = pair(line, at: cursor, limit: limit) {
                    entry = found.score
                    cursor = skipSpaces(line, found.end, limit: limit)
                }
                entries.append(entry)
                guard cursor < limit else {
                    throw ScoreSyntaxError(message: "malformed score: '(' without ')' after \(first.score)")
                }
                if line[cursor] == UInt8(ascii: ",") { cursor += 1; continue }
                if line[cursor] == UInt8(ascii: ")") { cursor += 1; break }
                throw malformed
            }
            guard entries.count <= 3, entries.contains(where: { $0 != nil }) else { throw malformed }
            if parts.extraTime != nil {
                guard entries.count <= 2 else {
                    throw ScoreSyntaxError(message: "expected '(full time, half time)' after the score after extra time")
                }
                parts.fullTime = entries[0]
                parts.halfTime = entries.count > 1 ? entries[1] : nil
            } else if parts.fullTime != nil {
                guard entries.count == 1 else {
                    throw ScoreSyntaxError(message: "expected '(half time)' after \(first.score), or 'a.e.t.' before '(full time, half time)'")
                }
                parts.halfTime = entries[0]
            } else {
                // `3-4 pen. (1-1, 0-0)` or `3-4 pen. (2-2, 1-1, 0-0)`
                if entries.count == 3 { parts.extraTime = entries[0] }
                parts.fullTime = entries[entries.count == 3 ? 1 : 0]
                parts.halfTime = entries.count >= 2 ? entries[entries.count - 1] : nil
            }
            position = cursor
        }

        // `, 3-4 pen.` after the rest
        if parts.penalties == nil {
            var cursor = skipSpaces(line, position, limit: limit)
            if cursor < limit, line[cursor] == UInt8(ascii: ",") { cursor = skipSpaces(line, cursor + 1, limit: limit) }
            if cursor > position, let shootout = pair(line, at: cursor, limit: limit) {
                let afterShootout = skipSpaces(line, shootout.end, limit: limit)
                if let mark = marker(line, at: afterShootout, limit: limit, attached: afterShootout == shootout.end),
                   mark.marker == .penalties {
                    parts.penalties = shootout.score
                    position = mark.end
                }
            }
        }
        for score in [parts.fullTime, parts.halfTime, parts.extraTime, parts.penalties].compactMap({ $0 })
        where score.home > SeasonImporter.maximumGoals || score.away > SeasonImporter.maximumGoals {
            throw ScoreSyntaxError(message: "score \(score): at most \(SeasonImporter.maximumGoals) goals a side are accepted")
        }
        return (parts, position)
    }
}
