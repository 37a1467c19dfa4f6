import CGLDocument
import CGLayout
import Foundation

/// Any bytes given to `register`: parsed and validated; a valid document is compiled and
/// laid out for environments from the ordinary to the extreme, each direction. Bytes that
/// are no document are read as the content of a lookup (texts in runs among them) for a
/// fixed document, and laid out. Errors are expected; a trap is a bug.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDocument(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    guard let document = try? SchemeDocument(data: Data(bytes: data, count: size)) else {
        fuzzContent(Array(UnsafeBufferPointer(start: data, count: size)))
        return 0
    }
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

/// `bytes` as content for ``contentDocument``, typed by its slots and untyped as a client
/// reads it, each laid out when it fits.
private func fuzzContent(_ bytes: [UInt8]) {
    if let content = try? Content(json: Data(bytes), for: contentDocument) {
        for environment in environments { _ = try? contentProgram.snapshot(for: environment, content: content) }
    }
    if let untyped = try? Content(json: bytes) {
        _ = untyped.digest
        _ = try? contentProgram.snapshot(for: environments[0], content: untyped)
    }
}

/// A post with a text slot (runs named in three styles), a size slot and a flag slot.
private let contentDocument = try! SchemeDocument(json: #"""
    {"format": "cglayout/1", "name": "post",
     "styles": {"body": {"family": "DejaVu Sans", "size": 13, "lineHeight": 18, "maxLines": 6},
                "bold": {"family": "DejaVu Sans", "size": 13, "weight": 700}, "quote": {"family": "DejaVu Serif", "size": 14, "italic": true}},
     "elements": [{"id": "body", "text": {"slot": "body", "default": "Hello", "style": "body"}},
                  {"id": "photo", "intrinsicSize": {"slot": "photo", "default": [1200, 800], "width": "fill"}, "visible": {"slot": "hasPhoto", "default": true}}],
     "blocks": [{"element": "body", "layout": {"x": "left(16)", "y": "top(16)"}, "constraints": [{"anchors": ["insets(0, 0, 0, 16)"]}, {"type": "adjust", "anchors": ["height(1)"]}]},
                {"element": "photo", "layout": {"x": "left(16)"}, "constraints": [{"to": "body", "anchors": ["bottom.align(outer)"]}, {"anchors": ["insets(0, 0, 0, 16)"]}, {"type": "adjust", "anchors": ["height(1)"]}]}]}
    """#)
private let contentProgram = contentDocument.compiled()
