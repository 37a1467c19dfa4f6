import CGLDocument
import CGLayout
import Foundation

/// Linear equations (SwiftyLayout style), one per line of the input, in a block of a fixed
/// document of four elements: the expression parser, the relation resolver and the
/// Cassowary solver get every input, not only the ones a mutated document keeps valid.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEquations(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, let text = String(validating: UnsafeBufferPointer(start: data, count: size), as: UTF8.self) else { return 0 }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let equations = try? JSONSerialization.data(withJSONObject: lines) else { return 0 }
    let json = """
    {"format": "cglayout/1", "name": "equations",
     "elements": [{"id": "a", "intrinsicSize": [64, 64]}, {"id": "b", "text": {"string": "Ada", "advance": 8, "lineHeight": 20}},
                  {"id": "c"}, {"id": "d", "parent": "c"}],
     "blocks": [{"id": "e", "equations": \(String(decoding: equations, as: UTF8.self))}]}
    """
    guard let document = try? SchemeDocument(json: json) else { return 0 }
    let compiled = document.compiled()
    for environment in environments {
        _ = try? compiled.snapshot(for: environment)
    }
    return 0
}

private let environments: [LayoutEnvironment] = [
    LayoutEnvironment(width: 390, height: 844, scale: 3),
    LayoutEnvironment(width: 844, height: 390, direction: .rightToLeft, safeArea: EdgeInsets(top: 0, left: 47, bottom: 21, right: 47)),
    LayoutEnvironment(width: 1, height: 100_000, scale: 10),
]
