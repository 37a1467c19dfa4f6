// snippet.hide
import CGLDocument
import CGLText
import CGLayout
import Foundation

let engine = try TextEngine.shared()
let body = TextStyle(family: "DejaVu Sans", size: 15, lineHeight: .points(20))
let bold = TextStyle(family: "DejaVu Sans", size: 15, weight: 700)
// snippet.show
let post: [TextRun] = [.text("@ada", style: bold), .text(" shipped it "), .atom(width: 18, height: 18, baseline: 15)]
let label = LayoutLabel(identifier: "body", paragraph: try engine.paragraph(post, style: body), scale: 3)
// snippet.hide
let size = label.sizeThatFits(CGSize(width: 240, height: CGFloat.greatestFiniteMagnitude))
print(size.width, size.height)
