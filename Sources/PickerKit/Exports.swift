// PickerKit's API is built on PickerImaging's types (images, sizes, rectangles, masks, the
// output settings): importing PickerKit brings them, so an app needs one import.
@_exported import PickerImaging
