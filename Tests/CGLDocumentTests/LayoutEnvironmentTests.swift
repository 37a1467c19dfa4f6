import CGLayout
import Foundation
import Testing

@testable import CGLDocument

/// `docs/format.md` §2: environments, profiles, pixel snapping.
@Suite struct LayoutEnvironmentTests {
    @Test func defaultsDeriveFromTheSize() {
        let phone = LayoutEnvironment(width: 390, height: 844)
        #expect(phone.orientation == .portrait)
        #expect(phone.horizontalSizeClass == .compact)
        #expect(phone.verticalSizeClass == .regular)
        #expect(phone.direction == .leftToRight)
        #expect(phone.scale == nil)
        #expect(phone.safeArea == .zero)
        let wide = LayoutEnvironment(width: 600, height: 599.5)
        #expect(wide.orientation == .landscape)
        #expect(wide.horizontalSizeClass == .regular)
        #expect(wide.verticalSizeClass == .compact)
        #expect(LayoutEnvironment(width: 500, height: 500).orientation == .portrait)
        #expect(LayoutEnvironment(width: 390, height: 844, horizontalSizeClass: .regular).horizontalSizeClass == .regular)
    }

    @Test(arguments: [
        (0.0, 100.0, nil as Double?, "the width 0.0 must be"),
        (-10, 100, nil, "the width -10.0 must be"),
        (.nan, 100, nil, "the width nan must be"),
        (.infinity, 100, nil, "the width inf must be"),
        (100, 1e6, nil, "the height 1000000.0 must be"),
        (100, 100, 0, "the scale 0.0 must be"),
        (100, 100, .nan, "the scale nan must be"),
    ])
    func invalidEnvironmentsAreRejected(width: Double, height: Double, scale: Double?, message: String) throws {
        let environment = LayoutEnvironment(width: width, height: height, scale: scale)
        #expect(throws: EnvironmentError.self) { try environment.validate() }
        do { try environment.validate() } catch { #expect(error.message.hasPrefix(message), "\(error.message)") }
        let compiled = try SchemeDocument(json: specExample).compiled()
        #expect {
            try compiled.snapshot(for: environment)
        } throws: { error in
            guard case .environment(let reason) = error as? SnapshotError else { return false }
            return reason.message.hasPrefix(message)
        }
    }

    @Test func safeAreasMustFit() {
        #expect(throws: EnvironmentError.self) {
            try LayoutEnvironment(width: 100, height: 100, safeArea: EdgeInsets(top: 0, left: 60, bottom: 0, right: 60)).validate()
        }
        #expect(throws: EnvironmentError.self) {
            try LayoutEnvironment(width: 100, height: 100, safeArea: EdgeInsets(top: -1, left: 0, bottom: 0, right: 0)).validate()
        }
    }

    /// Each edge is rounded once, half away from zero; the size is the difference.
    @Test func pixelSnapping() {
        #expect(PixelSnapping.snap(rect(0.2, 0.5, 10.1, 10.3), scale: 2) == rect(0, 0.5, 10.5, 10.5))
        #expect(PixelSnapping.snap(rect(10.25, 0, 10, 0), scale: 2) == rect(10.5, 0, 10, 0))
        // Half away from zero: -0.5 → -1 and 1.5 → 2 (in pixels).
        #expect(PixelSnapping.snap(rect(-0.25, -0.75, 1, 1), scale: 2) == rect(-0.5, -1, 1.5, 1.5))
        let third = PixelSnapping.snap(rect(97.5, 0, 97.5, 1), scale: 3)
        #expect(abs(third.origin.x - 293.0 / 3) < 1e-12 && abs(third.size.width - (585.0 - 293.0) / 3) < 1e-12)
    }

    @Test func snapshotsSnapInRootSpaceSoNestedFramesStayConsistent() throws {
        let json = wrap(elements: #"{"id": "box"}, {"id": "inner", "parent": "box"}"#,
                        blocks: #"{"element": "box", "layout": "rect(0.4, 0.4, 50, 50)"}, {"element": "inner", "layout": "rect(0.4, 0.4, 10, 10)"}"#)
        let snapshot = try document(json).compiled().snapshot(for: LayoutEnvironment(width: 100, height: 100, scale: 1))
        // Unsnapped the inner origin is 0.8 in root space: one pixel, not 0 + 0.
        #expect(snapshot["box"]?.inRoot == rect(0, 0, 50, 50))
        #expect(snapshot["inner"]?.inRoot == rect(1, 1, 10, 10))
        #expect(snapshot["inner"]?.frame == rect(1, 1, 10, 10))
        // Without a scale nothing is rounded.
        let exact = try document(json).compiled().snapshot(for: LayoutEnvironment(width: 100, height: 100))
        #expect(exact["inner"]?.inRoot == rect(0.8, 0.8, 10, 10))
    }

    @Test func theProfilesFileHoldsTheBuiltInProfiles() throws {
        let url = repositoryRoot.appendingPathComponent("config/profiles.json")
        let file = try ProfileSet(json: Data(contentsOf: url))
        #expect(file.profiles == ProfileSet.defaults.profiles)
        #expect(try ProfileSet(json: Data(ProfileSet.defaults.json.utf8)).profiles == ProfileSet.defaults.profiles)
        #expect(ProfileSet.defaults.names.count == 12)
        for name in ["small-phone", "phone", "large-phone", "tablet", "large-tablet", "desktop"] {
            let portrait = try #require(ProfileSet.defaults["\(name)-portrait"])
            let landscape = try #require(ProfileSet.defaults["\(name)-landscape"])
            #expect(portrait.orientation == .portrait && landscape.orientation == .landscape)
            #expect(portrait.width == landscape.height && portrait.height == landscape.width)
            try portrait.validate()
            try landscape.validate()
        }
    }

    @Test func badProfileFilesAreReported() {
        let json = #"{"profiles": [{"name": "a", "width": 0, "height": 10}, {"name": "b", "width": 10, "height": 10, "horizontalSizeClass": "big"}, {"name": "b", "width": 1, "height": 1}]}"#
        #expect(throws: DocumentError.self) { try ProfileSet(json: Data(json.utf8)) }
        do {
            _ = try ProfileSet(json: Data(json.utf8))
        } catch {
            #expect(error.issues.map(\.pointer) == ["/profiles/0", "/profiles/1/horizontalSizeClass", "/profiles/2/name"])
        }
    }

    @Test func variantsSelectOnEveryCondition() throws {
        let conditions: [(String, LayoutEnvironment, Bool)] = [
            (#"{"orientation": "landscape"}"#, LayoutEnvironment(width: 800, height: 400), true),
            (#"{"orientation": "landscape"}"#, LayoutEnvironment(width: 400, height: 800), false),
            (#"{"verticalSizeClass": "compact"}"#, LayoutEnvironment(width: 800, height: 400), true),
            (#"{"direction": "rtl"}"#, LayoutEnvironment(width: 400, height: 800, direction: .rightToLeft), true),
            (#"{"minWidth": 500, "maxWidth": 900}"#, LayoutEnvironment(width: 800, height: 400), true),
            (#"{"minWidth": 500}"#, LayoutEnvironment(width: 400, height: 800), false),
            (#"{"minHeight": 500, "maxHeight": 900}"#, LayoutEnvironment(width: 800, height: 400), false),
            (#"{"profile": ["tablet-portrait", "phone-portrait"]}"#, ProfileSet.defaults["phone-portrait"]!, true),
            (#"{"profile": "tablet-portrait"}"#, ProfileSet.defaults["phone-portrait"]!, false),
            (#"{"profile": "tablet-portrait"}"#, LayoutEnvironment(width: 820, height: 1180), false),
        ]
        for (when, environment, selected) in conditions {
            let json = wrap(elements: #"{"id": "box"}"#, blocks: #"{"element": "box", "layout": {"width": "fixed(1)"}}"#,
                            variants: #"{"when": \#(when), "blocks": [{"element": "box", "layout": {"width": "fixed(2)"}}]}"#)
            let width = try document(json).compiled().snapshot(for: environment)["box"]?.frame.size.width
            #expect(width == (selected ? 2 : 1), "\(when)")
        }
    }
}

/// The repository's root folder, for tests that read its files.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
