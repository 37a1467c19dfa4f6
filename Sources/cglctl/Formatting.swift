import CGLDocument
import Foundation

/// Text output for people.
enum Formatting {
    /// Rows with columns padded to the widest cell.
    static func table(_ rows: [[String]]) -> String {
        let widths = rows.reduce(into: [Int]()) { widths, row in
            for (index, cell) in row.enumerated() {
                if index == widths.count { widths.append(0) }
                widths[index] = max(widths[index], cell.count)
            }
        }
        return rows.map { row in
            row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell.padding(toLength: widths[index] + 2, withPad: " ", startingAt: 0)
            }.joined()
        }.joined(separator: "\n")
    }

    /// Points to 3 decimals at most (`440.667`, `374`), as the frame tables print them:
    /// the digits past a thousandth of a point are the solver's noise, not the layout.
    static func points(_ value: Double) -> String {
        formatNumber((value * 1000).rounded() / 1000)
    }

    /// `3 h 12 min`, `4.2 s`.
    static func duration(_ seconds: Double) -> String {
        if seconds < 60 { return String(format: "%.1f s", seconds) }
        let minutes = Int(seconds / 60)
        if minutes < 60 { return "\(minutes) min \(Int(seconds) % 60) s" }
        return "\(minutes / 60) h \(minutes % 60) min"
    }

    /// `12.5 MiB`.
    static func bytes(_ count: Double) -> String {
        let units = ["B", "KiB", "MiB", "GiB", "TiB"]
        var value = count
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        return unit == 0 ? "\(Int(value)) B" : String(format: "%.1f %@", value, units[unit])
    }

    /// A Unix time as `2026-11-21 21:37:27Z`.
    static func date(_ seconds: Double) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withSpaceBetweenDateAndTime, .withTimeZone]
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }

    /// A counter of `stats` in the unit its key implies.
    static func statistic(_ key: String, _ value: Double) -> String {
        if key.hasSuffix(".bytes") || key.hasSuffix(".limit") { return bytes(value) }
        if key.hasSuffix(".seconds") { return duration(value) }
        if key == "hitRate" { return String(format: "%.1f %%", value * 100) }
        return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
