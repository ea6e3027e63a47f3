/// Where a subject is in a photo: a face's box, or a salient region when there is no face, in
/// the upright photo's pixels (display orientation), with how sure the locator is.
///
/// A ``SubjectLocator`` finds them; ``SubjectFraming`` turns them into the crop the edit screen
/// opens with. They say where, never who: no locator in the package tells faces apart.
public struct SubjectRegion: Sendable, Equatable, Codable, CustomStringConvertible {
    /// What a region holds.
    public enum Kind: String, Sendable, Equatable, Codable {
        /// A face: its box runs from the brow to the chin and cheek to cheek.
        case face
        /// Where the eye is drawn when there is no face: detail, colour, skin.
        case salient
    }

    /// What the region holds.
    public var kind: Kind
    /// The region, in the upright photo's pixels.
    public var box: PixelRect
    /// How sure the locator is, 0…1.
    public var confidence: Double

    /// A region; `confidence` is kept within 0…1 (not a number counts as 0).
    public init(kind: Kind, box: PixelRect, confidence: Double) {
        self.kind = kind
        self.box = box
        self.confidence = confidence.isNaN ? 0 : min(1, max(0, confidence))
    }

    /// `face (x,y,w,h) 0.87`.
    public var description: String {
        "\(kind.rawValue) \(box) \((confidence * 100).rounded() / 100)"
    }
}

/// Finds where the subject of a photo is: faces, or else a salient region.
///
/// Locators run off the main actor while the edit screen waits to show its photo, and are
/// cancelled (Task cancellation) when the session ends first; an answer for a screen the
/// person has left is dropped. PickerImaging's ``AttentionLocator`` runs
/// anywhere, a server included; PickerKitUIKit's runs on Vision; PickerKitTesting's
/// `FakeSubjectLocator` answers what a test says.
public protocol SubjectLocator: Sendable {
    /// The regions of `image`, in its upright pixels (its display orientation): faces largest
    /// first, or one salient region, or none.
    ///
    /// - Throws: `CancellationError` when the task is cancelled; the locator's own errors.
    func regions(in image: any ImageBuffer) async throws -> [SubjectRegion]
}
