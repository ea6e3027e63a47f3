// Swift Testing's cross-import overlay for CoreGraphics. The toolchain's Testing names one for CoreGraphics (on
// Apple platforms it adds image attachments); importing Testing with the surface's CoreGraphics makes
// the compiler look for it. The surface needs nothing from it: it is empty.
