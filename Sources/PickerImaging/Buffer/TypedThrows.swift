extension Array {
    /// `withUnsafeBufferPointer(_:)` whose error is the one `body` throws.
    ///
    /// The standard library's own keeps `body`'s error type from Swift 6 on; the Swift 5 library
    /// of iOS 16's SDK rethrows `any Error`, which a function that throws one type cannot pass
    /// on. This reads the same with both (`scripts/check-ios-sdk.sh` compiles against the older).
    package func withUnsafeElements<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<Element>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        var failure: Failure?
        let result: Result? = withUnsafeBufferPointer { buffer in
            do throws(Failure) {
                return try body(buffer)
            } catch {
                failure = error
                return nil
            }
        }
        if let failure { throw failure }
        // `body` returned, so `result` holds what it returned (itself `nil` when `Result` is an
        // optional that `body` left empty: the outer optional is what is unwrapped here).
        return result.unsafelyUnwrapped
    }
}
