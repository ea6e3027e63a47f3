#if canImport(SwiftUI) && canImport(UIKit) && !os(tvOS) && !os(watchOS)
import PickerImaging
import PickerKit
import PickerKitUIKit
import SwiftUI
import UIKit

/// The README's UIKit screen: a bar button opens the source chooser (a popover on iPad), and the
/// avatar shows what Choose handed back.
final class ProfileViewController: UIViewController, ProfilePickerDelegate {
    private(set) var avatar: (any ImageBuffer)?
    private(set) var failure: PickerError?
    private let photos = SystemPhotoSource()
    private lazy var presenter = UIKitPresenter(host: self, photos: photos)
    private(set) lazy var picker = ProfilePicker(
        photoSource: photos, camera: AVCameraSession(), presenter: presenter, delegate: self)
    private let avatarView = UIImageView(image: UIImage(systemName: "person.crop.circle.fill"))
    private let failureLabel = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Profile"
        view.backgroundColor = .systemBackground
        navigationItem.rightBarButtonItem = UIBarButtonItem(
            title: "Change photo", primaryAction: UIAction { [weak self] action in
                guard let button = action.sender as? UIBarButtonItem else { return }
                self?.changePhotoTapped(button)
            })
        avatarView.contentMode = .scaleAspectFill
        avatarView.clipsToBounds = true
        avatarView.tintColor = .secondaryLabel
        failureLabel.textColor = .systemRed
        failureLabel.numberOfLines = 0
        failureLabel.font = .preferredFont(forTextStyle: .footnote)
        for subview in [avatarView, failureLabel] {
            subview.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(subview)
        }
        NSLayoutConstraint.activate([
            avatarView.widthAnchor.constraint(equalToConstant: 160),
            avatarView.heightAnchor.constraint(equalToConstant: 160),
            avatarView.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            avatarView.centerYAnchor.constraint(equalTo: view.centerYAnchor),
            failureLabel.topAnchor.constraint(equalTo: avatarView.bottomAnchor, constant: 24),
            failureLabel.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            failureLabel.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
        ])
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        avatarView.layer.cornerRadius = avatarView.bounds.width / 2
    }

    func changePhotoTapped(_ button: UIBarButtonItem) {
        do {
            try picker.chooseSource(.actionSheet, anchor: PopoverAnchor(barButtonItem: button))
        } catch {
            show(error)
        }
    }

    func profilePicker(_ picker: ProfilePicker, didFinishWith result: ProfilePickerResult) {
        avatar = result.image
        avatarView.image = result.image.flatMap(AvatarImage.uiImage)
        failureLabel.text = nil
    }

    func profilePickerDidCancel(_ picker: ProfilePicker) {}

    func profilePicker(_ picker: ProfilePicker, didFailWith error: PickerError) {
        show(error)
    }

    private func show(_ error: PickerError) {
        failure = error
        failureLabel.text = error.message(in: PickerStrings())
    }
}

/// The UIKit screen in the app's tab, in a navigation controller for its bar button.
@MainActor
struct UIKitProfileScreen: UIViewControllerRepresentable {
    func makeUIViewController(context: Context) -> UINavigationController {
        UINavigationController(rootViewController: ProfileViewController())
    }

    func updateUIViewController(_ controller: UINavigationController, context: Context) {}
}
#endif
