#if canImport(SwiftUI) && canImport(UIKit) && !os(tvOS) && !os(watchOS)
import Observation
import PickerImaging
import PickerKit
import PickerKitSwiftUI
import PickerKitUIKit
import SwiftUI

/// The README's SwiftUI model: the picker, the presentation it shows its screens through, and
/// the avatar it hands back.
@available(iOS 17, *)
@MainActor
@Observable
final class ProfileModel: ProfilePickerDelegate {
    let presentation = PresentationModel()
    let photos = SystemPhotoSource()
    let picker: ProfilePicker
    var avatar: (any ImageBuffer)?
    var failure: PickerError?

    init() {
        picker = ProfilePicker(photoSource: photos, camera: AVCameraSession(), presenter: presentation)
        picker.delegate = self
    }

    func profilePicker(_ picker: ProfilePicker, didFinishWith result: ProfilePickerResult) {
        avatar = result.image
    }

    func profilePickerDidCancel(_ picker: ProfilePicker) {}

    func profilePicker(_ picker: ProfilePicker, didFailWith error: PickerError) {
        failure = error
    }
}

/// The SwiftUI flow: the avatar, a button that opens the source chooser, and a menu offering the
/// same sources directly.
@available(iOS 17, *)
@MainActor
struct SwiftUIProfileView: View {
    @State private var model = ProfileModel()

    var body: some View {
        VStack(spacing: 24) {
            AvatarImage(avatar: model.avatar)
            Button("Change photo") {
                do throws(PickerError) {
                    try model.picker.chooseSource()
                } catch {
                    model.failure = error
                }
            }
            PickerSourceMenu(picker: model.picker, onFailure: { model.failure = $0 }) {
                Label("Choose from…", systemImage: "photo.on.rectangle")
            }
            if let failure = model.failure {
                Text(failure.message(in: PickerStrings())).font(.footnote).foregroundStyle(.red)
            }
        }
        .padding()
        .profilePicker(model.presentation, photos: model.photos)
    }
}
#endif
