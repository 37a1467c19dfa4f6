public import CGLText
public import CGLayout
import Foundation

extension ContentSizing {
    /// A real paragraph (plain, or in runs) measured at the width offered, wrapping there; its
    /// size rounded up to whole pixels at `scale` (nil: not rounded), so that a snapped frame
    /// holds its text. Measuring allocates nothing for plain text: the paragraph was prepared once.
    ///
    /// ```swift
    /// label.contentSizing = .paragraph(try engine.paragraph(post, style: body), scale: 3)
    /// ```
    public static func paragraph(_ paragraph: TextParagraph, scale: Double? = nil) -> ContentSizing {
        .custom { offered in
            let measured = paragraph.measure(width: offered.width)
            return CGSize(width: PixelSnapping.roundUp(measured.width, scale: scale), height: PixelSnapping.roundUp(measured.height, scale: scale))
        }
    }
}

extension LayoutLabel {
    /// A label of a real paragraph (plain, or in runs): its first baseline for baseline
    /// anchors, its line height, and sized by ``CGLayout/ContentSizing/paragraph(_:scale:)``.
    public convenience init(identifier: String? = nil, paragraph: TextParagraph, scale: Double? = nil) {
        self.init(identifier: identifier, text: TextMetrics(length: 0, advance: 1, lineHeight: paragraph.lineHeight),
                  baselineOffset: paragraph.firstBaseline)
        contentSizing = .paragraph(paragraph, scale: scale)
    }
}
