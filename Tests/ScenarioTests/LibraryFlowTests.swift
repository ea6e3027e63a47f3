import Foundation
import PickerImaging
import PickerKit
import PickerKitTesting
import Testing

@MainActor
@Suite("Photo library flow (B2, B4, B5, B13, B18)")
struct LibraryFlowTests {
    static func scenario(configuration: PickerConfiguration = PickerConfiguration()) throws -> PickerScenario {
        PickerScenario(
            items: [
                .image("IMG_1", try PickerScenario.photo(width: 40, height: 30)),
                .image("IMG_2", try PickerScenario.photo(width: 30, height: 40, orientation: .right)),
            ],
            configuration: configuration)
    }

    @Test func pickEditAndChoose() async throws {
        let s = try Self.scenario()
        try await s.picker.select(from: .photoLibrary)
        s.user.pickItem(at: 0)
        await s.settle()
        #expect(s.picker.navigation.stack.map(\.id) == [Route.ID(1), Route.ID(2)])
        #expect(s.presenter.stack == s.picker.navigation.stack)
        #expect(s.presenter.isNavigationBarHidden)
        s.user.tapChoose()
        await s.settle()
        s.expect([
            "picker: start source photoLibrary",
            "presenter: present #1 browser(photoLibrary, [public.image]) fullScreen animated",
            "user: pick IMG_1 on #1",
            "picker: load IMG_1 (public.image)",
            "source: load IMG_1",
            "picker: loaded IMG_1: image 40x30 up (1)",
            "presenter: push #2 editor(40x30 crop (5,0,30,30))",
            "presenter: navigation bar hidden",
            "user: choose on #2",
            "presenter: dismiss animated",
            "picker: end finished public.image edited 30x30 from 40x30 crop (5,0,30,30)",
            "delegate: didFinish public.image edited 30x30 from 40x30 crop (5,0,30,30)",
        ])
        let result = try #require(s.delegate.lastResult)
        #expect(result.cropRect == PixelRect(x: 5, y: 0, width: 30, height: 30))
        #expect(result.image?.displaySize == PixelSize(width: 30, height: 30))
        #expect(s.picker.navigation == NavigationState())
        #expect(s.presenter.stack.isEmpty)
        #expect(s.transcript.unexpected.isEmpty)
    }
}

extension LibraryFlowTests {
    @Test func cancelOnTheEditScreenGoesBackToTheBrowserThenCancelEnds() async throws {
        let s = try Self.scenario()
        s.exhaustivity = .off
        try await s.picker.select(from: .photoLibrary)
        s.user.pickItem(at: 0)
        await s.settle()
        let mark = s.transcript.lines.count
        s.user.tapCancel()
        #expect(s.transcript.lines(since: mark) == [
            "user: cancel on #2",
            "presenter: pop",
            "presenter: navigation bar shown",
        ])
        #expect(s.picker.navigation.stack.map(\.id) == [Route.ID(1)])
        #expect(s.presenter.stack == s.picker.navigation.stack)
        #expect(!s.presenter.isNavigationBarHidden)
        #expect(s.delegate.callbacks.isEmpty)

        s.user.pickItem(at: 1)
        await s.settle()
        #expect(s.picker.navigation.stack.map(\.id) == [Route.ID(1), Route.ID(3)], "a new editor gets a new id")
        s.user.tapCancel()
        s.user.tapCancel()
        #expect(Array(s.transcript.lines.suffix(7)) == [
            "user: cancel on #3",
            "presenter: pop",
            "presenter: navigation bar shown",
            "user: cancel on #1",
            "presenter: dismiss animated",
            "picker: end cancelled (user)",
            "delegate: didCancel",
        ])
        #expect(s.delegate.callbacks.count == 1)
        #expect(s.transcript.unexpected.isEmpty)
    }
}

extension LibraryFlowTests {
    @Test func theSavedPhotosAlbumIsItsOwnBrowser() async throws {
        let s = try Self.scenario()
        try await s.picker.selectFromSavedPhotosAlbum()
        s.expect([
            "picker: start source savedPhotosAlbum",
            "presenter: present #1 browser(savedPhotosAlbum, [public.image]) fullScreen animated",
        ])
        #expect(s.presenter.stack.map(\.screen) == [.browser(source: .savedPhotosAlbum, mediaTypes: [.image])])
    }

    @Test func withEditingOffThePickedImageIsReturnedAsPicked() async throws {
        var configuration = PickerConfiguration()
        configuration.allowsEditing = false
        let s = try Self.scenario(configuration: configuration)
        s.exhaustivity = .off
        try await s.picker.selectFromPhotoLibrary()
        s.user.pickItem(at: 1)
        await s.settle()
        #expect(Array(s.transcript.lines.dropFirst(2)) == [
            "user: pick IMG_2 on #1",
            "picker: load IMG_2 (public.image)",
            "source: load IMG_2",
            "picker: loaded IMG_2: image 40x30 right (6)",
            "presenter: dismiss animated",
            "picker: end finished public.image image 40x30",
            "delegate: didFinish public.image image 40x30",
        ])
        let result = try #require(s.delegate.lastResult)
        #expect(result.editedImage == nil)
        #expect(result.cropRect == nil)
        #expect(result.image?.displaySize == PixelSize(width: 40, height: 30), "falls back to the original (B18)")
        #expect(result.image?.orientation == .right)
    }

    @Test func aTurnedPhotoIsCroppedInDisplayOrientation() async throws {
        let s = try Self.scenario()
        s.exhaustivity = .off
        try await s.picker.selectFromPhotoLibrary()
        s.user.pickItem(at: 1)  // stored 30x40, orientation right: shows 40x30
        await s.settle()
        #expect(s.picker.navigation.top?.screen == .editor(EditorScreen(
            imageSize: PixelSize(width: 40, height: 30), cropRect: PixelRect(x: 5, y: 0, width: 30, height: 30))))
        s.user.tapChoose()
        await s.settle()
        let result = try #require(s.delegate.lastResult)
        let edited = try #require(result.editedImage)
        #expect(edited.displaySize == PixelSize(width: 30, height: 30))
        #expect(edited.pixelSize == PixelSize(width: 30, height: 30))
        #expect(edited.orientation == .up, "the edited image is upright (B19)")
    }

    @Test func aFailedLoadShowsAnAlertAndKeepsTheBrowserOpen() async throws {
        let s = PickerScenario(items: [
            .failing("IMG_BAD", "network offline"),
            .image("IMG_OK", try PickerScenario.photo(width: 4, height: 4)),
        ])
        s.exhaustivity = .off
        try await s.picker.selectFromPhotoLibrary()
        s.user.pickItem(at: 0)
        await s.settle()
        let failure = PickerError.itemLoadFailed(itemID: "IMG_BAD", cause: "network offline")
        #expect(Array(s.transcript.lines.dropFirst(2)) == [
            "user: pick IMG_BAD on #1",
            "picker: load IMG_BAD (public.image)",
            "source: load IMG_BAD",
            "picker: load failed IMG_BAD: item IMG_BAD could not be loaded: network offline",
            "presenter: alert item IMG_BAD could not be loaded: network offline",
        ])
        #expect(s.presenter.alerts == [failure])
        // The photo source's own error is kept, for the app to inspect.
        if case let .itemLoadFailed(_, cause)? = s.presenter.alerts.first {
            #expect((cause.error as? FakePhotoSource.LoadError)?.description == "network offline")
        }
        #expect(s.picker.navigation.stack.map(\.id) == [Route.ID(1)])
        #expect(s.delegate.callbacks.isEmpty)
        s.user.pickItem(at: 1)
        await s.settle()
        #expect(s.picker.navigation.top?.screen.kind == .editor)
    }

    @Test func picksWhileLoadingAreIgnoredAndCancelStopsTheLoad() async throws {
        let s = try Self.scenario()
        s.exhaustivity = .off
        s.source.loadMode = .manual
        try await s.picker.selectFromPhotoLibrary()
        s.user.pickItem(at: 0)
        s.user.pickItem(at: 1)
        await Task.yield()
        #expect(s.source.pendingLoadCount == 1)
        s.user.tapCancel()
        await Task.yield()
        await Task.yield()
        s.source.completePendingLoads()
        await s.settle()
        #expect(Array(s.transcript.lines.dropFirst(2)) == [
            "user: pick IMG_1 on #1",
            "picker: load IMG_1 (public.image)",
            "user: pick IMG_2 on #1",
            "picker: ignored itemPicked(IMG_2 (public.image)) on #1: busy",
            "source: load IMG_1",
            "user: cancel on #1",
            "presenter: dismiss animated",
            "picker: end cancelled (user)",
            "delegate: didCancel",
            "source: load IMG_1 cancelled",
        ])
        #expect(s.delegate.callbacks.count == 1)
        #expect(s.presenter.stack.isEmpty)
    }

    @Test func aLoadDeliveredAfterCancelChangesNothing() async throws {
        let s = try Self.scenario()
        s.exhaustivity = .off
        s.source.loadMode = .manual
        try await s.picker.selectFromPhotoLibrary()
        s.user.pickItem(at: 0)
        await Task.yield()
        #expect(s.source.pendingLoadCount == 1)
        s.picker.cancel()
        s.source.completePendingLoads()  // delivered before the cancellation reaches the source
        for _ in 0..<5 { await Task.yield() }
        #expect(Array(s.transcript.lines.dropFirst(4)) == [
            "source: load IMG_1",
            "presenter: dismiss animated",
            "picker: end cancelled (host)",
            "delegate: didCancel",
            "source: deliver IMG_1",
        ])
        #expect(s.picker.navigation == NavigationState())
        #expect(s.delegate.callbacks.count == 1)
    }

    @Test func swipingBackFromTheEditScreenIsFollowed() async throws {
        let s = try Self.scenario()
        s.exhaustivity = .off
        let observer = RecordingNavigationObserver(transcript: s.transcript)
        s.picker.navigationObserver = observer
        try await s.picker.selectFromPhotoLibrary()
        s.user.pickItem(at: 0)
        await s.settle()
        let mark = s.transcript.lines.count
        s.user.swipeBack()
        #expect(s.transcript.lines(since: mark) == [
            "user: swipe back",
            "observer: will show #1",
            "picker: navigation back to #1",
            "presenter: navigation bar shown",
            "observer: did show #1",
        ])
        #expect(s.picker.navigation.stack.map(\.id) == [Route.ID(1)])
        #expect(!s.picker.navigation.isNavigationBarHidden)
        s.user.tapChoose()  // the edit screen is gone: Choose is not offered on the browser
        #expect(s.transcript.lines.last == "picker: ignored chooseTapped on #1: not offered here")
        #expect(s.delegate.callbacks.isEmpty)
    }

    @Test func theResultBridgesToImagePickerInfoKeys() async throws {
        let s = try Self.scenario()
        s.exhaustivity = .off
        try await s.picker.selectFromPhotoLibrary()
        s.user.pickItem(at: 0)
        await s.settle()
        s.user.tapChoose()
        await s.settle()
        let info = try #require(s.delegate.lastResult).info
        #expect(Set(info.keys) == [.mediaType, .originalImage, .editedImage, .cropRect])
        guard case let .string(type)? = info[.mediaType], case let .rect(crop)? = info[.cropRect],
            case let .image(edited)? = info[.editedImage], case let .image(original)? = info[.originalImage]
        else { Issue.record("info values of the wrong kind"); return }
        #expect(type == "public.image")
        #expect(crop == PixelRect(x: 5, y: 0, width: 30, height: 30))
        #expect(edited.displaySize == PixelSize(width: 30, height: 30))
        #expect(original.displaySize == PixelSize(width: 40, height: 30))
        #expect(InfoKey.editedImage.rawValue == "UIImagePickerControllerEditedImage")
    }
}
