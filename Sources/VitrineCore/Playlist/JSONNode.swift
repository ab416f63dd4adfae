/// A parsed JSON value that remembers where it was written, so that a problem
/// found later (a bad duration, an unknown field) can point at its line and column.
public struct JSONNode: Equatable, Sendable {
    public enum Value: Equatable, Sendable {
        /// Members in the order written (duplicates kept, so they can be reported).
        case object([JSONMember])
        case array([JSONNode])
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
    }

    public var value: Value
    public var position: TextPosition

    public init(_ value: Value, at position: TextPosition) {
        self.value = value
        self.position = position
    }

    /// A short name of the value's type, for messages ("a string", "a list").
    public var typeName: String {
        switch value {
        case .object: return "an object"
        case .array: return "a list"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "true or false"
        case .null: return "null"
        }
    }

    public var members: [JSONMember]? {
        if case .object(let members) = value { return members }
        return nil
    }

    public var elements: [JSONNode]? {
        if case .array(let elements) = value { return elements }
        return nil
    }

    public var string: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    public var number: Double? {
        if case .number(let number) = value { return number }
        return nil
    }

    public var bool: Bool? {
        if case .bool(let flag) = value { return flag }
        return nil
    }

    /// The first member called `key`, for objects.
    public subscript(key: String) -> JSONNode? {
        members?.first { $0.key == key }?.value
    }
}
