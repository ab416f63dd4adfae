/// One `"key": value` of a JSON object.
public struct JSONMember: Equatable, Sendable {
    public var key: String
    /// Where the key's opening quote is.
    public var keyPosition: TextPosition
    public var value: JSONNode

    public init(key: String, keyPosition: TextPosition, value: JSONNode) {
        self.key = key
        self.keyPosition = keyPosition
        self.value = value
    }
}
