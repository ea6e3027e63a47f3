// The seeded generator tests share (`SeededRandomNumberGenerator`) lives in a module of its own
// so that the imaging and codec tests need none of PickerKit; host apps get it from here.
@_exported import ImagingTestSupport
