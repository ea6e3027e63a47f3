import Foundation
import PickerKit
import PickerImaging
import PickerCodecs

/// The demo's command line.
struct DemoOptions: Equatable {
    enum Source: String { case library, camera, saved }

    var image: String?
    var shape = CropShape.circle
    var zoom = 1.25
    var pan = CGPoint(x: -12, y: 6)
    /// Where the edit screen opens: centred, or framed on the person (`--framing subject`).
    var framing = InitialFraming.centre
    /// Whether `--zoom` and `--pan` were given: framed on the person, the demo keeps the
    /// framing unless they were.
    var zoomGiven = false, panGiven = false
    var size = 512
    var output = "avatar.png"
    var preview = "editor.png"
    /// Where to write the edit the run made, as the session's JSON.
    var saveSession: String?
    var source = Source.library
    var help = false
    /// Measures how long Choose holds the main actor instead of running the flow.
    var benchChoose = false
    /// Measures what a touch move costs the edit screen instead of running the flow.
    var benchGestures = false
    /// What the person picks: a photo (the avatar flow) or a movie (the movie flow, exported).
    var pick = Pick.photo
    enum Pick: String { case photo, movie }
    /// Turns and flips made on the edit screen before the pinch, in order.
    var transforms: [DisplayTransform] = []
    /// The aspect preset switched to on the edit screen (with a rectangle mask).
    var aspect: AspectPreset?
    /// The straighten angle set on the edit screen, degrees clockwise.
    var angle: Double?
    /// The language the screens speak, and the tag it was asked for by: its locale writes the
    /// numbers (`ar-EG`: Arabic-Indic digits).
    var language = PickerStrings.Language.english
    var languageTag = "en"

    static let usage = """
        usage: avatar-demo [--image PATH] [--framing centre|subject] [--shape circle|square|rectangle]
                           [--zoom Z] [--pan DX,DY]
                           [--flip h|v] [--turn 90|180|270] [--angle DEGREES] [--aspect original|square|W:H]
                           [--size N] [--output PATH] [--preview PATH] [--save-session PATH]
                           [--source library|camera|saved] [--language TAG] [--pick photo|movie] [--help]
               avatar-demo --bench-choose
               avatar-demo --bench-gestures

        Runs the profile-photo flow headless: source chooser, the source, a pick (or the
        shutter), the edit screen with any --flip, --turn (clockwise), --angle (straighten,
        -45...45 degrees clockwise) and --aspect (for --shape rectangle), a pinch by --zoom and a
        pan by --pan points, Choose.
        Writes the avatar (--output, default avatar.png; a .jpg name writes JPEG) and the
        rendered edit screen (--preview, default editor.png), and prints the session's
        transcript. --save-session writes the edit (an EditSession's JSON, with its render
        recipe), which picker-image apply --session renders again from the same photo.
        --image takes JPEG, PNG, PPM, PGM or PAM (told apart by content); the EXIF
        orientation of a JPEG or PNG is honoured. A JPEG or PNG is kept as its file
        (EncodedImage): the avatar decodes only the crop's region, the edit screen a reduced copy.
        Without --image it uses a built-in photo.
        --framing subject opens the edit screen framed on the person PickerKit's pure-Swift
        locator finds (the face centred across, the eyes near the upper third, the face 40 %
        of the crop's height; else the salient region; else the centre), and keeps that
        framing unless --zoom or --pan is given; --framing centre (the default) opens centred.
        --language shows the chooser, the edit screen and VoiceOver in a language PickerKit
        ships (de, ar, ja, zh-Hant, pt-BR, …; default en), its numbers written for the tag as
        given (ar-EG: Arabic-Indic digits). The run prints the edit screen's toolbar in reading
        order and VoiceOver's description of the photo.
        --pick movie runs the movie flow instead: a 40 s movie picked from the library, kept to
        20 s by the trim handles (5 s to 25 s), Choose, and the kept part exported at medium
        quality by PickerKitTesting's exporter (which writes a stand-in file, then deleted); it
        prints the transcript, the export included.
        --bench-choose measures, on a 12 MP photo, the longest span the main actor is held
        during Choose (run it in a release build: swift run -c release avatar-demo --bench-choose).
        --bench-gestures replays a 300-move pinch, pan and straighten on the edit screen over a
        12 MP photo and prints the main actor's time per move (median, 99th percentile) and the
        pixel operations on the main thread, moving layers and repainting side by side.
        """

    /// A mistake in the arguments.
    struct Mistake: Error, Equatable {
        var message: String
    }

    init() {}

    init(parsing arguments: [String]) throws(Mistake) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            func value() throws(Mistake) -> String {
                guard let next = rest.popFirst(), !next.hasPrefix("--") else { throw Mistake(message: "\(argument) needs a value") }
                return next
            }
            if try readRun(argument, value) { continue }
            if try readEdit(argument, value) { continue }
            throw Mistake(message: "unknown argument '\(argument)'")
        }
    }

    /// Reads `argument` (and its value) when it says what to run and how: `true` when it does.
    private mutating func readRun(_ argument: String, _ value: () throws(Mistake) -> String) throws(Mistake) -> Bool {
        switch argument {
        case "--help", "-h": help = true
        case "--bench-choose": benchChoose = true
        case "--bench-gestures": benchGestures = true
        case "--pick":
            let text = try value()
            guard let kind = Pick(rawValue: text) else { throw Mistake(message: "--pick is photo or movie, not '\(text)'") }
            pick = kind
        case "--image": image = try value()
        case "--output": output = try value()
        case "--preview": preview = try value()
        case "--save-session": saveSession = try value()
        case "--size":
            let text = try value()
            guard let n = Int(text), (1...4096).contains(n) else { throw Mistake(message: "--size is 1...4096, not '\(text)'") }
            size = n
        case "--source":
            let text = try value()
            guard let s = Source(rawValue: text) else { throw Mistake(message: "--source is library, camera or saved, not '\(text)'") }
            source = s
        case "--language":
            let tag = try value()
            guard let shipped = PickerStrings.Language.shipped(matching: tag) else {
                let names = PickerStrings.Language.shipped.map(\.rawValue).joined(separator: ", ")
                throw Mistake(message: "--language is one PickerKit ships (\(names)), not '\(tag)'")
            }
            language = shipped
            languageTag = tag
        default: return false
        }
        return true
    }

    /// Reads `argument` (and its value) when it is one of the edits: `true` when it is.
    private mutating func readEdit(_ argument: String, _ value: () throws(Mistake) -> String) throws(Mistake) -> Bool {
        switch argument {
        case "--shape":
            switch try value() {
            case "circle": shape = .circle
            case "square": shape = .square
            case "rectangle": shape = .rectangle(aspectRatio: 4.0 / 3)
            case let other: throw Mistake(message: "--shape is circle, square or rectangle, not '\(other)'")
            }
        case "--flip":
            switch try value() {
            case "h": transforms.append(.flipHorizontal)
            case "v": transforms.append(.flipVertical)
            case let other: throw Mistake(message: "--flip is h or v, not '\(other)'")
            }
        case "--turn":
            let text = try value()
            guard let degrees = Int(text), [90, 180, 270].contains(degrees) else {
                throw Mistake(message: "--turn is 90, 180 or 270, not '\(text)'")
            }
            transforms += Array(repeating: .turnRight, count: degrees / 90)
        case "--aspect":
            let text = try value()
            switch text {
            case "original": aspect = .original
            case "square": aspect = .square
            default:
                let parts = text.split(separator: ":").compactMap { Double($0) }
                guard parts.count == 2, parts.allSatisfy({ $0.isFinite && $0 > 0 }) else {
                    throw Mistake(message: "--aspect is original, square or W:H, not '\(text)'")
                }
                aspect = .ratio(parts[0], parts[1])
            }
        case "--angle":
            let text = try value()
            guard let degrees = Double(text), degrees.isFinite, abs(degrees) <= 45 else {
                throw Mistake(message: "--angle is -45...45 degrees, not '\(text)'")
            }
            angle = degrees
        case "--zoom":
            let text = try value()
            guard let z = Double(text), z.isFinite, z > 0 else { throw Mistake(message: "--zoom is a positive number, not '\(text)'") }
            zoom = z
            zoomGiven = true
        case "--pan":
            let text = try value()
            let parts = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 2, let dx = parts[0], let dy = parts[1], dx.isFinite, dy.isFinite else {
                throw Mistake(message: "--pan is DX,DY in points, not '\(text)'")
            }
            pan = CGPoint(x: dx, y: dy)
            panGiven = true
        case "--framing":
            let text = try value()
            guard let chosen = InitialFraming(rawValue: text) else {
                throw Mistake(message: "--framing is centre or subject, not '\(text)'")
            }
            framing = chosen
        default: return false
        }
        return true
    }
}

extension DemoOptions {
    /// The pinch the demo makes: `--zoom`, or none when the screen opened framed on the
    /// person and no zoom was given.
    var pinch: Double { framing == .subject && !zoomGiven ? 1 : zoom }
    /// The pan the demo makes: `--pan`, or none when framed on the person and none was given.
    var move: CGPoint { framing == .subject && !panGiven ? .zero : pan }
}
