extension JSONOutput {
    /// A parsed value written back (an edited configuration file, a playlist).
    public init(_ node: JSONNode) {
        switch node.value {
        case .object(let members): self = .object(members.map { ($0.key, JSONOutput($0.value)) })
        case .array(let elements): self = .array(elements.map(JSONOutput.init))
        case .string(let text): self = .string(text)
        case .number(let value): self = .number(value)
        case .bool(let flag): self = .bool(flag)
        case .null: self = .null
        }
    }
}
