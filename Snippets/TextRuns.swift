// snippet.hide
import CGLText

let engine = try TextEngine.shared()
let body = TextStyle(family: "DejaVu Sans", size: 15, lineHeight: .points(20))
let bold = TextStyle(family: "DejaVu Sans", size: 15, weight: 700)
// snippet.show
let post: [TextRun] = [.text("@ada", style: bold), .text(" shipped it "), .atom(width: 18, height: 18, baseline: 15)]
let size = try engine.measure(post, style: body, width: 240)
// snippet.hide
print(size.width, size.lineCount)
