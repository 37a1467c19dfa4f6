import CGLDocument
import CGLayout
import Foundation

/// Any bytes given to `register`: parsed and validated; a valid document is compiled and
/// laid out for environments from the ordinary to the extreme, each direction. Errors are
/// expected; a trap is a bug.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDocument(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, let document = try? SchemeDocument(data: Data(bytes: data, count: size)) else { return 0 }
    // The hash is of the canonical form, which leaves out the name: given a name again, the
    // canonical form must be a valid document with the same hash and the same canonical form.
    let named = #"{"name":"fuzz","# + document.canonicalJSON.dropFirst()
    guard let again = try? SchemeDocument(json: named), again.hash == document.hash, again.canonicalJSON == document.canonicalJSON else {
        fatalError("the canonical form of a valid document does not give it back:\n\(document.canonicalJSON)")
    }
    let compiled = document.compiled()
    for environment in environments {
        _ = try? compiled.snapshot(for: environment)
    }
    return 0
}

private let environments: [LayoutEnvironment] = [
    LayoutEnvironment(width: 390, height: 844, scale: 3, profile: "phone-portrait"),
    LayoutEnvironment(width: 844, height: 390, scale: 3, direction: .rightToLeft, profile: "phone-landscape"),
    LayoutEnvironment(width: 1024, height: 1366, scale: 2, safeArea: EdgeInsets(top: 24, left: 0, bottom: 20, right: 0), profile: "tablet-portrait"),
    LayoutEnvironment(width: 1, height: 1),
    LayoutEnvironment(width: 100_000, height: 100_000, scale: 1, direction: .rightToLeft),
]
