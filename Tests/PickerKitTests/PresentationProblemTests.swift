import PickerKit
import Testing

/// The reasons a presentation fails: typed, each saying what to change, and a presenter of the
/// app's own can still give its own words.
@Suite("Presentation problems")
struct PresentationProblemTests {
    @Test func eachReasonSaysWhatHappened() {
        let said: [(PresentationProblem, String)] = [
            (.hostReleased, "the host view controller was released"),
            (.hostNotInWindow(host: "ProfileViewController"), "the host view controller ProfileViewController is not in a window"),
            (.hostBusy(presenting: "UIAlertController"), "the host view controller is already presenting UIAlertController"),
            (.unusableAnchor(name: "avatar"), "the popover anchor avatar points at neither a UIView nor a UIBarButtonItem"),
            (.notShown(within: .milliseconds(2500)), "the screen did not appear within 2.5 s (is the view presenting something else, or off screen?)"),
            (.photoNotDrawable("no pixels"), "the edit screen cannot draw the photo: no pixels"),
            ("the scene is in the background", "the scene is in the background"),
        ]
        for (problem, text) in said { #expect(problem.description == text) }
        #expect(PresentationProblem.noScreen(.moviePreview).description.hasPrefix("nothing draws the movie preview screen"))
        #expect(PresentationProblem.needsSystemPhotoSource(.browser).description.contains("draw the browser yourself"))
        let literal: PresentationProblem = "own words"
        #expect(literal == .other("own words") && literal != .hostReleased)
        #expect(PickerError.presentationFailed(.hostReleased) != .presentationFailed("the host view controller was released"),
                "a typed reason is not its text")
    }
}

/// Every error has a developer's description apart from the person's message, and says whether
/// the person can undo it in Settings.
@Suite("Errors: the developer's description and the person's message")
struct DeveloperDescriptionTests {
    @Test func setupErrorsReadOneSentenceToThePersonAndTheDetailToTheDeveloper() {
        let error = PickerError.missingUsageDescription(.camera)
        #expect(error.message(in: PickerStrings(language: .english)) == "The photo picker is not set up correctly.")
        #expect(error.developerDescription == "the app's Info.plist has no NSCameraUsageDescription: add it before using this source")
        #expect(error.developerDescription == error.description)
    }

    @Test func onlyDeniedAccessIsFixableInSettings() {
        #expect(PickerError.authorizationDenied(.camera).isFixableInSettings)
        #expect(PickerError.authorizationDenied(.savedPhotosAlbum).isFixableInSettings)
        #expect(!PickerError.authorizationRestricted(.camera).isFixableInSettings)
        #expect(!PickerError.sourceUnavailable(.camera).isFixableInSettings)
        #expect(!PickerError.noPresenter.isFixableInSettings)
    }
}
