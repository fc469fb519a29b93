// The libFuzzer entry point, linked with the instrumented TouchlineFuzz library by fuzz/run:
// `swiftc -sanitize=fuzzer,address -parse-as-library`, so that libFuzzer's own main runs.
import Foundation
import TouchlineFuzz

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> CInt {
    guard selectedTarget != nil else {
        let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
        fputs("set TOUCHLINE_FUZZ_TARGET to one of: \(names)\n", stderr)
        exit(64)
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    touchlineFuzzOneInput(bytes, count)
}
