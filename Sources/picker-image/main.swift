import Foundation
import PickerImaging
import PickerCodecs

/// `picker-image`: crop, scale and mask profile photos from the command line.
let usage = """
    usage: picker-image crop --rect X,Y,W,H|--framing subject --size N|WxH
                             [--filter area|bilinear|lanczos]
                             [--mask circle|none] [--orientation auto|1...8]
                             [--flip h|v] [--turn 0|90|180|270] [--angle DEGREES]
                             [--quality 1...100] [--chroma 444|420] [--optimize]
                             [--background RRGGBB] [--to-srgb] IN OUT
           picker-image apply --session EDIT.json [--size N[,N...]] [--to-srgb]
                              [--quality 1...100] [--chroma 444|420] [--optimize]
                              [--background RRGGBB] IN --output OUT
           picker-image info FILE
           picker-image frame [--aspect W:H] [--regions] IMAGE
           picker-image bench [--json] [--runs N] [--only PREFIX,...] [--filter F] [--jpeg DIR] [--reference FILE]
    Input is JPEG, PNG, PPM, PGM or PAM, told apart by content; output is PNG, JPEG (.jpg),
    PPM, PGM or PAM by extension. --angle straightens the crop: the rect turned clockwise
    about its centre, filtered; what falls off the image is transparent. A JPEG is written at
    --quality (90), --chroma (420), with Huffman tables fitted to it under --optimize, and
    transparent pixels (a circle mask's corners) over --background (FFFFFF). The output keeps
    the input's colour profile (ICC in PNG and JPEG, PNG's sRGB, gAMA and cHRM); --to-srgb
    converts it to sRGB instead (a profile that cannot be converted is kept, with a warning).
    frame prints the crop the edit screen opens with under subject framing (the face centred
    across, the eyes near the upper third, the face 40 % of the height; else the salient
    region; else the centre), a square unless --aspect, in the upright photo's pixels, as
    frame: X,Y,W,H; --regions then lists the faces or salient region found. crop --framing
    subject renders that crop, of the --size's shape.
    apply renders a saved edit (an EditSession's JSON, as avatar-demo --save-session writes
    it, or a bare RenderRecipe) from the original IN, at the edit's size or each --size (the
    longer side), decoding IN once; with several sizes OUT names them with {size}.
    bench times the reference workload (--jpeg DIR: decoding the files reference.py --jpeg
    writes there), on one thread and on every core; --reference FILE (reference.py's --json
    output for the same workload) prints each row beside Pillow's, OpenCV's and libvips'
    figures with the ratios, and the project's goal where it has one.
    """

do {
    let exitCode = try Command.run(Array(CommandLine.arguments.dropFirst()))
    exit(exitCode)
} catch let error as UsageError {
    FileHandle.standardError.write(Data("picker-image: \(error.message)\n\(usage)\n".utf8))
    exit(2)
} catch {
    FileHandle.standardError.write(Data("picker-image: \(error)\n".utf8))
    exit(1)
}
