import Foundation
import PickerKit
import Testing

/// The output settings as an app that imports PickerKit alone sees them.
@Suite("Output settings from PickerKit alone")
struct OutputSettingsTests {
    @Test("the output is named, built, checked and saved without importing PickerImaging")
    func outputFromPickerKitAlone() throws {
        var output = AvatarOutput()
        #expect(output.size == nil && output.maximumDimension == 4096 && output.mask == .square && output.filter == nil)
        output.size = 512
        output.mask = .circle
        var configuration = PickerConfiguration()
        configuration.output = output
        #expect(configuration.problem == nil)
        output.size = AvatarOutput.largestSide + 1
        #expect(output.problem == .invalidConfiguration(.outputSize(10_001)))
        #expect(throws: PickerError.invalidConfiguration(.outputSize(10_001))) { try output.validate() }
        output.size = nil
        output.maximumDimension = 0
        configuration.output = output
        #expect(throws: PickerError.invalidConfiguration(.outputMaximumDimension(0))) { try configuration.validate() }
        let saved = try JSONEncoder().encode(AvatarOutput(size: 256, mask: .circle))
        #expect(try JSONDecoder().decode(AvatarOutput.self, from: saved) == AvatarOutput(size: 256, mask: .circle))
    }
}
