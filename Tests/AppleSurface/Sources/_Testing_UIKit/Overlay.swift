// Swift Testing's cross-import overlay for UIKit. The toolchain's Testing names one for UIKit (on
// Apple platforms it adds image attachments); importing Testing with the surface's UIKit makes
// the compiler look for it. The surface needs nothing from it: it is empty.
