import Foundation
import PickerImaging
import PickerCodecs
import PickerKit
import PickerKitTesting

/// One run of the flow: the real coordinator, PickerKitTesting's fakes as the device.
struct DemoRun {
    var options: DemoOptions
    var progress: (String) -> Void

    /// What the run produced.
    struct Outcome {
        var transcript: [String]
        var cropRect: PixelRect
        /// The straighten angle, degrees clockwise.
        var angle = 0.0
        var photoSize: PixelSize
        var orientation: ImageOrientation
        var avatarSize: PixelSize
        var avatarPath: String
        var previewSize: PixelSize
        var previewPath: String
        var sessionPath: String?
        /// What the edit screen said before Choose: its toolbar and VoiceOver's description.
        var editScreen: [String] = []
    }

    enum Failure: Error, CustomStringConvertible {
        case unreadable(String, String)
        case unwritable(String, String)
        case noResult([String])

        var description: String {
            switch self {
            case let .unreadable(path, why): "cannot read \(path): \(why)"
            case let .unwritable(path, why): "cannot write \(path): \(why)"
            case let .noResult(transcript): "the session ended without a photo: \(transcript.last ?? "")"
            }
        }
    }

    @MainActor
    func run() async throws -> Outcome {
        let photo = try options.image.map(load) ?? Self.builtInPhoto()
        let strings = PickerStrings(language: options.language, locale: Locale(identifier: options.languageTag))
        var configuration = PickerConfiguration()
        configuration.chooserTitles = SourceChooserTitles(strings)
        configuration.editor.shape = options.shape
        configuration.editor.initialFraming = options.framing
        configuration.output.size = options.size
        configuration.output.mask = options.shape == .circle ? .circle : .square
        let scenario = PickerScenario(items: [.image("IMG_0001", photo)], configuration: configuration, exhaustivity: .off)
        scenario.camera.defaultPhoto = photo

        try await openEditor(scenario, warmUp: configuration.camera.warmUp)
        try edit(scenario)
        guard let geometry = scenario.picker.editorGeometry, let editing = scenario.picker.editing else {
            throw Failure.noResult(scenario.transcript.lines)
        }
        let said = Self.editScreen(editing, strings: strings)
        // The edit screen is an output of its own: it renders and encodes on another thread
        // while the flow goes on (as a device draws it while the person taps Choose). A throw
        // below cancels it and waits for it; the files are written in order once both are done.
        async let screen = Self.editScreenPNG(of: photo, geometry: geometry, output: configuration.output)
        scenario.user.tapChoose()
        await scenario.settle()
        guard let result = scenario.delegate.lastResult, let crop = result.cropRect,
            let avatar = result.editedImage as? PixelBuffer
        else { throw Failure.noResult(scenario.transcript.lines) }
        // A .jpg or .jpeg name gets a JPEG file (a circle's corners white), anything else PNG.
        let jpeg = ["jpg", "jpeg"].contains(URL(fileURLWithPath: options.output).pathExtension.lowercased())
        let avatarFile = jpeg ? try JPEG.encode(avatar, options: .init(quality: 90)) : PNG.encode(avatar)
        let (screenSize, screenFile) = try await screen
        try Self.write(avatarFile, to: options.output)
        try Self.write(screenFile, to: options.preview)
        if let path = options.saveSession {
            guard let session = result.editSession else { throw Failure.noResult(scenario.transcript.lines) }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try Self.write(try encoder.encode(session), to: path)
        }
        return Outcome(
            transcript: scenario.transcript.lines, cropRect: crop, angle: geometry.angle, photoSize: photo.displaySize,
            orientation: photo.orientation, avatarSize: avatar.displaySize, avatarPath: options.output,
            previewSize: screenSize, previewPath: options.preview, sessionPath: options.saveSession, editScreen: said)
    }

    /// Chooses the source and picks the photo (or takes it), up to the edit screen.
    @MainActor
    private func openEditor(_ scenario: PickerScenario, warmUp: Duration) async throws {
        try scenario.picker.chooseSource()
        switch options.source {
        case .library: scenario.user.chooseSource(.photoLibrary)
        case .saved: scenario.user.chooseSource(.savedPhotosAlbum)
        case .camera: scenario.user.chooseSource(.camera)
        }
        await scenario.settle()
        if options.source == .camera {
            scenario.user.tapShutter()
            // The demo's clock is manual: once the shutter waits out the warm-up, move it on.
            for _ in 0..<1_000 where scenario.clock.sleeperCount == 0 { await Task.yield() }
            scenario.clock.advance(by: warmUp)
        } else {
            scenario.user.pickItem(at: 0)
        }
        await scenario.settle()
    }

    /// The edits the options ask for, as the person makes them on the edit screen.
    @MainActor
    private func edit(_ scenario: PickerScenario) throws {
        guard let start = scenario.picker.editorGeometry else { throw Failure.noResult(scenario.transcript.lines) }
        for transform in options.transforms { scenario.user.gesture(.transform(transform)) }
        if let aspect = options.aspect { scenario.user.gesture(.aspect(aspect)) }
        if let angle = options.angle { scenario.user.straighten(to: angle) }
        // Framed on the person, the framing stays unless a zoom or pan was asked for.
        guard options.pinch != 1 || options.move != .zero else { return }
        scenario.user.gesture(.pinch(scale: options.pinch, focus: start.maskRect.center))
        scenario.user.gesture(.pan(options.move))
        scenario.user.gesture(.ended)
    }

    /// What the edit screen says in `strings`: the language and its direction, the toolbar's
    /// titles in reading order (leading first: rightmost in a right-to-left language; a control
    /// that cannot be used now in brackets), and what VoiceOver reads for the photo.
    static func editScreen(_ editing: EditingStep, strings: PickerStrings) -> [String] {
        let direction = strings.language.isRightToLeft ? "right to left" : "left to right"
        let controls = editing.controls(strings: strings).map { $0.isEnabled ? $0.title : "[\($0.title)]" }
        let spoken = editing.geometry.accessibility(in: strings)
        return [
            "edit screen in \(strings.language) (\(direction)):",
            "  toolbar: \(controls.joined(separator: " | "))",
            "  VoiceOver: \(spoken.label): \(spoken.value)",
            "  VoiceOver actions: \(spoken.actions.map { $0.name(in: strings) }.joined(separator: " | "))",
        ]
    }

    /// The photo at `path`: a JPEG or PNG kept as its file (only its header is read), a Netpbm
    /// file decoded.
    private func load(_ path: String) throws -> any ImageBuffer {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw Failure.unreadable(path, (error as NSError).localizedDescription)
        }
        progress("decoding \(path) (\(data.count / 1024) KiB)…")
        let started = Date()
        do {
            if let file = try? EncodedImage(data) {
                progress("read the header: \(file.displaySize) shown")
                return file
            }
            let photo = try ImageFileFormat.decode(data)
            progress("decoded \(photo.displaySize) in \(String(format: "%.2f", Date().timeIntervalSince(started))) s")
            return photo
        } catch ImagingError.unknownFormat {
            let name = ImageFileFormat.unsupportedName(sniffing: data).map { "a \($0) file" } ?? "not an image file"
            throw Failure.unreadable(path, "\(name): PNG, JPEG, PPM, PGM and PAM are read")
        } catch {
            throw Failure.unreadable(path, "\(error)")
        }
    }

    /// The edit screen as the person last saw it, and its PNG file. A photo kept as its file
    /// is shown from a reduced copy, as a device shows a large photo: no full decode.
    @concurrent
    private static func editScreenPNG(
        of photo: any ImageBuffer, geometry: EditorGeometry, output: AvatarOutput
    ) async throws -> (size: PixelSize, file: Data) {
        let renderer = EditorRenderer(scale: 2)
        let screen: PixelBuffer
        if let file = photo as? EncodedImage {
            let side = Int((max(geometry.configuration.viewport.width, geometry.configuration.viewport.height) * renderer.scale).rounded(.up))
            let reduced = try file.preview(longerSide: side)
            screen = try renderer.render(EditSession(geometry: geometry, output: output).resized(for: reduced).geometry, image: reduced)
        } else {
            screen = try renderer.render(geometry, image: try photo.pixelBuffer()!)
        }
        return (screen.displaySize, PNG.encode(screen))
    }

    private static func write(_ data: Data, to path: String) throws {
        do { try data.write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
            throw Failure.unwritable(path, (error as NSError).localizedDescription)
        }
    }

    /// A 640×480 landscape photo, drawn: sky over grass, and a smiling face a little right of
    /// centre, so a turn or a bad crop shows at once.
    static func builtInPhoto() throws -> PixelBuffer {
        var photo = try PixelBuffer(width: 640, height: 480)
        for y in 0..<480 {
            for x in 0..<640 {
                var p = y < 330 ? RGBA(UInt8(70 + y / 3), UInt8(130 + y / 4), 235) : RGBA(70, UInt8(190 - (y - 330) / 2), 60)
                let fx = x - 350, fy = y - 230
                let face = fx * fx + fy * fy
                if face < 140 * 140 { p = RGBA(240, 196, 150) }
                for ex in [-50, 50] where (fx - ex) * (fx - ex) + (fy + 35) * (fy + 35) < 18 * 18 { p = RGBA(50, 40, 35) }
                let smile = fx * fx + (fy - 10) * (fy - 10)
                if fy > 30 && smile > 70 * 70 && smile < 84 * 84 && abs(fx) < 70 { p = RGBA(170, 50, 60) }
                photo[x, y] = p
            }
        }
        return photo
    }
}
