import CGLText

/// The paragraph the text benchmarks lay out (ours and Pango's): 182 characters of English, 33 words.
public let benchmarkParagraph = "Spent the afternoon at the harbour watching the old ships come in. The light on the water was unreal, and somebody was playing the accordion by the pier. Back tomorrow with a camera."
public let benchmarkStyle = TextStyle(family: "DejaVu Sans", size: 15)
/// pango-measure's `--bench` widths for a request of width 180: ten, from 90 to 180.
public let benchmarkWidths = (0..<10).map { 180 * (0.5 + 0.5 * Double($0) / 9) }
