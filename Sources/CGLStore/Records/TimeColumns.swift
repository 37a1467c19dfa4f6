import Foundation

/// Times are stored as INTEGER milliseconds since the Unix epoch: exact, compact, ordered.
enum Milliseconds {
    static func from(_ date: Date) -> Int64 {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        // Clamped so that an absurd date cannot trap the conversion.
        return Int64(exactly: milliseconds) ?? (milliseconds < 0 ? Int64.min : Int64.max)
    }

    static func date(_ milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}

/// Compute times are stored as INTEGER nanoseconds, 0 or more.
enum Nanoseconds {
    static func from(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0, attoseconds >= 0 || seconds > 0 else { return 0 }
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (total, overflow2) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
        return overflow || overflow2 ? Int64.max : max(total, 0)
    }
}
