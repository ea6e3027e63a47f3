import Foundation
import PickerFuzzTargets

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzTargets.icc(Data(bytes: data, count: size))
    return 0
}
