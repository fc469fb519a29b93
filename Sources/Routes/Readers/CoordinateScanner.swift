/// Reads the tuples of a KML `<coordinates>` list (`lon,lat[,alt]` separated by white space)
/// from text that arrives in pieces, so a list of millions of points is never held whole.
///
/// Lenient about white space around commas (`lon, lat`), which some exporters write; a tuple
/// with one component, more than three, or one that is not a number comes out with a NaN
/// latitude so the document builder counts it as an invalid coordinate.
struct CoordinateScanner {
    /// One position: longitude, latitude, optional altitude, in the order KML writes them.
    struct Tuple {
        var longitude: Double
        var latitude: Double
        var altitude: Double?
    }

    private static let maximumNumberBytes = 64

    private var number: [UInt8] = []
    private var numberTooLong = false
    private var components: (Double, Double, Double) = (0, 0, 0)
    private var count = 0
    private var invalid = false
    private var pendingComma = false

    init() {
        number.reserveCapacity(Self.maximumNumberBytes)
    }

    /// Feeds the next piece of text, calling `emit` for every tuple it completes.
    mutating func consume(_ text: String, emit: (Tuple) throws(RouteReadError) -> Void) throws(RouteReadError) {
        for byte in text.utf8 {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D:
                finishNumber()
            case 0x2C:   // ,
                finishNumber()
                if count == 0 { invalid = true }
                pendingComma = true
            default:
                if number.isEmpty && !numberTooLong {
                    // A number starts: it continues the tuple after a comma, else starts a new one.
                    if (count > 0 || invalid) && !pendingComma { try emitTuple(emit) }
                    pendingComma = false
                }
                if number.count < Self.maximumNumberBytes {
                    number.append(byte)
                } else {
                    numberTooLong = true
                }
            }
        }
    }

    /// Ends the list, emitting the last tuple.
    mutating func finish(emit: (Tuple) throws(RouteReadError) -> Void) throws(RouteReadError) {
        finishNumber()
        if count > 0 || invalid { try emitTuple(emit) }
        self = CoordinateScanner()
    }

    private mutating func finishNumber() {
        guard !number.isEmpty || numberTooLong else { return }
        let value = numberTooLong ? nil : number.withUnsafeBufferPointer { DecimalText.double($0) }
        number.removeAll(keepingCapacity: true)
        numberTooLong = false
        guard let value else {
            invalid = true
            count += 1
            return
        }
        switch count {
        case 0: components.0 = value
        case 1: components.1 = value
        case 2: components.2 = value
        default: invalid = true
        }
        count += 1
    }

    private mutating func emitTuple(_ emit: (Tuple) throws(RouteReadError) -> Void) throws(RouteReadError) {
        let tuple: Tuple
        if invalid || count < 2 || count > 3 {
            tuple = Tuple(longitude: .nan, latitude: .nan, altitude: nil)
        } else {
            tuple = Tuple(longitude: components.0, latitude: components.1, altitude: count == 3 ? components.2 : nil)
        }
        count = 0
        invalid = false
        pendingComma = false
        try emit(tuple)
    }

    /// Reads one white-space separated `lon lat [alt]` tuple (a `gx:coord`).
    static func spaceSeparated(_ text: String) -> Tuple {
        var values: [Double] = []
        var valid = true
        for part in text.utf8.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            guard values.count < 3, part.count <= maximumNumberBytes,
                  let value = Array(part).withUnsafeBufferPointer({ DecimalText.double($0) })
            else {
                valid = false
                break
            }
            values.append(value)
        }
        guard valid, values.count >= 2 else { return Tuple(longitude: .nan, latitude: .nan, altitude: nil) }
        return Tuple(longitude: values[0], latitude: values[1], altitude: values.count == 3 ? values[2] : nil)
    }
}
