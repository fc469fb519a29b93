/// What the XML driver does with the content of an element that just started.
enum XMLContentHandling {
    /// Ignore its character data (children still get their own events).
    case ignore
    /// Collect its character data (bounded) and hand it to `didEnd`.
    case collect
    /// Hand each run of character data to `characters(_:)` as it arrives, so a huge text node
    /// (a KML `<coordinates>` list) is never held whole.
    case stream
    /// Skip the element and everything inside it (`<extensions>`, `<Polygon>`).
    case skipSubtree
}

/// One format's reaction to the element events of `XMLEventDriver`.
///
/// Elements are identified by small codes the handler assigns to the names it cares about
/// (0 for every other element), so the per-element work is integer comparisons rather than
/// string ones. Codes are looked up by the name as written and, failing that, by its local
/// name: `gx:Track` and `Track` read the same, so files that leave namespaces out or use other
/// prefixes work.
protocol XMLElementHandler: AnyObject {
    /// The code of the element that must be the root.
    var rootCode: UInt8 { get }
    /// The root element's name, for messages (`gpx`, `kml`, `TrainingCenterDatabase`).
    var rootName: String { get }
    /// The code for an element name, 0 when the format has no use for it.
    func code(for name: String) -> UInt8
    /// An element started. `parent` is the code of the enclosing element (0 at the root or
    /// under an element the format ignores).
    func didStart(_ element: UInt8, parent: UInt8, attributes: XMLAttributes) throws(RouteReadError) -> XMLContentHandling
    /// Character data of an element started with `.stream`.
    func characters(_ text: String) throws(RouteReadError)
    /// An element ended; `text` is its collected content, or empty unless it was `.collect`ed.
    func didEnd(_ element: UInt8, parent: UInt8, text: String) throws(RouteReadError)
}

extension XMLElementHandler {
    func characters(_ text: String) throws(RouteReadError) {}
}

/// An XML format handler that fills a `DocumentBuilder` (GPX, KML, TCX).
protocol RouteXMLHandler: XMLElementHandler {
    var builder: DocumentBuilder { get }
}

extension GPXHandler: RouteXMLHandler {}
extension KMLHandler: RouteXMLHandler {}
extension TCXHandler: RouteXMLHandler {}
