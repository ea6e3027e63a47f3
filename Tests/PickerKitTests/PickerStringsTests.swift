import PickerKit
import Testing

/// One strings table, English and Simplified Chinese shipped, every entry overridable.
@Suite("Strings: English and Simplified Chinese")
struct PickerStringsTests {
    @Test("every entry exists in every shipped language", arguments: PickerStrings.Language.allCases)
    func complete(language: PickerStrings.Language) {
        let strings = PickerStrings(language: language)
        for key in PickerStrings.Key.allCases {
            #expect(strings.ships(key) && !strings[key].isEmpty, "\(language) \(key)")
        }
        if language != .english {
            let english = PickerStrings(language: .english)
            let same = PickerStrings.Key.allCases.filter { strings[$0] == english[$0] }
            #expect(same == [], "translated, not copied")
        }
    }

    @Test func theLanguageFollowsThePersonsPreference() {
        #expect(PickerStrings.Language.best(for: ["zh-Hans-CN", "en-US"]) == .simplifiedChinese)
        #expect(PickerStrings.Language.best(for: ["fr-FR", "zh-CN"]) == .simplifiedChinese)
        #expect(PickerStrings.Language.best(for: ["en-GB", "zh-Hans"]) == .english)
        #expect(PickerStrings.Language.best(for: ["zh-Hant-TW"]) == .english, "Traditional Chinese is not shipped")
        #expect(PickerStrings.Language.best(for: []) == .english)
    }

    @Test func theLanguageIsOneTheAppIsLocalizedIn() {
        // An English-only app on a Chinese-first device stays English, as UIKit keeps it.
        #expect(PickerStrings.Language.best(for: ["zh-Hans-CN", "en-US"], appLocalizations: ["en"]) == .english)
        #expect(PickerStrings.Language.best(for: ["zh-Hans-CN"], appLocalizations: ["Base", "en"]) == .english)
        #expect(PickerStrings.Language.best(for: ["zh-Hans-CN", "en"], appLocalizations: ["en", "zh-Hans"]) == .simplifiedChinese)
        #expect(PickerStrings.Language.best(for: ["zh-CN"], appLocalizations: ["en", "zh_CN"]) == .simplifiedChinese)
        // A Chinese-only app shows Chinese to a person who prefers French.
        #expect(PickerStrings.Language.best(for: ["fr-FR"], appLocalizations: ["zh-Hans"]) == .simplifiedChinese)
        // An app that lists no localization is taken to be English.
        #expect(PickerStrings.Language.best(for: ["zh-Hans"], appLocalizations: []) == .english)
        #expect(PickerStrings.Language.best(for: ["zh-Hans"], appLocalizations: ["fr", "de"]) == .english)
    }

    @Test func overridesWinAndFormatsFillIn() {
        var strings = PickerStrings(language: .simplifiedChinese)
        strings.overrides[.choose] = "使用照片"
        #expect(strings[.choose] == "使用照片")
        #expect(strings[.cancel] == "取消")
        #expect(strings.format(.zoomed, "150") == "已缩放至 150%")
    }

    @Test func errorsTellThePersonWhatToDo() {
        let english = PickerStrings(language: .english), chinese = PickerStrings(language: .simplifiedChinese)
        #expect(PickerError.authorizationDenied(.photoLibrary).message(in: english)
            == "You have not allowed access to your photo library. You can allow it in Settings.")
        // Source names are lowercase mid-sentence, as titles they are capitalised.
        #expect(PickerError.sourceUnavailable(.camera).message(in: english) == "This device has no camera.")
        #expect(PickerError.authorizationRestricted(.savedPhotosAlbum).message(in: english)
            == "Access to your camera roll is restricted on this device.")
        #expect(PickerError.sourceUnavailable(.camera).message(in: chinese) == "此设备没有相机。")
        #expect(PickerError.authorizationDenied(.camera).message(in: chinese) == "你尚未允许访问相机。可以在“设置”中允许。")
        #expect(PickerError.itemLoadFailed(itemID: "IMG", cause: "offline").message(in: chinese) == "无法载入此项目。请重试或选取其他项目。")
        #expect(PickerError.missingUsageDescription(.camera).message(in: english) == "The photo picker is not set up correctly.")
        #expect(PickerError.noPresenter.errorDescription != nil)
        #expect(PickerError.noPresenter.description.hasPrefix("no presenter"), "the developer's details stay in description")
    }

    @Test func theChooserSpeaksChinese() {
        let titles = SourceChooserTitles(PickerStrings(language: .simplifiedChinese))
        let chooser = SourceChooser.offering([.camera, .photoLibrary], style: .actionSheet, titles: titles)
        #expect(chooser.description == "actionSheet: 拍照=camera, 照片图库=photoLibrary, cancel 取消")
    }
}
