import Foundation
import PickerImaging

try Bench(runs: 7, json: CommandLine.arguments.contains("--json")).run()
