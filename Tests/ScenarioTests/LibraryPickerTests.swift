import Foundation
import PickerImaging
import PickerKit
import PickerKitTesting
import Testing

@MainActor
@Suite("Library picker (B12)")
struct LibraryPickerTests {
    static func scenario(_ configure: (FakePhotoSource) -> Void = { _ in }) throws -> PickerScenario {
        var photo1 = FakePhotoSource.Item.image("IMG_1", try PickerScenario.photo(width: 4, height: 3))
        photo1.progress = [0.5, 1]
        return PickerScenario(items: [
            photo1,
            .movie("MOV_1", url: URL(fileURLWithPath: "/tmp/clip.mov")),
            .failing("IMG_BAD", "iCloud download failed"),
            .image("IMG_2", try PickerScenario.photo(width: 2, height: 2)),
        ], configureSource: configure)
    }

    nonisolated static func options(limit: Int = 0, filter: Set<LibraryPickerConfiguration.Filter> = [.images, .videos]) -> LibraryPickerConfiguration {
        var options = LibraryPickerConfiguration()
        options.selectionLimit = limit
        options.filter = filter
        return options
    }

    @Test func severalItemsLoadEachOnItsOwnAndReturnInTheOrderPicked() async throws {
        let s = try Self.scenario()
        try await s.picker.selectFromLibrary(Self.options())
        s.user.pickItems(at: [3, 0, 2, 1])
        await s.settle()
        s.expect([
            "picker: start library picker",
            "presenter: present #1 library([public.image, public.movie], limit none) fullScreen animated",
            "user: pick IMG_2, IMG_1, IMG_BAD, MOV_1 on #1",
            "picker: load IMG_2 (public.image)",
            "picker: load IMG_1 (public.image)",
            "picker: load IMG_BAD (public.image)",
            "picker: load MOV_1 (public.movie)",
            "source: load IMG_2 (current)",
            "picker: loaded IMG_2: image 2x2 up (1)",
            "source: load IMG_1 (current)",
            "picker: progress IMG_1 50%",
            "picker: progress IMG_1 100%",
            "picker: loaded IMG_1: image 4x3 up (1)",
            "source: load IMG_BAD (current)",
            "picker: load failed IMG_BAD: item IMG_BAD could not be loaded: iCloud download failed",
            "source: load MOV_1 (current)",
            "picker: loaded MOV_1: movie clip.mov 12s",
            "presenter: dismiss animated",
            "picker: end finished public.image items IMG_2 2x2, IMG_1 4x3, IMG_BAD failed, MOV_1 clip.mov",
            "delegate: didFinish public.image items IMG_2 2x2, IMG_1 4x3, IMG_BAD failed, MOV_1 clip.mov",
        ])
        let items = try #require(s.delegate.lastResult?.items)
        #expect(items.map(\.item.id) == ["IMG_2", "IMG_1", "IMG_BAD", "MOV_1"])
        guard case .failure(.itemLoadFailed(itemID: "IMG_BAD", cause: "iCloud download failed")) = items[2].media else {
            Issue.record("IMG_BAD should fail on its own"); return
        }
    }

    @Test func resultsKeepTheOrderPickedWhateverOrderLoadsFinishIn() async throws {
        let s = try Self.scenario { $0.loadMode = .manual }
        s.exhaustivity = .off
        try await s.picker.selectFromLibrary(Self.options())
        s.user.pickItems(at: [0, 3])
        await eventually("both load") { s.source.pendingLoadCount == 2 }
        s.source.completeLoad("IMG_2")
        s.source.completeLoad("IMG_1")
        await s.settle()
        #expect(s.delegate.lastResult?.items.map(\.item.id) == ["IMG_1", "IMG_2"])
    }

    @Test func cancellingStopsPendingLoadsWithOneCancel() async throws {
        let s = try Self.scenario { $0.loadMode = .manual }
        s.exhaustivity = .off
        try await s.picker.selectFromLibrary(Self.options())
        s.user.pickItems(at: [0, 1, 3])
        await eventually("all load") { s.source.pendingLoadCount == 3 }
        s.user.tapCancel()
        await eventually("loads are cancelled") { s.source.pendingLoadCount == 0 }
        #expect(Array(s.transcript.lines.suffix(7)) == [
            "user: cancel on #1",
            "presenter: dismiss animated",
            "picker: end cancelled (user)",
            "delegate: didCancel",
            "source: load IMG_1 cancelled",
            "source: load MOV_1 cancelled",
            "source: load IMG_2 cancelled",
        ])
        #expect(s.delegate.callbacks.count == 1)
    }

    @Test func cancellingTheAwaitingTaskStopsPendingLoads() async throws {
        let s = try Self.scenario { $0.loadMode = .manual }
        s.exhaustivity = .off
        let picking = Task { try await s.picker.pick(.library(Self.options())) }
        await eventually("the picker shows") { s.presenter.stack.count == 1 }
        s.user.pickItems(at: [0, 3])
        await eventually("both load") { s.source.pendingLoadCount == 2 }
        picking.cancel()
        await #expect(throws: CancellationError.self) { try await picking.value }
        await eventually("loads are cancelled") { s.source.pendingLoadCount == 0 }
        #expect(s.delegate.callbacks.count == 1)
    }

    @Test func anEmptySelectionIsACancel() async throws {
        let s = try Self.scenario()
        s.exhaustivity = .off
        try await s.picker.selectFromLibrary(Self.options())
        s.user.pickItems(at: [])
        #expect(Array(s.transcript.lines.suffix(3)) == ["presenter: dismiss animated", "picker: end cancelled (user)", "delegate: didCancel"])
    }

    @Test func picksOverTheLimitOrOutsideTheFilterAreIgnored() async throws {
        let s = try Self.scenario()
        s.exhaustivity = .off
        try await s.picker.selectFromLibrary(Self.options(limit: 2, filter: [.images]))
        s.user.pickItems(at: [0, 3, 2])
        s.user.pickItems(at: [1])
        #expect(Array(s.transcript.lines.suffix(4)) == [
            "user: pick IMG_1, IMG_2, IMG_BAD on #1",
            "picker: ignored itemsPicked(IMG_1, IMG_2, IMG_BAD) on #1: over the selection limit",
            "user: pick MOV_1 on #1",
            "picker: ignored itemsPicked(MOV_1) on #1: not offered here",
        ])
        #expect(s.picker.isSessionActive)
    }

    @Test func oneItemWithEditingGoesToTheEditScreenAndBack() async throws {
        let s = try Self.scenario()
        s.exhaustivity = .off
        var options = Self.options(limit: 1)
        options.preferredRepresentation = .compatible
        try await s.picker.selectFromLibrary(options)
        s.user.pickItems(at: [0])
        await s.settle()
        #expect(s.transcript.lines.contains("source: load IMG_1 (compatible)"))
        #expect(s.picker.navigation.stack.map(\.screen.kind) == [.libraryPicker, .editor])
        s.user.tapCancel()
        #expect(s.picker.navigation.stack.map(\.screen.kind) == [.libraryPicker])
        s.user.pickItems(at: [3])
        await s.settle()
        s.user.tapChoose()
        await s.settle()
        #expect(s.delegate.lastResult?.cropRect == PixelRect(x: 0, y: 0, width: 2, height: 2))
        #expect(s.delegate.lastResult?.items.isEmpty == true)
    }

    @Test func limitedAccessStillPicksFromTheAllowedItems() async throws {
        let s = try Self.scenario {
            $0.authorization[.photoLibrary] = .limited
            $0.limitedSelection = ["IMG_2", "MOV_1"]
        }
        s.exhaustivity = .off
        try await s.picker.selectFromLibrary(Self.options())
        #expect(s.source.visibleItems.map(\.item.id) == ["MOV_1", "IMG_2"])
        s.user.pickItems(at: [1, 0])
        await s.settle()
        #expect(s.delegate.lastResult?.items.map(\.summary) == ["IMG_2 2x2", "MOV_1 clip.mov"])
        #expect(s.transcript.unexpected.isEmpty)
    }

    @Test("bad options are typed errors", arguments: [
        (options(limit: -1), PickerError.invalidSelectionLimit(-1)),
        (options(filter: []), .mediaTypesEmpty),
        (options(filter: [.livePhotos]), .mediaTypesUnavailable(
            requested: [.livePhoto], source: .photoLibrary, available: [.image, .movie])),
    ])
    func badOptions(options: LibraryPickerConfiguration, error: PickerError) async throws {
        let s = try Self.scenario()
        await #expect(throws: error) { try await s.picker.selectFromLibrary(options) }
        s.expect(["picker: start failed: \(error)"])
        #expect(s.presenter.stack.isEmpty)
    }

    @Test func onIPadTheLibraryPickerNeedsAnAnchor() async throws {
        let s = PickerScenario(idiom: .pad)
        s.exhaustivity = .off
        await #expect(throws: PickerError.popoverAnchorRequired(.libraryPicker)) {
            try await s.picker.selectFromLibrary(LibraryPickerConfiguration())
        }
    }
}
