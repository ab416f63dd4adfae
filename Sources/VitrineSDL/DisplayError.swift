/// Why the display could not be opened. One line for the user.
public struct DisplayError: Error, CustomStringConvertible {
    public let description: String
}
