import Foundation
import PickerImaging
import PickerKit
import Testing

/// The strings a person sees, shipped as resources in the languages iOS speaks: every entry in
/// every language, the same placeholders as English, every plural form CLDR asks for, numbers
/// in the language's digits, and the app's language chosen as UIKit chooses it.
@Suite("Strings in every language")
struct PickerStringsTests {
    /// The languages iOS itself is localized in, and Persian.
    static let required: [PickerStrings.Language] = [
        "ar", "ca", "cs", "da", "de", "el", "en", "en-AU", "en-GB", "es", "es-419", "fa", "fi", "fr", "fr-CA", "he", "hi", "hr",
        "hu", "id", "it", "ja", "ko", "ms", "nb", "nl", "pl", "pt-BR", "pt-PT", "ro", "ru", "sk", "sv", "th", "tr", "uk",
        "vi", "zh-Hans", "zh-Hant", "zh-HK",
    ]

    /// Entries a language may write as English does, each reviewed: words the language uses as
    /// they are ("OK", "Auto"), and the composing pattern of two position words. English's
    /// regional variants are English.
    static let sameAsEnglish: [PickerStrings.Key: Set<String>] = [
        .ok: ["*"], .flashAuto: ["*"], .listSeparator: ["*"], .position: ["*"], .flash: ["*"], .photo: ["fr", "fr-CA", "ca"],
        .aspectOriginal: ["de", "ca", "ro", "sv", "da", "nb", "es", "es-419", "pt-BR", "pt-PT", "fr", "fr-CA", "it", "nl", "hr", "id", "ms", "cs", "sk", "pl", "tr"],
        .record: ["id"], .pause: ["de", "fr", "fr-CA", "nb"], .reset: ["nl", "ms", "id", "tr"], .zoomIn: ["nl"],
        .menuCamera: ["nl", "id", "vi"], .cameraInSentence: ["nl", "id", "vi"], .stopRecording: ["nl", "ro", "sk", "it", "ms", "id", "hr", "da"],
    ]

    @Test("the languages iOS speaks ship")
    func everyIOSLanguageShips() {
        let shipped = Set(PickerStrings.Language.shipped)
        #expect(Set(Self.required).subtracting(shipped).isEmpty, "missing: \(Set(Self.required).subtracting(shipped))")
    }

    @Test("every entry in every language, none silently English", arguments: required)
    func complete(language: PickerStrings.Language) {
        let strings = PickerStrings(language: language), english = PickerStrings(language: .english)
        for key in PickerStrings.Key.allCases {
            #expect(strings.ships(key) && !strings[key].isEmpty, "\(language) \(key)")
        }
        // The keyboard shortcuts' titles, made of these entries: each filled in, and no two alike.
        let shortcuts = EditorShortcut.allCases.map { $0.title(in: strings) }
        #expect(Set(shortcuts).count == shortcuts.count && shortcuts.allSatisfy { !$0.isEmpty && !$0.contains("%") }, "\(language): \(shortcuts)")
        guard PluralRules.family(language.rawValue) != "en" else { return }
        let same = PickerStrings.Key.allCases.filter { key in
            strings[key] == english[key] && !(Self.sameAsEnglish[key].map { $0.contains("*") || $0.contains(language.rawValue) } ?? false)
        }
        #expect(same == [], "\(language): English left in \(same.map { "\($0)=\(english[$0])" })")
    }

    /// The printf specifiers of `text`: `%@`, `%1$@`, `%d`, `%%`, sorted (a language may move them).
    static func specifiers(_ text: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: "%(%|[0-9]+\\$@|@|d)")
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text))
            .map { String(text[Range($0.range, in: text)!]) }.sorted()
    }

    @Test("placeholders agree with English's; plural forms complete per CLDR", arguments: required)
    func placeholdersAndPlurals(language: PickerStrings.Language) throws {
        let strings = PickerStrings(language: language), english = PickerStrings(language: .english)
        for key in PickerStrings.Key.allCases where !PickerStrings.Key.plural.contains(key) {
            #expect(Self.specifiers(strings[key]) == Self.specifiers(english[key]), "\(language) \(key): \(strings[key])")
        }
        let categories = PluralRules.categories(of: language.rawValue)
        let samples = categories.map { (category: $0, number: Self.sample($0, language.rawValue)) }
        for key in PickerStrings.Key.plural {
            // A number of each category the language has gives that form, with its digits.
            for (category, n) in samples {
                guard let n else {
                    // Czech and Slovak's `many`, and Russian, Ukrainian and Polish's `other`, are
                    // for fractions only: no whole number reaches them.
                    let fractionsOnly: [String: PluralCategory] = ["cs": .many, "sk": .many, "ru": .other, "uk": .other, "pl": .other]
                    #expect(fractionsOnly[language.rawValue] == category, "\(language) \(category)")
                    continue
                }
                let text = strings.format(key, number: n)
                let form = try #require(strings.shippedForms(key)[category], "\(language) \(key) \(category)")
                #expect(text == form.replacingOccurrences(of: "%d", with: PickerStrings.digits(n, in: strings.locale)).replacingOccurrences(of: "%%", with: "%"),
                        "\(language) \(key) \(category): \(text)")
            }
            let forms = strings.shippedForms(key)
            #expect(Set(forms.keys) == Set(categories), "\(language) \(key) gives \(forms.keys), CLDR asks \(categories)")
            let englishForm = try #require(english.shippedForms(key)[.other])
            for (category, form) in forms {
                // Arabic and Persian write their own percent sign, ٪, for English's %%.
                let expected = Self.specifiers(englishForm).filter { !form.contains("٪") || $0 != "%%" }
                #expect(Self.specifiers(form) == expected, "\(language) \(key) \(category): \(form)")
            }
        }
    }

    /// A whole number of `category` in `language`, if one is (the rules' special numbers are
    /// all below 200, or a million).
    static func sample(_ category: PluralCategory, _ language: String) -> Int? {
        (Array(0...200) + [1_000_000]).first { PluralRules.category(of: $0, in: language) == category }
    }

    @Test func cldrPluralRules() {
        #expect([1, 2, 5, 11, 21, 22, 25, 111].map { PluralRules.category(of: $0, in: "ru") } == [.one, .few, .many, .many, .one, .few, .many, .many])
        #expect([0, 1, 2, 3, 10, 11, 99, 100, 102].map { PluralRules.category(of: $0, in: "ar") } == [.zero, .one, .two, .few, .few, .many, .many, .other, .other])
        #expect([1, 2, 5, 12, 22, 0].map { PluralRules.category(of: $0, in: "pl") } == [.one, .few, .many, .many, .few, .many])
        #expect([1, 2, 4, 5].map { PluralRules.category(of: $0, in: "cs") } == [.one, .few, .few, .other])
        #expect([0, 1, 2, 1_000_000].map { PluralRules.category(of: $0, in: "fr") } == [.one, .one, .other, .many])
        #expect([0, 1].map { PluralRules.category(of: $0, in: "pt-PT") } == [.other, .one])
        #expect([0, 1].map { PluralRules.category(of: $0, in: "pt-BR") } == [.one, .one])
        #expect([0, 1, 19, 20, 101].map { PluralRules.category(of: $0, in: "ro") } == [.few, .one, .few, .other, .few])
        #expect([1, 2, 3].map { PluralRules.category(of: $0, in: "he") } == [.one, .two, .other])
        #expect(PluralRules.category(of: 1, in: "ja") == .other)
    }

    @Test func numbersAreWrittenForTheLocale() {
        // Arabic-Indic digits or Latin ones, as the locale chooses (pinned: CLDR's defaults
        // per region change between versions); Persian its own; French a no-break space before %.
        let arabicIndic = PickerStrings(language: "ar", locale: Locale(identifier: "ar-EG@numbers=arab")).format(.zoomed, number: 150)
        #expect(arabicIndic == "مكبَّرة بنسبة ١٥٠٪")
        let latin = PickerStrings(language: "ar", locale: Locale(identifier: "ar-MA@numbers=latn")).format(.zoomed, number: 150)
        #expect(latin == "مكبَّرة بنسبة 150٪")
        // A BCP 47 extension chooses the digits too (Foundation's formatter on Linux cannot take
        // one: it is read as ICU's keyword).
        let extended = PickerStrings(language: "ar", locale: Locale(identifier: "ar-EG-u-nu-arab")).format(.zoomed, number: 150)
        #expect(extended == arabicIndic)
        #expect(PickerStrings(language: "de", locale: Locale(identifier: "de-DE-u-ca-gregory")).format(.turned, number: 90) == "um 90° gedreht")
        #expect(PickerStrings(language: "fa", locale: Locale(identifier: "fa")).format(.turned, number: 90).contains("۹۰"))
        let french = PickerStrings(language: "fr").format(.zoomed, number: 150)
        #expect(french.contains("150\u{202F}%") || french.contains("150\u{00A0}%"), "\(french)")
        #expect(PickerStrings(language: .english).format(.zoomed, number: 150) == "zoomed 150%")
        // Russian picks the form of each number: one, few, many.
        let russian = PickerStrings(language: "ru", locale: Locale(identifier: "ru"))
        #expect([1, 2, 90, 21, 24].map { russian.format(.turned, number: $0) } == [
            "повернуто на 1 градус", "повернуто на 2 градуса", "повернуто на 90 градусов", "повернуто на 21 градус", "повернуто на 24 градуса",
        ])
    }

    @Test func theLanguageFollowsThePersonsPreference() {
        typealias L = PickerStrings.Language
        #expect(L.best(for: ["zh-Hans-CN", "en-US"]) == .simplifiedChinese)
        #expect(L.best(for: ["fr-FR", "zh-CN"]) == "fr")
        #expect(L.best(for: ["en-GB", "zh-Hans"]) == "en-GB")
        #expect(L.best(for: ["en-IN"]) == "en-GB")
        #expect(L.best(for: ["en-US"]) == .english)
        #expect(L.best(for: ["zh-Hant-TW"]) == "zh-Hant")
        #expect(L.best(for: ["zh-TW"]) == "zh-Hant")
        #expect(L.best(for: ["zh-Hant-HK"]) == "zh-HK")
        #expect(L.best(for: ["es-MX"]) == "es-419")
        #expect(L.best(for: ["es-ES"]) == "es")
        #expect(L.best(for: ["pt"]) == "pt-BR")
        #expect(L.best(for: ["pt-PT"]) == "pt-PT")
        #expect(L.best(for: ["fr-CA"]) == "fr-CA")
        #expect(L.best(for: ["nn-NO"]) == "nb")
        #expect(L.best(for: ["de-AT", "en"]) == "de")
        #expect(L.best(for: ["xx"]) == .english)
        #expect(L.best(for: []) == .english)
    }

    /// Tags as Apple's platforms give them: a script before a region, old codes, underscores,
    /// extensions; a language PickerKit does not ship is not guessed.
    @Test func tagsFindTheirLanguageAsUIKitFindsIt() {
        typealias L = PickerStrings.Language
        // Chinese: the script decides before the region.
        #expect(L.best(for: ["zh-Hans-HK"]) == .simplifiedChinese)
        #expect(L.best(for: ["zh-Hans-TW"]) == .simplifiedChinese)
        #expect(L.best(for: ["zh-Hant-MO"]) == "zh-HK")
        #expect(L.best(for: ["zh-Hant-CN"]) == "zh-Hant")
        #expect(L.best(for: ["zh-HK"]) == "zh-HK")
        #expect(L.best(for: ["zh"]) == .simplifiedChinese)
        // An app in Simplified Chinese shows it to a Simplified reader in Hong Kong.
        #expect(L.best(for: ["zh-Hans-HK", "en"], appLocalizations: ["en", "zh-Hans"]) == .simplifiedChinese)
        #expect(L.best(for: ["zh-Hant-HK", "en"], appLocalizations: ["en", "zh_TW"]) == "zh-HK")
        // English: American regions American, Australia and New Zealand Australian, the rest British.
        #expect(["en-NZ", "en-CA", "en-001", "en-150", "en-DE", "en-PR", "en-US-POSIX", "en-u-nu-latn"].map { L.best(for: [$0]).rawValue }
            == ["en-AU", "en-GB", "en-GB", "en-GB", "en-GB", "en", "en", "en"])
        // The app has English: every English PickerKit ships is the app's (as en-GB is for "en").
        #expect(L.best(for: ["en-NZ"], appLocalizations: ["en", "en-GB"]) == "en-AU")
        #expect(L.best(for: ["es-US"]) == "es-419" && L.best(for: ["pt-AO"]) == "pt-PT" && L.best(for: ["pt_BR"]) == "pt-BR")
        #expect(L.best(for: ["iw-IL"]) == "he" && L.best(for: ["in"]) == "id" && L.best(for: ["nn-NO"]) == "nb" && L.best(for: ["no"]) == "nb")
        #expect(L.best(for: ["ar-001"]) == "ar" && L.best(for: ["ar-EG@numbers=latn"]) == "ar")
        #expect(L.best(for: ["sr-Latn-RS", "de"]) == "de", "Serbian does not ship: the next preference")
        #expect(L.shipped(matching: "sr") == nil && L.shipped(matching: "") == nil && L.shipped(matching: "-") == nil)
        #expect(PluralRules.category(of: 2, in: "iw") == .two && PluralRules.category(of: 1, in: "nn") == .one)
        // A language named as a tag reads the table it asks for, not English.
        #expect(PickerStrings(language: "pt")[.cancel] == PickerStrings(language: "pt-BR")[.cancel])
        #expect(PickerStrings(language: "zh-TW")[.cancel] == PickerStrings(language: "zh-Hant")[.cancel])
        #expect(PickerStrings(language: "de-AT")[.choose] == "Auswählen")
        #expect(PickerStrings(language: "xx")[.choose] == "Choose")
    }

    /// Entries as Foundation writes them: lengths (`%ld`), positions (`%1$d`), a stringsdict
    /// format key around its variable; a specifier PickerKit does not write stays whole.
    @Test func formatsReadAsFoundationWritesThem() {
        #expect(PickerStrings.substitute("%ld° and %1$lld°", values: [], number: "90") == "90° and 90°")
        #expect(PickerStrings.substitute("%i %u %%", values: [], number: "7") == "7 7 %")
        #expect(PickerStrings.substitute("%2$@ %1$@", values: ["a", "b"], number: nil) == "b a")
        #expect(PickerStrings.substitute("%x %1$x %5", values: ["a"], number: nil) == "%x %1$x %5")
        #expect(PickerStrings.substitute("{0} {1} {9} {x", values: ["{1}", "b"], number: nil) == "{1} b {9} {x", "{n} only in the entry")
        #expect(PickerStrings.substitute("%@ then %@", values: ["one"], number: nil) == "one then ")
        let forms = PickerStrings.pluralForms(stringsdictEntry: [
            "NSStringLocalizedFormatKey": "um %#@degrees@ gedreht",
            "degrees": ["NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": "ld", "one": "%ld Grad", "other": "%ld Grad"],
        ])
        #expect(forms == [.one: "um %ld Grad gedreht", .other: "um %ld Grad gedreht"])
        #expect(PickerStrings.pluralForms(stringsdictEntry: ["degrees": ["other": "x"]]) == nil, "no format key: not an entry")
        // Callers of the older API: the number as text, and a {0} override of a plural entry.
        var english = PickerStrings(language: .english)
        #expect(english.format(.zoomed, "150") == "zoomed 150%")
        english.overrides[.turned] = "turned {0} degrees"
        #expect(english.format(.turned, number: 90) == "turned 90 degrees")
    }

    /// English is compiled in as well, for an executable copied without its resources: the
    /// same entries as en.lproj.
    @Test func theCompiledInEnglishIsTheShippedEnglish() {
        let shipped = PickerStrings(language: .english)
        let compiled = PickerStrings.compiledEnglish
        for key in PickerStrings.Key.allCases where !PickerStrings.Key.plural.contains(key) {
            #expect(compiled.strings[key.rawValue] == shipped[key], "\(key)")
        }
        for key in PickerStrings.Key.plural {
            #expect(compiled.plurals[key.rawValue] == shipped.shippedForms(key), "\(key)")
        }
        #expect(compiled.strings.count + compiled.plurals.count == PickerStrings.Key.allCases.count)
    }

    @Test func theLanguageIsOneTheAppIsLocalizedIn() {
        typealias L = PickerStrings.Language
        // An English-only app on a Chinese-first device stays English, as UIKit keeps it.
        #expect(L.best(for: ["zh-Hans-CN", "en-US"], appLocalizations: ["en"]) == .english)
        #expect(L.best(for: ["zh-Hans-CN"], appLocalizations: ["Base", "en"]) == .english)
        #expect(L.best(for: ["zh-Hans-CN", "en"], appLocalizations: ["en", "zh-Hans"]) == .simplifiedChinese)
        #expect(L.best(for: ["zh-CN"], appLocalizations: ["en", "zh_CN"]) == .simplifiedChinese)
        // A Chinese-only app shows Chinese to a person who prefers French.
        #expect(L.best(for: ["fr-FR"], appLocalizations: ["zh-Hans"]) == .simplifiedChinese)
        // Simplified is not Traditional: an app in Simplified Chinese is not read in Traditional.
        #expect(L.best(for: ["zh-Hant-TW", "en"], appLocalizations: ["en", "zh-Hans"]) == .english)
        // An English app's British reader gets British English.
        #expect(L.best(for: ["en-GB"], appLocalizations: ["en", "de"]) == "en-GB")
        #expect(L.best(for: ["de-DE"], appLocalizations: ["en", "de"]) == "de")
        // An app that lists no localization is taken to be English.
        #expect(L.best(for: ["zh-Hans"], appLocalizations: []) == .english)
        #expect(L.best(for: ["zh-Hans"], appLocalizations: ["xx", "yy"]) == .english)
    }

    @Test func rightToLeftLanguagesAreMarked() {
        #expect(PickerStrings.Language.shipped.filter(\.isRightToLeft).map(\.rawValue).sorted() == ["ar", "fa", "he"])
    }

    @Test func overridesWinAndFormatsFillIn() {
        var strings = PickerStrings(language: .simplifiedChinese)
        strings.overrides[.choose] = "使用照片"
        #expect(strings[.choose] == "使用照片")
        #expect(strings[.cancel] == "取消")
        #expect(strings.format(.zoomed, number: 150) == "已缩放至 150%")
        // An override of a plural entry serves every form; one in the older {0} style still reads.
        strings.overrides[.turned] = "转了 %d 度"
        #expect(strings.format(.turned, number: 90) == "转了 90 度")
        strings.overrides[.showingPart] = "看到{0}"
        #expect(strings.format(.showingPart, "左上") == "看到左上")
        #expect(PickerStrings(language: .english).format(.position, "upper", "left") == "upper left")
        #expect(PickerStrings(language: .simplifiedChinese).format(.position, "上", "左") == "左上")
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
        #expect(PickerError.noPresenter.errorDescription == PickerError.noPresenter.message(in: PickerStrings()))
        #expect(PickerError.noPresenter.message(in: english) == english[.setupError])
        #expect(PickerError.noPresenter.description.hasPrefix("no presenter"), "the developer's details stay in description")
    }

    @Test func theChooserSpeaksChinese() {
        let titles = SourceChooserTitles(PickerStrings(language: .simplifiedChinese))
        let chooser = SourceChooser.offering([.camera, .photoLibrary], style: .actionSheet, titles: titles)
        #expect(chooser.description == "actionSheet: 拍照=camera, 照片图库=photoLibrary, cancel 取消")
    }

    /// Right to left, VoiceOver still names the photo's own sides, and a pan to the right still
    /// moves the photo right: only the screens' controls mirror.
    @Test func rightToLeftDoesNotMirrorThePhoto() throws {
        var editor = try EditorGeometry(imageSize: PixelSize(width: 3000, height: 2000))
        editor.apply([.pinch(scale: 3, focus: editor.maskRect.center), .ended])
        let before = editor.origin.x
        editor.apply([.pan(CGPoint(x: 5000, y: 5000)), .ended])
        #expect(editor.origin.x > before, "panned right, the photo moved right")
        let arabic = PickerStrings(language: "ar"), english = PickerStrings(language: .english)
        #expect(editor.accessibility(in: english).value.contains(english.format(.position, english[.upper], english[.left])))
        let value = editor.accessibility(in: arabic).value
        #expect(value.contains(arabic[.left]) && !value.contains(arabic[.right]), "\(value)")
    }
}
