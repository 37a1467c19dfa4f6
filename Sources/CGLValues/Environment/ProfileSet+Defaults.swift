import CGLayout
import Foundation

extension ProfileSet {
    /// The default profiles: a real device of each class, in portrait and landscape, with its
    /// scale, size classes and safe area (status bar, home indicator, sensor housing).
    ///
    /// | class | device | points | scale |
    /// |---|---|---|---|
    /// | small phone | iPhone SE (3rd generation) | 375 × 667 | 2 |
    /// | phone | iPhone 14 | 390 × 844 | 3 |
    /// | large phone | iPhone 15 Pro Max | 430 × 932 | 3 |
    /// | tablet | iPad (10th generation) | 820 × 1180 | 2 |
    /// | large tablet | iPad Pro 12.9-inch | 1024 × 1366 | 2 |
    /// | desktop | a 13-inch laptop display | 1440 × 900 | 2 |
    public static let defaults = ProfileSet(profiles: [
        profile("small-phone-portrait", 375, 667, 2, .compact, .regular, EdgeInsets(top: 20, left: 0, bottom: 0, right: 0)),
        profile("small-phone-landscape", 667, 375, 2, .compact, .compact, .zero),
        profile("phone-portrait", 390, 844, 3, .compact, .regular, EdgeInsets(top: 47, left: 0, bottom: 34, right: 0)),
        profile("phone-landscape", 844, 390, 3, .compact, .compact, EdgeInsets(top: 0, left: 47, bottom: 21, right: 47)),
        profile("large-phone-portrait", 430, 932, 3, .compact, .regular, EdgeInsets(top: 59, left: 0, bottom: 34, right: 0)),
        profile("large-phone-landscape", 932, 430, 3, .regular, .compact, EdgeInsets(top: 0, left: 59, bottom: 21, right: 59)),
        profile("tablet-portrait", 820, 1180, 2, .regular, .regular, EdgeInsets(top: 24, left: 0, bottom: 20, right: 0)),
        profile("tablet-landscape", 1180, 820, 2, .regular, .regular, EdgeInsets(top: 24, left: 0, bottom: 20, right: 0)),
        profile("large-tablet-portrait", 1024, 1366, 2, .regular, .regular, EdgeInsets(top: 24, left: 0, bottom: 20, right: 0)),
        profile("large-tablet-landscape", 1366, 1024, 2, .regular, .regular, EdgeInsets(top: 24, left: 0, bottom: 20, right: 0)),
        profile("desktop-portrait", 900, 1440, 2, .regular, .regular, .zero),
        profile("desktop-landscape", 1440, 900, 2, .regular, .regular, .zero),
    ])

    private static func profile(
        _ name: String, _ width: Double, _ height: Double, _ scale: Double,
        _ horizontal: SizeClass, _ vertical: SizeClass, _ safeArea: EdgeInsets
    ) -> LayoutEnvironment {
        LayoutEnvironment(width: width, height: height, scale: scale, horizontalSizeClass: horizontal, verticalSizeClass: vertical,
                          safeArea: safeArea, profile: name)
    }
}
