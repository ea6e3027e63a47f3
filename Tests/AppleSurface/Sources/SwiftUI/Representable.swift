@_spi(Surface) import UIKit

/// Apple (iOS 16.5 SDK): `protocol UIViewControllerRepresentable : View where Self.Body == Never`
/// (not isolated; its requirements are `@MainActor @preconcurrency`); later SDKs:
/// `@MainActor @preconcurrency protocol UIViewControllerRepresentable : View where Self.Body == Never`.
///
/// Modelled as SwiftUI behaves: the coordinator is made, then the view controller, once for
/// as long as the representable stays at its place in the view tree (and is of the same type);
/// `updateUIViewController(_:context:)` runs after making it and on every later evaluation;
/// when the representable leaves the tree its view controller is dismantled and taken off screen.
/// The view controller's view fills the host's window.
public protocol UIViewControllerRepresentable: View where Body == Never {
    /// Apple: `associatedtype UIViewControllerType : UIViewController`.
    associatedtype UIViewControllerType: UIViewController
    /// Apple: `associatedtype Coordinator = Void`.
    associatedtype Coordinator = Void
    /// Apple: `typealias Context = UIViewControllerRepresentableContext<Self>`.
    typealias Context = UIViewControllerRepresentableContext<Self>

    /// Apple: `@MainActor @preconcurrency func makeUIViewController(context: Self.Context) -> Self.UIViewControllerType`.
    @MainActor @preconcurrency func makeUIViewController(context: Self.Context) -> Self.UIViewControllerType
    /// Apple: `@MainActor @preconcurrency func updateUIViewController(_ uiViewController: Self.UIViewControllerType, context: Self.Context)`.
    @MainActor @preconcurrency func updateUIViewController(_ uiViewController: Self.UIViewControllerType, context: Self.Context)
    /// Apple: `@MainActor @preconcurrency static func dismantleUIViewController(_ uiViewController: Self.UIViewControllerType, coordinator: Self.Coordinator)`.
    @MainActor @preconcurrency static func dismantleUIViewController(_ uiViewController: Self.UIViewControllerType, coordinator: Self.Coordinator)
    /// Apple: `@MainActor @preconcurrency func makeCoordinator() -> Self.Coordinator`.
    @MainActor @preconcurrency func makeCoordinator() -> Self.Coordinator
}

extension UIViewControllerRepresentable {
    /// Apple: `static func dismantleUIViewController(_ uiViewController: Self.UIViewControllerType, coordinator: Self.Coordinator)`:
    /// does nothing by default (the iOS 16.5 SDK's default is not isolated).
    public static func dismantleUIViewController(_ uiViewController: Self.UIViewControllerType, coordinator: Self.Coordinator) {}

    public var body: Never { fatalError("a UIViewControllerRepresentable has no body") }
}

extension UIViewControllerRepresentable where Coordinator == Void {
    /// Apple: `func makeCoordinator() -> Self.Coordinator` (where `Coordinator == Void`; the iOS 16.5
    /// SDK's default is not isolated).
    public func makeCoordinator() -> Coordinator { () }
}

/// Apple: `@MainActor @preconcurrency struct UIViewControllerRepresentableContext<Representable> where Representable : UIViewControllerRepresentable`.
@MainActor @preconcurrency
public struct UIViewControllerRepresentableContext<Representable: UIViewControllerRepresentable> {
    /// Apple: `@MainActor @preconcurrency let coordinator: Representable.Coordinator`.
    public let coordinator: Representable.Coordinator
}

/// A representable at one place in the evaluated tree: how to make, update and dismantle its
/// view controller, type-erased.
@MainActor
final class SurfaceRepresented {
    let type: ObjectIdentifier
    let make: @MainActor () -> (controller: UIViewController, coordinator: Any)
    let update: @MainActor (UIViewController, Any) -> Void
    let dismantle: @MainActor (UIViewController, Any) -> Void

    init<R: UIViewControllerRepresentable>(_ representable: R) {
        type = ObjectIdentifier(R.self)
        make = {
            let coordinator = representable.makeCoordinator()
            return (representable.makeUIViewController(context: R.Context(coordinator: coordinator)), coordinator)
        }
        update = { controller, coordinator in
            guard let controller = controller as? R.UIViewControllerType, let coordinator = coordinator as? R.Coordinator else { return }
            representable.updateUIViewController(controller, context: R.Context(coordinator: coordinator))
        }
        dismantle = { controller, coordinator in
            guard let controller = controller as? R.UIViewControllerType, let coordinator = coordinator as? R.Coordinator else { return }
            R.dismantleUIViewController(controller, coordinator: coordinator)
        }
    }
}

@MainActor
func drawRepresentable<R: UIViewControllerRepresentable>(_ representable: R, into node: SurfaceNode) {
    node.children.append(SurfaceNode(.controller(SurfaceRepresented(representable))))
}
