/// Which uniform types conform to which, for the types the surface's files have: the part of
/// the system's type tree that item providers and `UTType` need.
public enum TypeTree {
    /// Each type's parents.
    static let parents: [String: [String]] = [
        "public.jpeg": ["public.image"],
        "public.png": ["public.image"],
        "public.heic": ["public.heif-standard"],
        "public.heif-standard": ["public.image"],
        "com.compuserve.gif": ["public.image"],
        "public.image": ["public.data", "public.content"],
        "com.apple.live-photo": ["public.item"],
        "com.apple.quicktime-movie": ["public.movie"],
        "public.mpeg-4": ["public.movie"],
        "public.movie": ["public.audiovisual-content"],
        "public.audiovisual-content": ["public.data", "public.content"],
        "public.data": ["public.item"],
        "public.content": [],
        "public.item": [],
    ]

    /// The file name extensions of the types that have one.
    public static let extensions: [String: String] = [
        "public.jpeg": "jpeg", "public.png": "png", "public.heic": "heic", "com.compuserve.gif": "gif",
        "com.apple.quicktime-movie": "mov", "public.mpeg-4": "mp4",
    ]

    /// Whether `type` is `parent` or descends from it.
    public static func conforms(_ type: String, to parent: String) -> Bool {
        if type == parent { return true }
        return (parents[type] ?? []).contains { conforms($0, to: parent) }
    }

    /// Whether the tree knows `type`.
    public static func knows(_ type: String) -> Bool { parents[type] != nil }
}
