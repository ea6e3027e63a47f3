import SurfaceDevice

/// What the person does to presentations: not Apple's API, the surface's way of being the
/// person. Interactive dismissal is modelled as documented: a sheet swiped down or a popover
/// tapped away goes only when `isModalInPresentation` is off and the delegate's
/// `presentationControllerShouldDismiss(_:)` allows it (else the delegate hears the attempt),
/// and then the delegate hears will-dismiss and, once it is gone, did-dismiss.
extension UIViewController {
    /// The person swipes this presented sheet down (a page or form sheet, or the automatic
    /// style on a phone); returns whether it went.
    @_spi(Surface) @discardableResult
    public func surfaceSwipeDown() -> Bool {
        guard [.pageSheet, .formSheet, .automatic].contains(effectiveStyle) else { return false }
        return dismissByPerson()
    }

    /// The person taps outside this presented popover; returns whether it went.
    @_spi(Surface) @discardableResult
    public func surfaceTapOutsidePopover() -> Bool {
        guard effectiveStyle == .popover, Device.current.idiom != .phone else { return false }
        if let alert = self as? UIAlertController {
            alert.surfaceTapOutside()
            return true
        }
        return dismissByPerson()
    }

    private func dismissByPerson() -> Bool {
        guard presentingViewController != nil, !isBeingDismissed, let controller = presentationController else { return false }
        if isModalInPresentation || controller.delegate?.presentationControllerShouldDismiss(controller) == false {
            controller.delegate?.presentationControllerDidAttemptToDismiss(controller)
            return false
        }
        controller.delegate?.presentationControllerWillDismiss(controller)
        isBeingDismissed = true
        Animations.run { [weak self] in
            self?.endPresentation()
            controller.delegate?.presentationControllerDidDismiss(controller)
        }
        return true
    }
}
