import Foundation
import PickerImaging
import PickerKit
import PickerKitTesting
import Testing

/// The first screen a person sees, in their language, and the translations as native readers
/// read them: one name per toolbar button, British and Australian English, Hungarian positions,
/// and the regions CLDR gives a language.
@MainActor
@Suite("The first screen in the person's language")
struct FirstScreenLanguageTests {
    /// A German reader of an app localized in English and German.
    static let german = HostInfo(usageDescriptions: HostInfo.allDeclared.usageDescriptions, preferredLanguages: ["de-DE", "en-US"], appLocalizations: ["en", "de"])

    @Test func theDefaultChooserAndMenuSpeakThePersonsLanguage() throws {
        let s = PickerScenario(hostInfo: Self.german)
        #expect(PickerConfiguration().chooserTitles == SourceChooserTitles(), "nothing replaced by default")
        try s.picker.chooseSource(.actionSheet)
        s.expect([
            "picker: start chooser actionSheet",
            "presenter: present #1 chooser(actionSheet: Foto aufnehmen=camera, Aufnahmen=savedPhotosAlbum, Fotomediathek=photoLibrary, cancel Abbrechen) actionSheet animated",
        ])
        s.user.tapCancel()
        s.exhaustivity = .off
        let menu = s.picker.sourceMenu()
        #expect(menu.title == "Quelle auswählen")
        #expect(menu.options.map(\.title) == ["Kamera", "Galerie"])
    }

    @Test func aTitleTheAppSetsReplacesOnlyThatTitle() throws {
        let s = PickerScenario(hostInfo: Self.german)
        s.exhaustivity = .off
        s.picker.configuration.chooserTitles.cancel = "Zurück"
        try s.picker.chooseSource(.actionSheet)
        guard case let .sourceChooser(chooser) = s.presenter.stack.first?.screen else {
            Issue.record("no chooser: \(s.presenter.stack)")
            return
        }
        #expect(chooser.options.map(\.title) == ["Foto aufnehmen", "Aufnahmen", "Fotomediathek"])
        #expect(chooser.cancelTitle == "Zurück")
    }

    @Test func anAppNotLocalizedInTheLanguageKeepsItsOwn() {
        let info = HostInfo(usageDescriptions: [:], preferredLanguages: ["de-DE"], appLocalizations: ["en"])
        #expect(info.language == .english)
        #expect(Self.german.language == "de")
        let chooser = SourceChooser.offering([.camera, .photoLibrary], style: .actionSheet, strings: PickerStrings(language: info.language))
        #expect(chooser.description == "actionSheet: Take photo=camera, Photo library=photoLibrary, cancel Cancel")
    }

    /// Every language's edit toolbar (over the library with an aspect menu, and over the camera)
    /// and camera toolbar (with flash, a second camera and movies, idle and recording): VoiceOver
    /// reads each button's title, so no two may share one.
    @Test func noToolbarNamesTwoButtonsAlike() async throws {
        let s = try await CameraFlowTests.openCamera { $0.picker.configuration.mediaTypes = [.image, .movie] }
        s.exhaustivity = .off
        let camera = try #require(s.picker.cameraScreen)
        s.user.tapRecord()
        await eventually("the recording starts") { s.picker.cameraScreen?.activity == .recording(.recording) }
        let recording = try #require(s.picker.cameraScreen)
        s.user.tapStop()
        await s.settle()
        s.picker.cancel()
        await s.settle()

        let overCamera = try await CameraFlowTests.openCamera()
        overCamera.exhaustivity = .off
        await CameraFlowTests.takePhoto(overCamera)
        let retaking = try #require(overCamera.picker.editing)

        var configuration = PickerConfiguration()
        configuration.editor.shape = .rectangle(aspectRatio: 4.0 / 3)
        let library = PickerScenario(configuration: configuration, exhaustivity: .off)
        try library.picker.edit(try PickerScenario.photo(width: 400, height: 300))
        var editing = try #require(library.picker.editing)
        library.user.gesture(.pinch(scale: 1.5, focus: CGPoint(x: 187, y: 333)))
        library.user.gesture(.ended)
        library.user.tapUndo()
        editing = try #require(library.picker.editing)

        var checked = 0
        for language in PickerStrings.Language.shipped {
            let strings = PickerStrings(language: language)
            let toolbars: [(String, [String])] = [
                ("edit", editing.controls(strings: strings).map(\.title)),
                ("edit over the camera", retaking.controls(strings: strings).map(\.title)),
                ("camera", camera.controls(flashModes: FlashMode.allCases, strings: strings).map(\.title)),
                ("camera recording", recording.controls(flashModes: FlashMode.allCases, strings: strings).map(\.title)),
            ]
            for (name, titles) in toolbars {
                #expect(Set(titles).count == titles.count, "\(language) \(name): \(titles)")
                checked += 1
            }
        }
        #expect(checked == 4 * PickerStrings.Language.shipped.count)
        #expect(editing.controls(strings: PickerStrings(language: .english)).map(\.title) == [
            "Cancel", "Rotate", "Flip", "Aspect ratio", "Undo", "Redo", "Choose",
        ])
        #expect(retaking.controls(strings: PickerStrings(language: "de")).map(\.title) == [
            "Neu aufnehmen", "Drehen", "Spiegeln", "Widerrufen", "Wiederholen", "Auswählen",
        ])
        #expect(camera.controls(flashModes: FlashMode.allCases, strings: PickerStrings(language: "en")).map(\.title) == [
            "Cancel", "Flash", "Switch camera", "Take photo", "Record",
        ])
        #expect(recording.controls(flashModes: FlashMode.allCases, strings: PickerStrings(language: "en")).map(\.title) == [
            "Cancel", "Flash", "Switch camera", "Take photo", "Stop",
        ])
    }

    @Test func theButtonsThatSharedANameNoLonger() {
        func titles(_ language: PickerStrings.Language, _ keys: [PickerStrings.Key]) -> [String] {
            keys.map { PickerStrings(language: language)[$0] }
        }
        #expect(titles("de", [.retake, .redo]) == ["Neu aufnehmen", "Wiederholen"])
        #expect(titles("it", [.retake, .redo, .cancel, .undo]) == ["Scatta di nuovo", "Ripeti", "Annulla", "Annulla modifica"])
        #expect(titles("nl", [.retake, .redo]) == ["Opnieuw maken", "Opnieuw"])
        #expect(titles("fr", [.cancel, .undo, .redo]) == ["Annuler", "Défaire", "Rétablir"])
        #expect(titles("fr-CA", [.cancel, .undo, .redo]) == ["Annuler", "Défaire", "Rétablir"])
    }

    @Test func americanEnglishSaysCenterAndCounterclockwiseBritishAndAustralianCentreAndAnticlockwise() throws {
        var editor = try EditorGeometry(imageSize: PixelSize(width: 400, height: 300))
        editor.apply(.straighten(degrees: -7))
        editor.apply(.ended)
        func value(_ language: PickerStrings.Language) -> String { editor.accessibility(in: PickerStrings(language: language)).value }
        #expect(value("en") == "zoomed 100%, showing the center, straightened 7° counterclockwise")
        #expect(value("en-GB") == "zoomed 100%, showing the centre, straightened 7° anticlockwise")
        #expect(value("en-AU") == "zoomed 100%, showing the centre, straightened 7° anticlockwise")
        #expect(EditorAccessibilityAction.straightenCounterclockwise.name(in: PickerStrings(language: "en")) == "Straighten counterclockwise")
        #expect(EditorAccessibilityAction.straightenCounterclockwise.name(in: PickerStrings(language: "en-GB")) == "Straighten anticlockwise")
        #expect(EditorAccessibilityAction.straightenCounterclockwise.name(in: PickerStrings(language: "en-AU")) == "Straighten anticlockwise")
        #expect(PickerStrings(language: "en")[.centre] == "center" && PickerStrings(language: "en-GB")[.centre] == "centre")
    }

    @Test func hungarianNamesTheSideBeforeTheRow() throws {
        var editor = try EditorGeometry(imageSize: PixelSize(width: 400, height: 300))
        editor.apply(.pinch(scale: 1.5, focus: editor.maskRect.center))
        editor.apply(.pan(CGPoint(x: 400, y: 400)))
        editor.apply(.ended)
        #expect(editor.accessibility(in: PickerStrings(language: .english)).value == "zoomed 150%, showing the upper left")
        let hungarian = editor.accessibility(in: PickerStrings(language: "hu")).value
        #expect(hungarian.contains("bal felső"), "\(hungarian)")
        #expect(!hungarian.contains("felső bal"), "\(hungarian)")
    }

    @Test func regionsReadTheLanguageCLDRGivesThem() {
        typealias L = PickerStrings.Language
        #expect(["es-BR", "es-BZ", "es-US", "es-MX", "es-419"].map { L.best(for: [$0]).rawValue } == Array(repeating: "es-419", count: 5))
        #expect(["es-ES", "es-GQ", "es-PH", "es"].map { L.best(for: [$0]).rawValue } == Array(repeating: "es", count: 4))
        #expect(["pt-US", "pt-BR", "pt", "pt-JP"].map { L.best(for: [$0]).rawValue } == Array(repeating: "pt-BR", count: 4))
        #expect(["pt-PT", "pt-AO", "pt-MZ", "pt-CH", "pt-LU", "pt-TL"].map { L.best(for: [$0]).rawValue } == Array(repeating: "pt-PT", count: 6))
    }

    @Test func onlyTheShippedRightToLeftLanguagesLayOutFromTheRight() {
        typealias L = PickerStrings.Language
        #expect(L.shipped.filter(\.isRightToLeft).map(\.rawValue).sorted() == ["ar", "fa", "he"])
        #expect(L.shipped(matching: "ur") == nil)
        #expect(L.best(for: ["ur-PK"]) == .english && !L.best(for: ["ur-PK"]).isRightToLeft, "Urdu, which does not ship, is English laid out left to right")
    }
}
