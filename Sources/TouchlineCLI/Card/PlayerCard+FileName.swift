import Foundation
import Reports

extension PlayerCard {
    /// The card's PNG file name in a folder: the number in two digits and the name in
    /// lower-case ASCII words joined by hyphens, `07-nico-williams.png`.
    var fileName: String {
        let folded = name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: "en_US_POSIX"))
        let words = folded.lowercased().split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        let slug = String(words.joined(separator: "-").prefix(60)).trimmingCharacters(in: CharacterSet(charactersIn: "-"))
        let number = number.map { $0 < 10 ? "0\($0)" : String($0) } ?? "00"
        return "\(number)-\(slug.isEmpty ? "player" : slug).png"
    }
}
