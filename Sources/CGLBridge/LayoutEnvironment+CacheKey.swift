import CGLayout
import Foundation
package import CGLValues

extension LayoutEnvironment {
    /// A stable text naming every value the frames depend on, for the snapshot cache key:
    /// two environments with equal keys have equal snapshots.
    ///
    /// Numbers are written in Swift's shortest round-trip form, so distinct values never
    /// share a key. The profile name is part of it because a snapshot carries it.
    package var cacheKey: String {
        let insets = [safeArea.top, safeArea.left, safeArea.bottom, safeArea.right].map { "\($0)" }.joined(separator: ",")
        return [
            "w=\(width)", "h=\(height)", "s=\(scale.map { "\($0)" } ?? "-")",
            "d=\(direction.documentName)", "c=\(horizontalSizeClass.rawValue),\(verticalSizeClass.rawValue)", "i=\(insets)",
            "t=\(textScale)",
            // Last, so that whatever characters a profile name holds, the key stays unambiguous.
            "p=\(profile ?? "")",
        ].joined(separator: ";")
    }
}
