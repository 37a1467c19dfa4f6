import CGLText
import CGLayout
import Foundation
import Testing

@testable import CGLDocument

/// The example documents in `examples/schemes/`, checked against frames computed by hand
/// (in points, before pixel snapping where it changes nothing).
@Suite struct ExampleSchemeTests {
    static func load(_ name: String) throws -> SchemeDocument {
        try SchemeDocument(data: Data(contentsOf: repositoryRoot.appendingPathComponent("examples/schemes/\(name).json")))
    }

    /// The daemon's default schemes folder holds copies of examples: the same bytes, so that
    /// what `make run` serves is what the examples document (their slots included).
    @Test func theDaemonsDefaultSchemesAreTheExamples() throws {
        let folder = repositoryRoot.appendingPathComponent("config/schemes.d")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
        #expect(!names.isEmpty)
        for name in names {
            let served = try Data(contentsOf: folder.appendingPathComponent(name))
            let example = try Data(contentsOf: repositoryRoot.appendingPathComponent("examples/schemes/\(name)"))
            #expect(served == example, "config/schemes.d/\(name) differs from examples/schemes/\(name)")
        }
    }

    /// The width of a text in a style, measured as the document measures it.
    static func textWidth(_ text: String, _ style: TextStyle) throws -> Double {
        try TextEngine.shared().measure(text, style: style).width
    }

    /// A frame `width` wide centred on `midX`, to within the thirds of a point that each of its
    /// edges and its parent's snap to at 3x.
    func expectCentred(_ frame: CGRect?, width: Double, midX: Double, y: Double, height: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let frame else {
            Issue.record("no frame", sourceLocation: sourceLocation)
            return
        }
        #expect(abs(frame.size.width - width) <= 2.0 / 3 + 1e-9, "\(frame)", sourceLocation: sourceLocation)
        #expect(abs(frame.midX - midX) <= 2.0 / 3 + 1e-9, "\(frame)", sourceLocation: sourceLocation)
        #expect(frame.origin.y == y && frame.size.height == height, "\(frame)", sourceLocation: sourceLocation)
    }

    func frames(_ name: String, _ profile: String, rtl: Bool = false) throws -> [String: CGRect] {
        var environment = try #require(ProfileSet.defaults[profile])
        if rtl { environment.direction = .rightToLeft }
        let snapshot = try Self.load(name).compiled().snapshot(for: environment)
        return Dictionary(uniqueKeysWithValues: snapshot.elements.map { ($0.id, $0.frame) })
    }

    @Test func feedCell() throws {
        let phone = try frames("feed-cell", "phone-portrait")
        #expect(phone["avatar"] == rect(16, 59, 48, 48))
        #expect(phone["menu"] == rect(350, 71, 24, 24))
        #expect(phone["name"] == rect(76, 61, 262, 20))
        #expect(phone["date"] == rect(76, 83, 262, 16))
        // In DejaVu Sans 13 the body's text takes 4 lines of 18 in 358 points.
        let body = "Spent the afternoon at the harbour watching the old ships come in. The light on the water was unreal, and somebody was playing the accordion by the pier. Back tomorrow with a camera."
        #expect(try TextEngine.shared().measure(body, style: TextStyle(family: "DejaVu Sans", size: 13), width: 358).lineCount == 4)
        #expect(phone["body"] == rect(16, 119, 358, 72))
        // The photo (1200 × 800 by default) at its aspect in the 358 points the insets leave:
        // 358 × 2/3 high; its edges, and those below it, snapped to thirds of a point.
        expectClose(phone["image"], rect(16, 203, 358, 358.0 * 2 / 3))
        expectClose(phone["like"], rect(16, 203 + 358.0 * 2 / 3 + 8, 72, 32))
        expectClose(phone["comment"], rect(96, 203 + 358.0 * 2 / 3 + 8, 72, 32))
        expectClose(phone["share"], rect(176, 203 + 358.0 * 2 / 3 + 8, 72, 32))
        expectClose(phone["separator"], rect(16, 203 + 358.0 * 2 / 3 + 52, 358, 1))
        // The badge is hidden by default: a zero size at the avatar's bottom-trailing corner.
        #expect(phone["badge"] == rect(48, 91, 0, 0))

        let tablet = try frames("feed-cell", "tablet-landscape")
        #expect(tablet["menu"] == rect(1140, 48, 24, 24))
        #expect(tablet["name"] == rect(76, 38, 1052, 20))
        // 1148 points hold 164 glyphs a line: 2 lines.
        #expect(tablet["body"] == rect(16, 96, 1148, 36))
        expectClose(tablet["image"], rect(16, 144, 1148, 1148.0 * 2 / 3))
        expectClose(tablet["separator"], rect(16, 144 + 1148.0 * 2 / 3 + 52, 1148, 1))

        // Right-to-left mirrors leading/trailing; left/right stay.
        let rtl = try frames("feed-cell", "phone-portrait", rtl: true)
        #expect(rtl["avatar"] == rect(326, 59, 48, 48))
        #expect(rtl["menu"] == rect(16, 71, 24, 24))
        #expect(rtl["name"] == rect(52, 61, 262, 20))
        expectClose(rtl["like"], rect(302, 203 + 358.0 * 2 / 3 + 8, 72, 32))
        expectClose(rtl["comment"], rect(222, 203 + 358.0 * 2 / 3 + 8, 72, 32))
        expectClose(rtl["share"], rect(142, 203 + 358.0 * 2 / 3 + 8, 72, 32))
        #expect(rtl["separator"] == phone["separator"])
        #expect(rtl["image"] == phone["image"])
        #expect(rtl["badge"] == rect(326, 91, 0, 0))
    }

    /// A frame within the rounding of an edge snapped to thirds of a point.
    func expectClose(_ frame: CGRect?, _ expected: CGRect, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let frame else {
            Issue.record("no frame", sourceLocation: sourceLocation)
            return
        }
        let tolerance = 1.0 / 3 + 1e-9
        let close = abs(frame.minX - expected.minX) <= tolerance && abs(frame.minY - expected.minY) <= tolerance
            && abs(frame.width - expected.width) <= tolerance && abs(frame.height - expected.height) <= tolerance
        #expect(close, "\(frame) is not \(expected)", sourceLocation: sourceLocation)
    }

    /// The feed cell with content: a portrait photo at its aspect, no photo, a badge.
    @Test func feedCellWithContent() throws {
        let compiled = try Self.load("feed-cell").compiled()
        let phone = try #require(ProfileSet.defaults["phone-portrait"])
        let portrait = try compiled.snapshot(for: phone, content: ["photo": .size(1080, 1350), "hasBadge": true])
        expectClose(portrait["image"]?.frame, rect(16, 203, 358, 358.0 * 1350 / 1080))
        #expect(portrait["badge"]?.frame == rect(48, 91, 16, 16))
        let none = try compiled.snapshot(for: phone, content: ["hasPhoto": false])
        // Without its photo, the actions follow the body: the hidden image is zero high at
        // its place, 12 below the body, and the actions 8 below that.
        #expect(none["image"]?.frame == rect(16, 203, 0, 0))
        #expect(none["like"]?.frame == rect(16, 211, 72, 32))
        #expect(none.size.height == 256)
        // An extreme aspect is held to the largest number a document may write: frames stay
        // finite, snapped or not.
        let extreme = try compiled.snapshot(for: phone, content: ["photo": .size(1e-300, 1e7)])
        #expect(extreme["image"]?.frame.height == 1e7)
        #expect(extreme.elements.allSatisfy { $0.inRoot.origin.y.isFinite && $0.inRoot.size.height.isFinite })
        #expect(!extreme.json.contains("inf") && !extreme.json.contains("nan"))
    }

    /// The feed cell written with boxes: the same cell as `feed-cell`, its header a row.
    @Test func feedCard() throws {
        let phone = try frames("feed-card", "phone-portrait")
        // In the safe area (top 47), 16 + 16 of padding: 358 wide inside.
        #expect(phone["card"] == rect(0, 47, 390, 459 + 2.0 / 3))
        #expect(phone["header"] == rect(16, 12, 358, 48))
        // Between the avatar and the menu, two gaps of 12: 358 − 48 − 24 − 24.
        #expect(phone["titles"] == rect(60, 0, 262, 38))
        #expect(phone["name"] == rect(0, 2, 262, 20) && phone["date"] == rect(0, 22, 262, 16))
        #expect(phone["menu"] == rect(334, 12, 24, 24))
        // Four lines of 18, as in the anchored cell; the photo at 1200 × 800 across 358.
        #expect(phone["body"] == rect(16, 72, 358, 72))
        expectClose(phone["image"], rect(16, 156, 358, 358.0 * 2 / 3))
        #expect(phone["actions"] == rect(16, 402 + 2.0 / 3, 358, 32))
        #expect(phone["comment"] == rect(80, 0, 72, 32))
        #expect(phone["separator"] == rect(16, 446 + 2.0 / 3, 358, 1))
        // Hidden by default: `display: none`.
        #expect(phone["badge"] == rect(0, 0, 0, 0))
        // Right-to-left, the header's row runs from the right.
        let rtl = try frames("feed-card", "phone-portrait", rtl: true)
        #expect(rtl["avatar"] == rect(310, 0, 48, 48) && rtl["menu"] == rect(0, 12, 24, 24) && rtl["titles"] == rect(36, 0, 262, 38))
        // The same places as the anchored cell, in the root.
        let cell = try Self.load("feed-cell").compiled().snapshot(for: try #require(ProfileSet.defaults["phone-portrait"]))
        let card = try Self.load("feed-card").compiled().snapshot(for: try #require(ProfileSet.defaults["phone-portrait"]))
        for id in ["avatar", "menu", "name", "body", "image", "like", "comment", "share", "separator"] {
            #expect(card[id]?.inRoot == cell[id]?.inRoot, "\(id)")
        }
        // Content that hides the photo makes it `display: none`: zero, with its margin gone
        // too (the anchored cell keeps the hidden photo's place and its 12 above), so the
        // actions follow the body by their own 8 and the card is the photo and 12 shorter.
        let portrait = try #require(ProfileSet.defaults["phone-portrait"])
        let without = try Self.load("feed-card").compiled().snapshot(for: portrait, content: ["hasPhoto": false])
        #expect(without["image"]?.frame == rect(0, 0, 0, 0))
        let body = try #require(without["body"]?.inRoot)
        #expect(without["body"]?.inRoot == card["body"]?.inRoot)
        #expect(without["actions"]?.inRoot.minY == body.maxY + 8)
        let photo = try #require(card["image"]?.frame.height)
        #expect(abs(without["card"]!.frame.height - (card["card"]!.frame.height - photo - 12)) < 0.5)
    }

    @Test func loginForm() throws {
        let phone = try frames("login-form", "phone-portrait")
        #expect(phone["logo"] == rect(147, 95, 96, 96))
        // Text measured in its style's font, centred, its edges snapped to thirds of a point.
        let title = try Self.textWidth("Sign in", TextStyle(family: "DejaVu Sans", size: 22, weight: 700))
        let forgot = try Self.textWidth("Forgot password?", TextStyle(family: "DejaVu Sans", size: 12))
        expectCentred(phone["title"], width: title, midX: 195, y: 207, height: 28)
        #expect(phone["email"] == rect(24, 267, 342, 44))
        #expect(phone["password"] == rect(24, 323, 342, 44))
        #expect(phone["submit"] == rect(24, 391, 342, 48))
        expectCentred(phone["forgot"], width: forgot, midX: 195, y: 455, height: 16)

        // At most 400 points wide, centred.
        let tablet = try frames("login-form", "tablet-portrait")
        #expect(tablet["logo"] == rect(362, 72, 96, 96))
        #expect(tablet["email"] == rect(210, 244, 400, 44))
        #expect(tablet["submit"] == rect(210, 368, 400, 48))
        expectCentred(tablet["forgot"], width: forgot, midX: 410, y: 432, height: 16)

        // A compact height selects the smaller logo.
        let landscape = try frames("login-form", "phone-landscape")
        #expect(landscape["logo"] == rect(398, 16, 48, 48))
        expectCentred(landscape["title"], width: title, midX: 422, y: 80, height: 28)
        #expect(landscape["email"] == rect(222, 140, 400, 44))
    }

    @Test func toolbar() throws {
        let phone = try frames("toolbar", "phone-portrait")
        #expect(phone["bar"] == rect(0, 47, 390, 44))
        #expect(phone["back"] == rect(4, 0, 44, 44))
        #expect(phone["more"] == rect(342, 0, 44, 44))
        #expect(phone["share"] == rect(298, 0, 44, 44))
        // Centred between the back button (48) and share (298), at most 240 wide.
        #expect(phone["title"] == rect(53, 11, 240, 22))
        #expect(phone["tabs"] == rect(0, 761, 390, 49))
        // Quarters of 390 at @3x: edges snapped to thirds of a point.
        let home = try #require(phone["home"])
        #expect(abs(home.size.width - 97.667) < 0.001)

        let tablet = try frames("toolbar", "tablet-landscape")
        #expect(tablet["title"] == rect(448, 11, 240, 22))
        #expect(tablet["tabs"] == rect(0, 751, 1180, 49))
        #expect([tablet["home"], tablet["search"], tablet["inbox"], tablet["profile"]] == [
            rect(0, 0, 295, 49), rect(295, 0, 295, 49), rect(590, 0, 295, 49), rect(885, 0, 295, 49),
        ])
        let rtl = try frames("toolbar", "tablet-landscape", rtl: true)
        #expect([rtl["home"], rtl["search"], rtl["inbox"], rtl["profile"]] == [
            rect(885, 0, 295, 49), rect(590, 0, 295, 49), rect(295, 0, 295, 49), rect(0, 0, 295, 49),
        ])
        #expect(rtl["back"] == rect(1132, 0, 44, 44))
    }

    @Test func settingsList() throws {
        let phone = try frames("settings-list", "phone-portrait")
        #expect(phone["header"] == rect(16, 55, 358, 41))
        #expect(phone["wifiRow"] == rect(0, 112, 390, 44))
        #expect(phone["wifiIcon"] == rect(16, 8, 28, 28))
        #expect(phone["wifiLabel"] == rect(56, 11, 255, 22))
        #expect(phone["bluetoothRow"] == rect(0, 157, 390, 44))
        #expect(phone["privacyRow"] == rect(0, 247, 390, 44))
        #expect(phone["privacyLabel"] == rect(56, 11, 298, 22))
        // The switch is centred at y 6.5 (118.5 in root space), snapped to 118.667 at @3x.
        let accessory = try #require(phone["wifiAccessory"])
        #expect(accessory.origin.x == 323 && abs(accessory.origin.y - 6.667) < 0.001)
        #expect(accessory.size.width == 51 && abs(accessory.size.height - 31) < 1e-9)

        // Regular width: rows inset by 20 and at most 700 wide, centred.
        let tablet = try frames("settings-list", "tablet-portrait")
        #expect(tablet["header"] == rect(16, 32, 788, 41))
        #expect(tablet["wifiRow"] == rect(60, 89, 700, 44))
        #expect(tablet["wifiAccessory"] == rect(633, 6.5, 51, 31))
        #expect(tablet["wifiLabel"] == rect(56, 11, 565, 22))
        #expect(tablet["notificationsAccessory"] == rect(676, 15.5, 8, 13))
    }

    @Test func splitView() throws {
        let tablet = try frames("split-view", "tablet-landscape")
        #expect(tablet["sidebar"] == rect(0, 24, 320, 776))
        #expect(tablet["sidebarTitle"] == rect(16, 12, 288, 28))
        #expect(tablet["mailboxes"] == rect(0, 48, 320, 728))
        #expect(tablet["detail"] == rect(321, 24, 859, 776))
        #expect(tablet["detailTitle"] == rect(20, 12, 819, 34))
        #expect(tablet["messages"] == rect(20, 58, 819, 718))

        // Compact width: no sidebar, the detail takes the safe area.
        let phone = try frames("split-view", "phone-portrait")
        #expect(phone["sidebar"]?.size.width == 0)
        #expect(phone["detail"] == rect(0, 47, 390, 763))
        #expect(phone["messages"] == rect(20, 58, 350, 705))

        let rtl = try frames("split-view", "tablet-landscape", rtl: true)
        #expect(rtl["sidebar"] == rect(860, 24, 320, 776))
        #expect(rtl["detail"] == rect(0, 24, 859, 776))
    }

    /// Every example is valid, warning-free, and lays out inside its container on every profile.
    @Test(arguments: ["feed-cell", "feed-card", "login-form", "toolbar", "settings-list", "split-view"])
    func rendersSensiblyOnEveryProfile(name: String) throws {
        let document = try Self.load(name)
        #expect(document.warnings.isEmpty)
        let compiled = document.compiled()
        for direction in LayoutDirection.allCases {
            for var environment in ProfileSet.defaults.profiles {
                environment.direction = direction
                let snapshot = try compiled.snapshot(for: environment)
                for entry in snapshot.elements {
                    let frame = entry.inRoot
                    #expect(frame.size.width >= 0 && frame.size.height >= 0, "\(name) \(entry.id) on \(environment.profile!)")
                    #expect(frame.origin.x >= -0.001 && frame.origin.x + frame.size.width <= environment.width + 0.001,
                            "\(name) \(entry.id) on \(environment.profile!) \(direction): \(frame)")
                    // A feed cell is as tall as its content (a photo at its aspect): it scrolls
                    // in its feed, and may be taller than a landscape screen.
                    #expect(frame.origin.y >= -0.001 && (name.hasPrefix("feed-") || frame.origin.y + frame.size.height <= environment.height + 0.001),
                            "\(name) \(entry.id) on \(environment.profile!) \(direction): \(frame)")
                }
                #expect(SVGRenderer.svg(snapshot).contains("<rect"))
            }
        }
    }

    @Test func appShell() throws {
        // Safe area (0, 47, 390, 763): the content gets 763 − 44 − 200 = 519.
        let phone = try frames("app-shell", "phone-portrait")
        #expect(phone["content"] == rect(0, 47, 390, 519))
        #expect(phone["toolbar"] == rect(0, 566, 390, 44))
        #expect(phone["panel"] == rect(0, 610, 390, 200))
        #expect(phone["map"] == rect(0, 0, 195, 200))
        #expect(phone["details"] == rect(195, 0, 195, 200))
        #expect(phone["badge"] == rect(135, 0, 120, 120))
        // Landscape insets (0, 47, 21, 47): 296 wide, 369 high.
        let landscape = try frames("app-shell", "phone-landscape")
        #expect(landscape["content"] == rect(47, 0, 750, 125))
        #expect(landscape["badge"] == rect(315, 0, 120, 120))
        // Right-to-left mirrors rows: the map goes right.
        let rtl = try frames("app-shell", "phone-portrait", rtl: true)
        #expect(rtl["map"] == rect(195, 0, 195, 200))
        // Too small for 244 fixed points: the block is named.
        let tiny = try Self.load("app-shell").compiled()
        #expect(throws: SnapshotError.self) { try tiny.snapshot(for: LayoutEnvironment(width: 300, height: 200)) }
    }

    @Test func photoFeed() throws {
        let phone = try frames("photo-feed", "phone-portrait")
        // A header of 56 in the safe area; its action stack 140 wide, 8 from the trailing edge,
        // items 44 wide from the trailing end, each centred at its own height.
        #expect(phone["actions"] == rect(242, 0, 140, 56))
        #expect(phone["search"] == rect(338, 16, 44, 24))
        #expect(phone["compose"] == rect(290, 16, 44, 24))
        #expect(phone["profile"] == rect(242, 12, 44, 32))
        // The scroll fills the safe area below the header; its content is framed in content
        // coordinates, and sits 120 points up in the root.
        #expect(phone["feed"] == rect(0, 103, 390, 707))
        #expect(phone["cards"] == rect(0, 0, 390, 1000))
        #expect(phone["card1"] == rect(16, 12, 358, 180))
        #expect(phone["card5"] == rect(16, 780, 358, 180))
        let snapshot = try Self.load("photo-feed").compiled().snapshot(for: try #require(ProfileSet.defaults["phone-portrait"]))
        #expect(snapshot["card1"]?.inRoot == rect(16, -5, 358, 180))
        let rtl = try frames("photo-feed", "phone-portrait", rtl: true)
        #expect(rtl["actions"] == rect(8, 0, 140, 56))
        #expect(rtl["search"] == rect(8, 16, 44, 24))
        #expect(rtl["profile"] == rect(104, 12, 44, 32))
        // No notification dot by default: zero at the profile icon's top-trailing corner.
        #expect(phone["dot"] == rect(278, 12, 0, 0))

        // A user who cannot post: the stack skips the hidden compose action, and the
        // profile icon takes its place; with notifications, the dot shows on it.
        let content = try Self.load("photo-feed").compiled()
            .snapshot(for: try #require(ProfileSet.defaults["phone-portrait"]), content: ["canCompose": false, "hasNotifications": true])
        #expect(content["compose"]?.frame == rect(242, 0, 0, 0))
        #expect(content["profile"]?.frame == rect(290, 12, 44, 32))
        #expect(content["dot"]?.frame == rect(326, 12, 8, 8))
    }

    @Test func profileHeader() throws {
        // Safe area from y 47; the name prefers 0.5 · 390 − 4 = 191 (priority 500) but must end
        // 8 before the follow button (390 − 16 − 96 = 278): 178.
        let phone = try frames("profile-header", "phone-portrait")
        #expect(phone["avatar"] == rect(16, 63, 64, 64))
        #expect(phone["follow"] == rect(278, 79, 96, 32))
        #expect(phone["name"] == rect(92, 69, 178, 20))
        #expect(phone["handle"] == rect(92, 93, 178, 16))
        let tablet = try frames("profile-header", "tablet-landscape")
        #expect(tablet["name"] == rect(92, 46, 586, 20))
        let rtl = try frames("profile-header", "phone-portrait", rtl: true)
        #expect(rtl["avatar"] == rect(310, 63, 64, 64))
        #expect(rtl["follow"] == rect(16, 79, 96, 32))
        #expect(rtl["name"] == rect(120, 69, 178, 20))
    }
}
