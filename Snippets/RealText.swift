import CGLText
import CGLayout
import Foundation

let engine = try TextEngine.shared()                       // fontconfig + the fonts in CGL_FONTS_DIR
let body = TextStyle(family: "DejaVu Sans", size: 15, lineHeight: .points(20), maxLines: 3)
let paragraph = try engine.paragraph("Spent the afternoon at the harbour…", style: body,
                                     direction: .leftToRight)  // shaped and cut once, cached
let fitted = paragraph.measure(width: 240)                 // width, height, lines, baselines; no allocation

let label = LayoutLabel(text: TextMetrics(length: 0, advance: 1, lineHeight: paragraph.lineHeight),
                        baselineOffset: paragraph.firstBaseline)
label.contentSizing = .custom { offered in
    let measured = paragraph.measure(width: offered.width)
    return CGSize(width: measured.width, height: measured.height)
}
// snippet.hide
print(fitted.height)
