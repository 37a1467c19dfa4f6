import CGLayout
import Foundation
import Testing

@testable import CGLDocument

/// The document of `docs/format.md` §1, verbatim.
let specExample = """
{
  "format": "cglayout/1",
  "name": "feed-cell",
  "description": "optional free text",
  "elements": [
    {"id": "card"},
    {"id": "avatar", "parent": "card"},
    {"id": "name", "parent": "card", "intrinsicSize": [120, 20]},
    {"id": "body", "parent": "card", "text": {"length": 140, "advance": 7, "lineHeight": 16}}
  ],
  "blocks": [
    {"element": "card", "layout": {"x": "left(8)", "y": "top(8)", "width": "boxed(16)", "height": "fixed(300)"}},
    {"element": "avatar", "layout": {"x": "left(12)", "y": "top(12)", "width": "fixed(44)", "height": "fixed(44)"}},
    {"element": "name",
     "layout": {"x": "left(8)", "y": "top(12)", "height": "fixed(20)"},
     "constraints": [{"to": "avatar", "anchors": ["right.align(outer)", "right.limit(inner)"]}]}
  ],
  "variants": [
    {"when": {"horizontalSizeClass": "regular"},
     "blocks": [{"element": "avatar", "layout": {"x": "left(16)", "y": "top(16)", "width": "fixed(64)", "height": "fixed(64)"}}]}
  ]
}
"""

/// Parses a document that must be valid.
func document(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> SchemeDocument {
    do {
        return try SchemeDocument(json: json)
    } catch {
        Issue.record("unexpected errors:\n\(error)", sourceLocation: sourceLocation)
        throw error
    }
}

/// The issues of a document that must be invalid.
func issues(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) -> [DocumentIssue] {
    do {
        _ = try SchemeDocument(json: json)
        Issue.record("the document was accepted", sourceLocation: sourceLocation)
        return []
    } catch {
        return error.issues
    }
}

/// A minimal valid document around the given elements and blocks (JSON fragments).
func wrap(elements: String, blocks: String, variants: String? = nil, name: String = "test") -> String {
    var json = "{\"format\": \"cglayout/1\", \"name\": \"\(name)\", \"elements\": [\(elements)], \"blocks\": [\(blocks)]"
    if let variants { json += ", \"variants\": [\(variants)]" }
    return json + "}"
}

func rect(_ x: CGFloat, _ y: CGFloat, _ width: CGFloat, _ height: CGFloat) -> CGRect {
    CGRect(x: x, y: y, width: width, height: height)
}
