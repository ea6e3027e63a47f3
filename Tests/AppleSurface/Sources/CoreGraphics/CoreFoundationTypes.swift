@_exported import AppleFoundation

// Core Foundation's types, which Core Graphics and ImageIO take and return. On Apple platforms
// they are classes toll-free bridged to Foundation's (`CFString` to `NSString`, `CFDictionary`
// to `NSDictionary`), so `dictionary as CFDictionary` and `string as String` are bridging
// casts. Linux has neither the classes nor the bridging, so here each is its Foundation class:
// the same casts compile and mean the same. What this cannot check: a function Core Foundation
// has for the CF type alone (`CFStringGetLength`) would not be found here; the adapters call none.

/// Apple: `class CFString` (Core Foundation), toll-free bridged to `NSString`.
public typealias CFString = NSString
/// Apple: `class CFDictionary`, toll-free bridged to `NSDictionary`.
public typealias CFDictionary = NSDictionary
/// Apple: `class CFURL`, toll-free bridged to `NSURL`.
public typealias CFURL = NSURL
/// Apple: `class CFData`, toll-free bridged to `NSData`.
public typealias CFData = NSData
/// Apple: `typealias CFTypeRef = AnyObject`.
public typealias CFTypeRef = AnyObject
/// Apple: `class CFMutableData`, toll-free bridged to `NSMutableData`.
public typealias CFMutableData = NSMutableData
