import PickerKit
import Testing

@Suite("SourceChooser.offering: the options a chooser shows (B7)")
struct SourceChooserOfferingTests {
    @Test("action sheets list camera, camera roll, library, in that order, only when available", arguments: [
        (Set(SourceType.allCases), [SourceType.camera, .savedPhotosAlbum, .photoLibrary]),
        ([.photoLibrary, .camera], [.camera, .photoLibrary]),
        ([.savedPhotosAlbum], [.savedPhotosAlbum]),
        ([], []),
    ] as [(Set<SourceType>, [SourceType])])
    func actionSheet(available: Set<SourceType>, offered: [SourceType]) {
        let chooser = SourceChooser.offering(available, style: .actionSheet, titles: SourceChooserTitles())
        #expect(chooser.options.map(\.sourceType) == offered)
        #expect(chooser.cancelTitle == "Cancel")
        #expect(chooser.title == nil)
    }

    @Test("menus offer Camera and a Gallery: the library, else the camera roll", arguments: [
        (Set(SourceType.allCases), ["Camera=camera", "Gallery=photoLibrary"]),
        ([.camera, .savedPhotosAlbum], ["Camera=camera", "Gallery=savedPhotosAlbum"]),
        ([.photoLibrary], ["Gallery=photoLibrary"]),
    ] as [(Set<SourceType>, [String])])
    func menu(available: Set<SourceType>, offered: [String]) {
        let chooser = SourceChooser.offering(available, style: .menu, titles: SourceChooserTitles())
        #expect(chooser.options.map { "\($0.title)=\($0.sourceType)" } == offered)
        #expect(chooser.title == "Select source")
        #expect(chooser.cancelTitle == nil)
    }

    @Test func titlesAreReplaceable() {
        var titles = SourceChooserTitles()
        titles.takePhoto = "Prendre une photo"
        titles.cancel = "Annuler"
        let chooser = SourceChooser.offering([.camera], style: .actionSheet, titles: titles)
        #expect(chooser.description == "actionSheet: Prendre une photo=camera, cancel Annuler")
    }
}
