#if canImport(Testing)
import Testing
#endif

/// How fakes fail the running test when they are called in a way no valid flow calls them.
public enum UnexpectedCall {
    /// Reports `message` as an issue of the running Swift Testing test. Outside a test (or
    /// where Swift Testing is not available) it prints the message instead.
    public static func report(
        _ message: String, fileID: String = #fileID, filePath: String = #filePath,
        line: Int = #line, column: Int = #column
    ) {
        #if canImport(Testing)
        if Test.current != nil {
            Issue.record(
                Comment(rawValue: "unexpected call: \(message)"),
                sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
            return
        }
        #endif
        print("PickerKitTesting: unexpected call: \(message)")
    }

    /// Reports `message` as a failure of the running test, or prints it outside one.
    static func reportFailure(_ message: String, fileID: String, filePath: String, line: Int, column: Int) {
        #if canImport(Testing)
        if Test.current != nil {
            Issue.record(
                Comment(rawValue: message),
                sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
            return
        }
        #endif
        print("PickerKitTesting: \(message)")
    }
}
