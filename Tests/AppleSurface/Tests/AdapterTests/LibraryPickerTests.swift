import Foundation
import PickerImaging
import PickerKit
import PickerKitTesting
import PickerKitUIKit
@_spi(Surface) import PhotosUI
import SurfaceDevice
import Testing
@_spi(Surface) import UIKit

extension AppleSurfaceTests {
    /// The library picker through PHPickerViewController, and the SystemPhotoSource it feeds.
    @MainActor
    @Suite("The library through PHPickerViewController")
    struct LibraryPickerTests {
        static func library(limit: Int = 1, filter: Set<LibraryPickerConfiguration.Filter> = [.images], access: LibraryAccess = .outOfProcess) -> LibraryPickerConfiguration {
            var library = LibraryPickerConfiguration()
            library.selectionLimit = limit
            library.filter = filter
            library.access = access
            return library
        }

        @Test func thePickerIsConfiguredAsAskedAndShowsOneBar() async throws {
            let phone = Phone()
            var library = Self.library(limit: 3, filter: [.images, .videos])
            library.preferredRepresentation = .compatible
            try await phone.picker.selectFromLibrary(library)
            await phone.settle()
            let stack = try #require(phone.presented.first as? UINavigationController)
            let phPicker = try #require(stack.topViewController as? PHPickerViewController)
            #expect(stack.isNavigationBarHidden, "the picker's own bar only")
            #expect(phPicker.configuration.selectionLimit == 3)
            #expect(phPicker.configuration.filter?.surfaceKinds == ["images", "videos"])
            #expect(phPicker.configuration.selection == .ordered)
            #expect(phPicker.configuration.preferredAssetRepresentationMode == .compatible)
            #expect(!phPicker.configuration.surfaceHasLibrary, "out of process: no photo library, no prompt")
            #expect(Device.current.accessRequests == [])
            phone.expectNoCrash()
        }

        @Test func oneImageGoesToTheEditScreenPushedUnderTheHiddenBar() async throws {
            let phone = Phone()
            try await phone.picker.selectFromLibrary(Self.library())
            await phone.settle()
            let stack = try #require(phone.presented.first as? UINavigationController)
            let phPicker = try #require(stack.topViewController as? PHPickerViewController)
            phPicker.surfacePick([Photos.result(try Photos.jpeg(width: 30, height: 20), named: "IMG_1")])
            await phone.settle()
            let editor = try #require(phone.topScreen)
            #expect(stack.viewControllers.count == 2 && stack.isNavigationBarHidden)
            phone.tap(.cancelTapped, on: editor.route.id)
            await phone.settle()
            #expect(stack.topViewController === phPicker && stack.isNavigationBarHidden, "back on the picker, still one bar")
            phone.expectNoCrash()
            phone.transcript.clear()
        }

        @Test func severalItemsLoadTogetherAndComeBackInTheOrderPicked() async throws {
            let phone = Phone()
            try await phone.picker.selectFromLibrary(Self.library(limit: 0, filter: [.images, .videos]))
            await phone.settle()
            let phPicker = try #require((phone.presented.first as? UINavigationController)?.topViewController as? PHPickerViewController)
            phPicker.surfacePick([
                Photos.result(Photos.movie(seconds: 3.5), type: "public.mpeg-4", named: "MOV_2"),
                Photos.result(try Photos.jpeg(width: 12, height: 9), named: "IMG_1"),
                Photos.result(Data("not a photo".utf8), named: "BAD"),
            ])
            await phone.settle()
            let result = try #require(phone.delegate.lastResult)
            #expect(result.items.map(\.item) == [
                PickedItem(id: "picked-1", mediaType: .movie), PickedItem(id: "picked-2"), PickedItem(id: "picked-3"),
            ])
            #expect(result.items.map(\.summary) == ["picked-1 \(result.items[0].mediaURL?.lastPathComponent ?? "?")", "picked-2 12x9", "picked-3 failed"])
            let movie = try #require(result.items[0].mediaURL)
            #expect(movie.pathExtension == "mp4", "an MPEG-4 stays .mp4")
            #expect(FileManager.default.fileExists(atPath: movie.path), "a returned movie is the app's")
            #expect(phone.presented.isEmpty)
            phone.expectNoCrash()
            phone.transcript.clear()
        }

        @Test func cancelInThePickerIsOneCancel() async throws {
            let phone = Phone()
            try await phone.picker.selectFromLibrary(Self.library())
            await phone.settle()
            let phPicker = try #require((phone.presented.first as? UINavigationController)?.topViewController as? PHPickerViewController)
            phPicker.surfaceTapCancel()
            await phone.settle()
            #expect(phone.presented.isEmpty)
            phone.transcript.expect(["picker: start library picker", "picker: end cancelled (user)", "delegate: didCancel"])
            phone.expectNoCrash()
        }

        @Test func inAppAccessAsksFirstAndGivesAssetIdentifiers() async throws {
            let phone = Phone()
            Device.current.photoAccess = .notDetermined
            Device.current.photoAnswer = .authorized
            try await phone.picker.selectFromLibrary(Self.library(access: .inApp))
            await phone.settle()
            #expect(Device.current.accessRequests == ["photos"])
            let phPicker = try #require((phone.presented.first as? UINavigationController)?.topViewController as? PHPickerViewController)
            #expect(phPicker.configuration.surfaceHasLibrary)
            phPicker.surfacePick([Photos.result(try Photos.jpeg(width: 8, height: 8), named: "IMG", asset: "ASSET-1")])
            await phone.settle()
            #expect(phone.picker.navigation.top?.screen.kind == .editor)
            #expect(phone.transcript.lines.contains("picker: load ASSET-1 (public.image)"))
            phone.expectNoCrash()
            phone.transcript.clear()
        }

        @Test func selectMorePhotosShowsOverThePresentedPickerAndReturns() async throws {
            var configuration = PickerConfiguration()
            configuration.libraryAccess = .inApp
            let phone = Phone(configuration: configuration)
            Device.current.photoAccess = .limited
            try await phone.picker.selectFromPhotoLibrary()
            await phone.settle()
            let browser = try #require(phone.presented.first as? UIImagePickerController)
            phone.tap(.selectMoreTapped, on: Route.ID(1))
            #expect(await phone.waitFor { browser.presentedViewController != nil }, "over the picker, not over the busy host")
            #expect(browser.surfaceFinishLimitedLibraryPicker(adding: ["ASSET-9"]))
            await phone.settle()
            #expect(phone.transcript.lines.contains("picker: more items selected for photoLibrary"))
            #expect(phone.picker.pendingWork == [])
            phone.expectNoCrash()
            phone.transcript.clear()
        }

        @Test func theSourceKeepsThePhotoSourceContract() async throws {
            let phone = Phone()
            let items = phone.photos.register([
                Photos.result(try Photos.jpeg(width: 16, height: 12), named: "IMG"),
                Photos.result(Photos.movie(seconds: 2), type: "com.apple.quicktime-movie", named: "MOV"),
            ], configuration: PickerConfiguration())
            #expect(await PhotoSourceContract.violations(of: phone.photos, items: items) == [])
            phone.expectNoCrash()
        }

        @Test func progressIsForwardedAndCancellingALoadCancelsTheProvider() async throws {
            let phone = Phone()
            let provider = NSItemProvider(surfaceRepresentations: [(type: "public.jpeg", content: .data(try Photos.jpeg(width: 8, height: 8)))], suggestedName: "IMG")
            let item = try #require(phone.photos.register([PHPickerResult(surfaceProvider: provider, assetIdentifier: nil)], configuration: PickerConfiguration()).first)
            final class Fractions { var values: [Double] = [] }
            let fractions = Fractions()
            _ = try await phone.photos.loadMedia(for: item, representation: .current) { fractions.values.append($0) }
            _ = await phone.waitFor { fractions.values.last == 1 }
            // In order, never back; a report overtaken by a later one on its way is dropped.
            #expect(fractions.values.last == 1)
            #expect(fractions.values == fractions.values.sorted() && Set(fractions.values).count == fractions.values.count)
            #expect(Set(fractions.values).isSubset(of: [0, 0.5, 1]))
            provider.surfaceHoldLoads()
            let held = Task { @MainActor in try await phone.photos.loadMedia(for: item) }
            for _ in 0..<5 { await Task.yield() }
            held.cancel()
            await #expect(throws: (any Error).self) { try await held.value }
            provider.surfaceFinishLoads()
            // Each load ends on the provider's queue after its handler returns: the first once its
            // file is deleted, the cancelled one when its cancellation is answered.
            #expect(await phone.waitFor { provider.surfaceLoadsFinished == 2 })
            #expect(provider.surfaceTemporaryFiles.allSatisfy { !FileManager.default.fileExists(atPath: $0.path) }, "deleted after the handler")
        }

        /// A provider that, once cancelled, never calls its completion: the load still ends,
        /// at once, and the file that comes later is not read.
        @Test func aCancelledLoadEndsEvenWhenTheProviderNeverCompletes() async throws {
            let phone = Phone()
            let provider = NSItemProvider(surfaceRepresentations: [(type: "public.jpeg", content: .data(try Photos.jpeg(width: 8, height: 8)))], suggestedName: "IMG")
            provider.surfaceCancellationIsSilent = true
            let item = try #require(phone.photos.register([PHPickerResult(surfaceProvider: provider, assetIdentifier: nil)], configuration: PickerConfiguration()).first)
            provider.surfaceHoldLoads()
            let held = Task { @MainActor in try await phone.photos.loadMedia(for: item) }
            for _ in 0..<5 { await Task.yield() }
            held.cancel()
            await #expect(throws: CancellationError.self) { try await held.value }
            #expect(provider.surfaceLoadsFinished == 0, "the provider never completed")
            // Cancelled before it started: ends as soon as it asks.
            let early = Task { @MainActor in
                withUnsafeCurrentTask { $0?.cancel() }
                return try await phone.photos.loadMedia(for: item)
            }
            await #expect(throws: CancellationError.self) { try await early.value }
            phone.expectNoCrash()
        }

        /// The image picker's files are temporary: once the picker is gone the system may delete
        /// them, and a movie's preview or a load can come after that. Registering keeps them.
        @Test func theImagePickersFilesAreKeptWhenRegistered() async throws {
            let phone = Phone()
            let image = try Photos.file(try Photos.jpeg(width: 12, height: 9), named: "IMG.jpeg")
            let movie = try Photos.file(Photos.movie(seconds: 3), named: "MOV.mov")
            let picked = try #require(phone.photos.register([.mediaType: "public.image", .imageURL: image], configuration: PickerConfiguration()))
            try FileManager.default.removeItem(at: image)
            guard case let .image(buffer) = try await phone.photos.loadMedia(for: picked) else {
                Issue.record("not an image")
                return
            }
            #expect(buffer.pixelSize == PixelSize(width: 12, height: 9))
            let film = try #require(phone.photos.register([.mediaType: "public.movie", .mediaURL: movie], configuration: PickerConfiguration()))
            try FileManager.default.removeItem(at: movie)
            let media = try await phone.photos.loadMedia(for: film)
            guard case let .movie(url, duration) = media else {
                Issue.record("not a movie: \(media)")
                return
            }
            #expect(duration == .seconds(3))
            phone.photos.discard(media)
            #expect(!FileManager.default.fileExists(atPath: url.path))
            phone.expectNoCrash()
        }

        @Test func aMovieDroppedByThePickerIsDeletedAndOneThatFailsToOpenIsToo() async throws {
            let phone = Phone()
            let items = phone.photos.register([
                Photos.result(Photos.movie(seconds: 4), type: "com.apple.quicktime-movie", named: "MOV"),
                Photos.result(Data("garbage".utf8), type: "com.apple.quicktime-movie", named: "BROKEN"),
            ], configuration: PickerConfiguration())
            let media = try await phone.photos.loadMedia(for: items[0])
            guard case let .movie(url, duration) = media else {
                Issue.record("not a movie: \(media)")
                return
            }
            #expect(duration == .seconds(4) && url.pathExtension == "mov")
            #expect(url.deletingLastPathComponent().standardizedFileURL.path == phone.photos.movieDirectory.standardizedFileURL.path)
            phone.photos.discard(media)
            #expect(!FileManager.default.fileExists(atPath: url.path))
            await #expect(throws: (any Error).self) { try await phone.photos.loadMedia(for: items[1]) }
            // The broken movie's copy was deleted, and with the last copy gone, the source's own folder.
            #expect(!FileManager.default.fileExists(atPath: phone.photos.movieDirectory.path))
            // A folder the host chose stays when the last copy in it goes.
            let hosts = FileManager.default.temporaryDirectory.appendingPathComponent("host-movies-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: hosts) }
            phone.photos.movieDirectory = hosts
            let kept = try await phone.photos.loadMedia(for: items[0])
            #expect(kept.movieURL?.deletingLastPathComponent().standardizedFileURL.path == hosts.standardizedFileURL.path)
            phone.photos.discard(kept)
            #expect(try FileManager.default.contentsOfDirectory(atPath: hosts.path) == [])
        }
    }
}

extension PickedMedia {
    /// The movie's file, for a movie.
    var movieURL: URL? {
        if case let .movie(url, _) = self { url } else { nil }
    }
}

extension PickedItemResult {
    /// The movie's file, for a loaded movie.
    var mediaURL: URL? {
        if case let .success(.movie(url, _)) = media { url } else { nil }
    }
}
