import CLibXML2
import Foundation

/// Streams XML through libxml2's push parser and SAX2 interface and forwards the events a
/// format handler needs: local element names with their parent, bounded text, skipped
/// subtrees, and errors with the line and column where they happened.
///
/// libxml2 is driven directly rather than through Foundation's `XMLParser`, which crashed on
/// processing instructions without data, some UTF-16 input and unusual encodings (found by
/// fuzzing), and spent most of a GPX parse turning every name and attribute into Foundation
/// objects. Nothing is registered for entity declarations, external subsets or processing
/// instructions, and entities are never substituted, so no entity is expanded or fetched.
///
/// Well-formedness errors stop the parse; namespace problems (an undeclared `gx:` prefix) and
/// warnings do not, since real files are sloppy about them.
final class XMLEventDriver {
    /// The most character data one collected element may hold (names, numbers, times).
    static let maximumTextBytes = 16_384
    /// How much of the input libxml2 is given at a time.
    static let chunkBytes = 256 * 1_024

    private let handler: XMLElementHandler
    private let source: String
    // Hot state, touched on every event: exempt from dynamic exclusivity checks, which cost
    // more than the rest of the event handling. libxml2 calls back on the parsing thread only,
    // and nothing here is accessed re-entrantly.
    @exclusivity(unchecked) private var stack: [UInt8] = []
    /// The last element started (its name and prefix in libxml2's dictionary), for messages.
    @exclusivity(unchecked) private var currentName: (UnsafePointer<xmlChar>, UnsafePointer<xmlChar>?)?
    @exclusivity(unchecked) private var skipDepth = 0
    @exclusivity(unchecked) private var content: XMLContentHandling = .ignore
    @exclusivity(unchecked) private var text: [UInt8] = []
    @exclusivity(unchecked) private var failure: RouteReadError?
    /// libxml2 keeps one copy of each name in its dictionary, so a name's code can be
    /// remembered by the name's address for the rest of the document.
    @exclusivity(unchecked) private var codes: [UnsafePointer<xmlChar>: UInt8] = [:]
    private var sawRoot = false
    private var context: xmlParserCtxtPtr?

    private init(handler: XMLElementHandler, source: String) {
        self.handler = handler
        self.source = source
    }

    /// The input to parse: a file, read in chunks, or bytes in memory.
    enum Input {
        case file(URL)
        case data(Data)
    }

    /// Parses `input` into `handler`, throwing the first error with its location.
    static func run(_ input: Input, handler: XMLElementHandler, source: String) throws(RouteReadError) {
        _ = initialized
        let driver = XMLEventDriver(handler: handler, source: source)
        try driver.parse(input)
        if let failure = driver.failure { throw failure }
        guard driver.sawRoot else {
            throw RouteReadError(source: source, message: "no XML root element: the input is empty or not XML", kind: .malformed)
        }
    }

    /// libxml2's one-time set-up, which must not race with a first parse on another thread.
    private static let initialized: Void = xmlInitParser()

    // MARK: Parsing

    private func parse(_ input: Input) throws(RouteReadError) {
        var sax = xmlSAXHandler()
        sax.initialized = TL_XML_SAX2_MAGIC
        sax.startElementNs = { context, localName, prefix, _, _, _, attributeCount, _, attributes in
            XMLEventDriver.driver(context)?.start(localName, prefix, Int(attributeCount), attributes)
        }
        sax.endElementNs = { context, _, _, _ in
            XMLEventDriver.driver(context)?.end()
        }
        sax.characters = { context, bytes, count in
            XMLEventDriver.driver(context)?.receive(bytes, Int(count))
        }
        sax.cdataBlock = sax.characters
        sax.serror = { context, error in
            guard let error else { return }
            XMLEventDriver.driver(context)?.report(error.pointee)
        }
        // No user data: every callback then gets the parser context, and the driver rides in
        // its _private field.
        guard let context = xmlCreatePushParserCtxt(&sax, nil, nil, 0, nil) else {
            throw RouteReadError(source: source, message: "cannot start the XML parser (out of memory)", kind: .unreadable)
        }
        self.context = context
        defer {
            self.context = nil
            xmlFreeParserCtxt(context)
        }
        xmlCtxtUseOptions(context, TL_XML_PARSE_OPTIONS)
        let unmanaged = Unmanaged.passUnretained(self)
        context.pointee._private = unmanaged.toOpaque()
        try withExtendedLifetime(self) { () throws(RouteReadError) in
            switch input {
            case .data(let data):
                var offset = 0
                while offset < data.count, failure == nil {
                    let end = min(offset + Self.chunkBytes, data.count)
                    feed(data[offset..<end], last: end == data.count, context: context)
                    offset = end
                }
                if data.isEmpty { feed(Data(), last: true, context: context) }
            case .file(let url):
                let handle: FileHandle
                do {
                    handle = try FileHandle(forReadingFrom: url)
                } catch {
                    throw RouteReadError(source: source, message: "cannot open the file", kind: .unreadable)
                }
                defer { try? handle.close() }
                while failure == nil {
                    let chunk: Data
                    do {
                        chunk = try handle.read(upToCount: Self.chunkBytes) ?? Data()
                    } catch {
                        throw RouteReadError(source: source, message: "cannot read the input: \(error.localizedDescription)",
                                             kind: .unreadable)
                    }
                    feed(chunk, last: chunk.isEmpty, context: context)
                    if chunk.isEmpty { break }
                }
            }
        }
    }

    private func feed(_ chunk: Data, last: Bool, context: xmlParserCtxtPtr) {
        let status = chunk.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> CInt in
            xmlParseChunk(context, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), CInt(bytes.count), last ? 1 : 0)
        }
        // A fatal error the structured handler did not see (libxml2 reports most through it).
        if status != 0, failure == nil, context.pointee.wellFormed == 0, let error = xmlCtxtGetLastError(context) {
            report(error.pointee)
        }
    }

    private static func driver(_ context: UnsafeMutableRawPointer?) -> XMLEventDriver? {
        guard let context, let driver = context.assumingMemoryBound(to: xmlParserCtxt.self).pointee._private else { return nil }
        return Unmanaged<XMLEventDriver>.fromOpaque(driver).takeUnretainedValue()
    }

    // MARK: Events

    private func start(_ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?, _ attributeCount: Int,
                       _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        guard failure == nil, let localName else { return }
        if skipDepth > 0 {
            skipDepth += 1
            return
        }
        let code: UInt8
        if let known = codes[localName] {
            code = known
        } else {
            code = handler.code(for: String(cString: localName))
            codes[localName] = code
        }
        if !sawRoot {
            sawRoot = true
            guard code == handler.rootCode else {
                fail(RouteReadError(source: source, message: "expected a <\(handler.rootName)> root element, found <\(Self.name(localName, prefix))>",
                                    kind: .unrecognizedFormat))
                return
            }
        }
        do {
            let handling = try handler.didStart(code, parent: stack.last ?? 0,
                                                attributes: XMLAttributes(count: attributeCount, pointers: attributes))
            if handling == .skipSubtree {
                skipDepth = 1
                content = .ignore
                return
            }
            stack.append(code)
            currentName = (localName, prefix)
            content = handling
            if !text.isEmpty { text.removeAll(keepingCapacity: true) }
        } catch {
            fail(error)
        }
    }

    private func end() {
        guard failure == nil else { return }
        if skipDepth > 0 {
            skipDepth -= 1
            return
        }
        guard let code = stack.popLast() else { return }
        let collected = content == .collect ? String(decoding: text, as: UTF8.self) : ""
        content = .ignore
        if !text.isEmpty { text.removeAll(keepingCapacity: true) }
        do {
            try handler.didEnd(code, parent: stack.last ?? 0, text: collected)
        } catch {
            fail(error)
        }
    }

    private func receive(_ bytes: UnsafePointer<xmlChar>?, _ count: Int) {
        guard skipDepth == 0, failure == nil, let bytes, count > 0 else { return }
        let run = UnsafeBufferPointer(start: bytes, count: count)
        switch content {
        case .ignore, .skipSubtree:
            return
        case .collect:
            guard text.count + count <= Self.maximumTextBytes else {
                fail(RouteReadError(source: source, message: "the text of <\(currentNameText)> is longer than \(DocumentBuilder.grouped(Self.maximumTextBytes)) bytes",
                                    kind: .limitExceeded))
                return
            }
            text.append(contentsOf: run)
        case .stream:
            do {
                try handler.characters(String(decoding: run, as: UTF8.self))
            } catch {
                fail(error)
            }
        }
    }

    private func report(_ error: xmlError) {
        guard failure == nil, Self.isFatal(Int(error.code)) || error.level == XML_ERR_FATAL else { return }
        let place = currentName == nil ? "" : " (after <\(currentNameText)>)"
        var located = RouteReadError(source: source, message: "malformed XML: \(Self.describe(Int(error.code)))\(place)",
                                     kind: .malformed)
        located.line = max(Int(error.line), 1)
        located.column = max(Int(error.int2), 1)
        failure = located
        if let context { xmlStopParser(context) }
    }

    private func fail(_ error: RouteReadError) {
        var located = error
        located.source = source
        if located.line == nil, let context {
            located.line = max(Int(xmlSAX2GetLineNumber(context)), 1)
            located.column = max(Int(xmlSAX2GetColumnNumber(context)), 1)
        }
        failure = located
        if let context { xmlStopParser(context) }
    }

    // MARK: Helpers

    /// The last element started, as written (`gx:Track`).
    private var currentNameText: String {
        currentName.map { Self.name($0.0, $0.1) } ?? ""
    }

    /// `gx:Track`, or `gpx` without a prefix, for messages.
    private static func name(_ localName: UnsafePointer<xmlChar>, _ prefix: UnsafePointer<xmlChar>?) -> String {
        let local = String(cString: localName)
        return prefix.map { String(cString: $0) + ":" + local } ?? local
    }

    /// `gx:Track` → `Track`; nil when the name has no prefix.
    static func localNameIfPrefixed(_ name: String) -> String? {
        guard let colon = name.lastIndex(of: ":") else { return nil }
        return String(name[name.index(after: colon)...])
    }

    /// `gx:Track` → `Track`, `gpx` → `gpx`.
    static func localName(_ name: String) -> String {
        localNameIfPrefixed(name) ?? name
    }

    /// Whether a libxml2 error code breaks the document. Warnings, namespace errors (200...)
    /// and validity errors (500...) do not.
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
