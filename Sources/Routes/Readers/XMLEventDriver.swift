import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Runs Foundation's streaming `XMLParser` over a file or data and forwards the events a
/// format handler needs: local element names with their parent, bounded text, skipped
/// subtrees, and errors with the line and column where they happened.
///
/// Well-formedness errors stop the parse; namespace problems (an undeclared `gx:` prefix) and
/// warnings do not, since real files are sloppy about them.
final class XMLEventDriver: NSObject, XMLParserDelegate {
    /// The most character data one collected element may hold (names, numbers, times).
    static let maximumTextBytes = 16_384

    private let handler: XMLElementHandler
    private let source: String
    // Hot state, touched on every event: exempt from dynamic exclusivity checks, which cost more
    // than the rest of the event handling. The parser is single-threaded and nothing here is
    // accessed re-entrantly.
    @exclusivity(unchecked) private var stack: [UInt8] = []
    /// The last element started, for messages.
    @exclusivity(unchecked) private var currentName = ""
    @exclusivity(unchecked) private var skipDepth = 0
    @exclusivity(unchecked) private var content: XMLContentHandling = .ignore
    @exclusivity(unchecked) private var text = ""
    @exclusivity(unchecked) private var failed = false
    private var sawRoot = false
    private(set) var failure: RouteReadError?

    private init(handler: XMLElementHandler, source: String) {
        self.handler = handler
        self.source = source
    }

    /// Parses `parser`'s input into `handler`, throwing the first error with its location.
    static func run(_ parser: XMLParser, handler: XMLElementHandler, source: String) throws(RouteReadError) {
        let driver = XMLEventDriver(handler: handler, source: source)
        parser.delegate = driver
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        parser.shouldResolveExternalEntities = false
        let succeeded = withExtendedLifetime(driver) { parser.parse() }
        parser.delegate = nil
        if let failure = driver.failure { throw failure }
        if !succeeded, let error = parser.parserError as NSError?, error.domain != XMLParser.errorDomain {
            throw RouteReadError(source: source, message: "cannot read the input: \(error.localizedDescription)", kind: .unreadable)
        }
        guard driver.sawRoot else {
            throw RouteReadError(source: source, message: "no XML root element: the input is empty or not XML", kind: .malformed)
        }
    }

    // MARK: XMLParserDelegate

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?, attributes attributeDict: [String: String]) {
        guard !failed else { return }
        if skipDepth > 0 {
            skipDepth += 1
            return
        }
        var code = handler.code(for: elementName)
        if code == 0, let local = Self.localNameIfPrefixed(elementName) { code = handler.code(for: local) }
        if !sawRoot {
            sawRoot = true
            guard code == handler.rootCode else {
                fail(parser, RouteReadError(source: source, message: "expected a <\(handler.rootName)> root element, found <\(elementName)>", kind: .unrecognizedFormat))
                return
            }
        }
        do {
            let handling = try handler.didStart(code, parent: stack.last ?? 0, attributes: attributeDict)
            if handling == .skipSubtree {
                skipDepth = 1
                content = .ignore
                return
            }
            stack.append(code)
            currentName = elementName
            content = handling
            if !text.isEmpty { text = "" }
        } catch {
            fail(parser, error)
        }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        guard !failed else { return }
        if skipDepth > 0 {
            skipDepth -= 1
            return
        }
        guard let code = stack.popLast() else { return }
        let collected = content == .collect ? text : ""
        content = .ignore
        if !text.isEmpty { text = "" }
        do {
            try handler.didEnd(code, parent: stack.last ?? 0, text: collected)
        } catch {
            fail(parser, error)
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        receive(parser, string)
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        guard content != .ignore, skipDepth == 0, !failed else { return }
        receive(parser, String(decoding: CDATABlock, as: UTF8.self))
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        guard !failed else { return }
        let code = (parseError as NSError).code
        guard Self.isFatal(code) else { return }
        let place = currentName.isEmpty ? "" : " (after <\(currentName)>)"
        fail(parser, RouteReadError(source: source, message: "malformed XML: \(Self.describe(code))\(place)", kind: .malformed))
    }

    // MARK: Helpers

    private func receive(_ parser: XMLParser, _ string: String) {
        guard skipDepth == 0, !failed else { return }
        switch content {
        case .ignore, .skipSubtree:
            return
        case .collect:
            if text.isEmpty {
                text = string
            } else {
                text += string
            }
            if text.utf8.count > Self.maximumTextBytes {
                fail(parser, RouteReadError(source: source, message: "the text of <\(currentName)> is longer than \(DocumentBuilder.grouped(Self.maximumTextBytes)) bytes", kind: .limitExceeded))
            }
        case .stream:
            do {
                try handler.characters(string)
            } catch {
                fail(parser, error)
            }
        }
    }

    private func fail(_ parser: XMLParser, _ error: RouteReadError) {
        var located = error
        located.source = source
        if located.line == nil {
            located.line = max(parser.lineNumber, 1)
            located.column = max(parser.columnNumber, 1)
        }
        failure = located
        failed = true
        parser.abortParsing()
    }

    /// `gx:Track` → `Track`; nil when the name has no prefix.
    static func localNameIfPrefixed(_ name: String) -> String? {
        var afterColon: String.Index?
        var index = name.utf8.startIndex
        for byte in name.utf8 {
            name.utf8.formIndex(after: &index)
            if byte == 58 { afterColon = index }   // ':'
        }
        guard let afterColon else { return nil }
        return String(name[afterColon...])
    }

    /// `gx:Track` → `Track`, `gpx` → `gpx`.
    static func localName(_ name: String) -> String {
        localNameIfPrefixed(name) ?? name
    }

    /// Whether a libxml2 error code (the `NSError` code XMLParser reports) breaks the document.
    /// Warnings, namespace errors (200...) and validity errors (500...) do not.
    static func isFatal(_ code: Int) -> Bool {
        switch code {
        case 27, 93, 94, 97, 98, 99, 100, 101, 102, 106, 107, 108, 111: return false   // warnings, user stop
        case 1..<200: return true
        case 6000..<6100: return true   // encoding conversion
        default: return false
        }
    }

    /// Plain words for the libxml2 errors malformed GPS files actually produce.
    static func describe(_ code: Int) -> String {
        let text: String
        switch code {
        case 2: text = "out of memory"
        case 4: text = "the document is empty"
        case 5: text = "the document ends too early or has content after its root element"
        case 6, 7, 8: text = "invalid character reference"
        case 9: text = "invalid character (is the file really UTF-8?)"
        case 23: text = "an entity reference is missing its ';'"
        case 26: text = "undeclared entity (write '&amp;' for a literal '&')"
        case 31, 32: text = "unsupported text encoding"
        case 38: text = "'<' inside an attribute value"
        case 39, 40, 41: text = "malformed attribute value"
        case 42: text = "an attribute appears twice in one tag"
        case 45: text = "unfinished comment"
        case 64: text = "the XML declaration must come first in the file"
        case 65: text = "space required"
        case 68: text = "a name was expected"
        case 73: text = "'>' expected"
        case 76: text = "end tag does not match its start tag"
        case 77: text = "unfinished tag"
        case 81: text = "the bytes are not valid in the declared encoding"
        case 85: text = "tags are not balanced"
        case 86: text = "extra content after the root element"
        case 89: text = "entity loop"
        default: text = "syntax error"
        }
        return "\(text) [libxml2 error \(code)]"
    }
}
